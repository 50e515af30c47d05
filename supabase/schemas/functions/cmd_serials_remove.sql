-- A serial registered by mistake, taken back (server side). Device twin: removeSerials in
-- sync/commands/serials.ts (the same checks in the same order, with the same keys).
--
-- register_serials is not undoable, and a serial is unique in the company: before this, a
-- mistyped serial stayed in the hub's stock for ever (no one could load it, since no TV
-- carries it), and a serial registered at the wrong hub kept the TV from being registered
-- where it is. Now:
--
-- * remove_serials {hub_id, units: [{unit_id, serial}]} (1 to 500): admin, or a hub user of
--   that hub (tower control does not keep stock). Each unit names its serial as the device
--   shows it, so the trail says which serials were taken back, and the server checks it: a
--   serial that is not that unit's is refused. Refusals, in order: the caller (forbidden), the
--   hub (hubNotFound), the list (invalidCommand: not a non-empty list of {unit_id, serial} with
--   distinct ids; serial.tooMany {max}), then each unit in list order: no such unit, or not
--   the serial named (not_found, invalidCommand), not in this hub's stock now
--   (serial.notInStock {serial}: removed already, loaded, or at another hub), ever moved since
--   it was registered (serial.removeMoved {serial}: a unit that travelled on a shipment is a
--   real TV; its path stays): tv_units.moved, set when the unit is first loaded, which the
--   devices hold too. A receipt that only listed its serial as found in a truck ('unexpected',
--   which moves nothing) does not count: any receiving hub could otherwise keep another hub's
--   mistaken serial from being taken back.
-- * Each unit is soft-deleted where it stands (in_stock at the hub) with a 'removed' event
--   (the history keeps the mistake and who took it back); its serial is free again (the
--   unique index tv_units_serial_live_key holds the live units only), so the right serial,
--   or the same one at the right hub, can be registered. Not undoable: registering again is
--   the way back.
-- * The units are locked (FOR UPDATE) before they are checked, in serial order as the shipping
--   forms, receipts and undo lock them (no deadlock between them): of a removal and a shipping
--   form loading the same unit, the first wins and the other is refused serial.notInStock,
--   writing nothing.
create or replace function public.cmd_remove_serials(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid;
  hub public.hubs;
  list jsonb := p -> 'units';
  n integer;
  i integer;
  ids uuid[] := '{}';
  serials text[] := '{}';
  u public.tv_units;
begin
  perform public.cmd_require_role(ctx, array['admin', 'hub_user']);
  v_hub_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  perform public.cmd_require_hub(ctx, v_hub_id);
  hub := public.cmd_hub(v_hub_id);
  if jsonb_typeof(list) is distinct from 'array' or jsonb_array_length(list) = 0 then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  n := jsonb_array_length(list);
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  for i in 0 .. n - 1 loop
    if jsonb_typeof(list -> i) is distinct from 'object' or jsonb_typeof(list -> i -> 'serial') is distinct from 'string' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    ids := ids || public.cmd_uuid(list -> i, 'unit_id', 'invalidCommand');
    serials := serials || public.cmd_serial_normal(list -> i ->> 'serial');
    if ids[i + 1] = any (ids[1:i]) then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
  end loop;
  perform 1 from public.tv_units t where t.id = any (ids) order by t.serial for update;
  for i in 1 .. n loop
    select * into u from public.tv_units t where t.id = ids[i];
    if not found or u.serial is distinct from serials[i] then
      perform public.cmd_reject('not_found', 'invalidCommand');
    end if;
    if u.deleted or u.state <> 'in_stock' or u.hub_id is distinct from v_hub_id then
      perform public.cmd_reject('precondition', 'serial.notInStock', jsonb_build_object('serial', u.serial));
    end if;
    if u.moved then
      perform public.cmd_reject('precondition', 'serial.removeMoved', jsonb_build_object('serial', u.serial));
    end if;
  end loop;
  update public.tv_units t set deleted = true where t.id = any (ids);
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select t.id, t.serial, 'removed', v_hub_id, null, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_units t where t.id = any (ids);
  return v_hub_id;
end;
$$;

revoke execute on function public.cmd_remove_serials(public.command_context, jsonb) from public, anon, authenticated;
