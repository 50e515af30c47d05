-- add_hub {hub_id, name, city?}: admin only; new hubs get type 'hub' (spec 5) ---------------
create or replace function public.cmd_add_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_city text;
  v_id uuid;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_name := public.cmd_req_text(p, 'name', 'hubNameRequired');
  v_city := public.cmd_opt_text(p, 'city');
  v_id := public.cmd_uuid(p, 'hub_id', 'invalidCommand');
  perform public.cmd_require_new_id('hubs', v_id);
  begin
    insert into public.hubs (id, name, city, type) values (v_id, v_name, v_city, 'hub');
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateHub', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_hub(public.command_context, jsonb) from public, anon, authenticated;

-- edit_hub {hub_id, changes: {name?, city?, blind_count?, serial_tracking?}}: admin only ------
create or replace function public.cmd_edit_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  c jsonb;
  v_name text;
  v_blind boolean;
  v_serials boolean;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  c := public.cmd_changes(p);
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'hubNameRequired');
  end if;
  if c ? 'blind_count' then
    if jsonb_typeof(c -> 'blind_count') <> 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_blind := (c ->> 'blind_count')::boolean;
  end if;
  -- Issue 42: the hub handles its TVs by serial number.
  if c ? 'serial_tracking' then
    if jsonb_typeof(c -> 'serial_tracking') <> 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_serials := (c ->> 'serial_tracking')::boolean;
  end if;
  perform 1 from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  begin
    update public.hubs
       set name = coalesce(v_name, name),
           city = case when c ? 'city' then public.cmd_opt_text(c, 'city') else city end,
           blind_count = coalesce(v_blind, blind_count),
           serial_tracking = coalesce(v_serials, serial_tracking)
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateHub', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_edit_hub(public.command_context, jsonb) from public, anon, authenticated;

-- delete_hub {hub_id}: admin only; soft; refused while anything still hangs on it -----------
create or replace function public.cmd_delete_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  hub public.hubs;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  select * into hub from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  if exists (select 1 from public.warehouses where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasWarehouses', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.vehicles where current_hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasVehicles', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.shipments
             where not selesai_bongkar and not deleted
               and v_id in (origin_hub_id, destination_hub_id, current_hub_id)) then
    perform public.cmd_reject('precondition',
      'hubHasShipments', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.profiles where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasUsers', jsonb_build_object('name', hub.name));
  end if;
  -- Issue 42: a TV unit in stock (or held damaged) at the hub would be left at a deleted hub.
  if exists (select 1 from public.tv_units where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasUnits', jsonb_build_object('name', hub.name));
  end if;
  update public.hubs set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_hub(public.command_context, jsonb) from public, anon, authenticated;
