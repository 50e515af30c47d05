-- Issue 42: delete_hub is refused while a TV unit by serial is at the hub (hubHasUnits); the
-- current definition is supabase/schemas/functions/cmd_hubs.sql.
-- cmd_delete_hub was first defined in 20261128020000_baseline.sql.
insert into public.app_messages (key, text) values
  ('hubHasUnits', 'Hub "{{name}}" masih memegang TV bernomor seri dan tidak dapat dihapus.');

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
