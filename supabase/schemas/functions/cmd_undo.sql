-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands end with undo_keep_images (cmd_vehicle_queue.sql, cmd_arrival.sql,
-- cmd_pod.sql). Device twin: sync/commands/undo.ts.

-- Called last by each floor command: p_rows = [{t, id, before, after?}] in lock order; a row without its after
-- image is read as it is now; a row that is not there and was not before is left out. The
-- images go back to apply_commands (dermaga.images; apply_commands.sql, note 6.), which writes them.
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
  i integer;
begin
  if ctx.command_id is null then
    return;
  end if;
  -- (An index loop: simple expressions, no query to start for each command.)
  for i in 0 .. jsonb_array_length(p_rows) - 1 loop
    e := p_rows -> i;
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  -- One command, one images row (the table's primary key refused a second).
  if coalesce(current_setting('dermaga.images', true), '') <> '' then
    raise exception 'images of command % kept twice', ctx.command_id using errcode = '23505';
  end if;
  perform set_config('dermaga.images', to_jsonb(imgs)::text, true);
end;
$$;

revoke execute on function public.undo_keep_images(public.command_context, jsonb) from public, anon, authenticated;

-- One image as a {t, id, before} element of undo_keep_images' list (with its after image
-- when the command has it at hand: an UPDATE's RETURNING, no look-up).
create or replace function public.undo_img(p_table text, p_id uuid, p_before jsonb, p_after jsonb default null)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('t', p_table, 'id', p_id, 'before', coalesce(p_before, 'null'::jsonb))
         || case when p_after is null then '{}'::jsonb else jsonb_build_object('after', p_after) end
$$;

revoke execute on function public.undo_img(text, uuid, jsonb, jsonb) from public, anon, authenticated;


-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'undoNotFound');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  moved jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'undoNotFound');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'undoOnlyActor');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'forbiddenHub');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'undoAlreadyDone');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it
  -- (a receipt's TV units, up to 500: below, in one statement each).
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    continue when tbl = 'tv_units';
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      moved := public.undo_moved_on(tbl, cur);
      perform public.cmd_reject('conflict', moved ->> 'key', moved -> 'params');
    end if;
  end loop;
  perform public.undo_units_check(rec.images);
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    continue when tbl = 'tv_units';
    if jsonb_typeof(e -> 'before') is distinct from 'object' then
      -- A row the command made (an unloading's stock row): it goes, as a tombstone.
      execute format('update public.%I set deleted = true where id = $1', tbl) using rid;
      if tbl = 'inventory' then
        warehouses := warehouses || (e -> 'after' ->> 'warehouse_id')::uuid;
      end if;
    else
      -- The columns the command changed, back to what they were.
      select string_agg(format('%I = r.%I', k, k), ', ') into sets
      from jsonb_object_keys(e -> 'before') k
      where k not in ('id', 'updated_at', 'change_xid', 'created_at')
        and (e -> 'before' -> k) is distinct from (e -> 'after' -> k);
      if sets is not null then
        execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                       tbl, sets, tbl)
          using e -> 'before', rid;
      end if;
    end if;
  end loop;
  -- Stock booked by the step and shipped out since cannot be taken back.
  if exists (select 1 from public.inventory i
             where i.warehouse_id = any (warehouses) and not i.deleted
             group by i.warehouse_id
             having sum(i.smartboard_quantity) < 0 or sum(i.bracket_quantity) < 0) then
    perform public.cmd_reject('conflict', 'undoStockUsed');
  end if;
  -- Issue 42: a receipt's units back on the shipment as they were, and an 'undone' event each.
  update public.tv_units t set state = b.state, hub_id = b.hub_id, shipment_id = b.shipment_id
  from (select (jsonb_populate_record(null::public.tv_units, x.value -> 'before')).*
        from jsonb_array_elements(rec.images) x where x.value ->> 't' = 'tv_units') b
  where t.id = b.id;
  perform public.cmd_serials_undone(ctx, target);
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

revoke execute on function public.cmd_undo_command(public.command_context, jsonb) from public, anon, authenticated;

-- Undo of a counted completion: its receipt and discrepancies are rows the command made;
-- undo_command tombstones them with its stock rows, and refuses once a discrepancy was
-- resolved. The three helpers below know the tables. By serial (issue 42) its TV units are
-- rows it changed: each must still be as the completion left it (a unit received into stock
-- and loaded again since refuses the undo: undoStockChanged).

-- A receipt's units (images of tv_units), locked in serial order and each as the command
-- left it; refused like any row that moved on.
create or replace function public.undo_units_check(p_images jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  moved jsonb;
begin
  perform 1 from public.tv_units t
  where t.id in (select (e ->> 'id')::uuid from jsonb_array_elements(p_images) e where e ->> 't' = 'tv_units')
  order by t.serial for update;
  select public.undo_moved_on('tv_units', to_jsonb(t)) into moved
  from jsonb_array_elements(p_images) e
  left join public.tv_units t on t.id = (e ->> 'id')::uuid
  where e ->> 't' = 'tv_units'
    and (t.id is null or public.undo_norm('tv_units', to_jsonb(t)) is distinct from public.undo_norm('tv_units', e -> 'after'))
  limit 1;
  if moved is not null then
    perform public.cmd_reject('conflict', moved ->> 'key', moved -> 'params');
  end if;
end;
$$;

revoke execute on function public.undo_units_check(jsonb) from public, anon, authenticated;

-- A floor row as jsonb (null when there is none).
create or replace function public.undo_row(p_table text, p_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  case p_table
    when 'vehicles' then select to_jsonb(t) into r from public.vehicles t where t.id = p_id;
    when 'shipments' then select to_jsonb(t) into r from public.shipments t where t.id = p_id;
    when 'inventory' then select to_jsonb(t) into r from public.inventory t where t.id = p_id;
    when 'shipment_receipts' then select to_jsonb(t) into r from public.shipment_receipts t where t.id = p_id;
    when 'discrepancies' then select to_jsonb(t) into r from public.discrepancies t where t.id = p_id;
    when 'tv_units' then select to_jsonb(t) into r from public.tv_units t where t.id = p_id;
  end case;
  return r;
end;
$$;

revoke execute on function public.undo_row(text, uuid) from public, anon, authenticated;

-- A row's values as this session writes them, without what the server stamps on every write.
create or replace function public.undo_norm(p_table text, p jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'vehicles' then to_jsonb(jsonb_populate_record(null::public.vehicles, p))
    when 'shipments' then to_jsonb(jsonb_populate_record(null::public.shipments, p))
    when 'inventory' then to_jsonb(jsonb_populate_record(null::public.inventory, p))
    when 'shipment_receipts' then to_jsonb(jsonb_populate_record(null::public.shipment_receipts, p))
    when 'discrepancies' then to_jsonb(jsonb_populate_record(null::public.discrepancies, p))
    when 'tv_units' then to_jsonb(jsonb_populate_record(null::public.tv_units, p))
  end - 'updated_at' - 'change_xid'
$$;

revoke execute on function public.undo_norm(text, jsonb) from public, anon, authenticated;

-- The plain refusal when a row moved on since the command: {key, params}.
create or replace function public.undo_moved_on(p_table text, p_row jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when p_row is null then jsonb_build_object('key', 'undoRowGone')
    when p_table = 'shipments' then jsonb_build_object('key', 'undoShipmentMoved', 'params', jsonb_build_object(
      'batch', p_row ->> 'batch_number',
      'status', coalesce((select s.label from public.shipment_statuses s where s.key = p_row ->> 'status'),
                         p_row ->> 'status')))
    when p_table = 'vehicles' then jsonb_build_object('key', 'undoVehicleChanged',
      'params', jsonb_build_object('plate', p_row ->> 'license_plate'))
    when p_table = 'discrepancies' then jsonb_build_object('key', 'handover.undoDiscrepancyResolved')
    when p_table = 'shipment_receipts' then jsonb_build_object('key', 'handover.undoCountChanged')
    else jsonb_build_object('key', 'undoStockChanged')
  end
$$;

revoke execute on function public.undo_moved_on(text, jsonb) from public, anon, authenticated;
