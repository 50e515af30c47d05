-- Warehouse capacity (issue 11): the most a warehouse holds (TV + bracket), set by
-- an admin on /hubs; the dashboard's hub cards use it as their maximum. NULL is
-- "not set" (the card shows no fill); never negative. The column is
-- public.warehouses.capacity (tables/).
-- Device twin: sync/commands/warehouse-capacity.ts.

-- set_warehouse_capacity {warehouse_id, capacity: whole number 0..1000000 | null} --------
-- Admin only (spec 6: hub management is the admin's). The key must be present; a
-- JSON null clears the capacity, anything but a whole number in range is refused.
create or replace function public.cmd_set_warehouse_capacity(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'warehouseNotFound');
  v_capacity integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  if not (p ? 'capacity') then
    perform public.cmd_reject('validation', 'capacityInvalid');
  end if;
  if jsonb_typeof(p -> 'capacity') <> 'null' then
    v_capacity := public.cmd_quantity(p, 'capacity', 'capacityInvalid');
  end if;
  update public.warehouses set capacity = v_capacity where id = v_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'warehouseNotFound');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_set_warehouse_capacity(public.command_context, jsonb) from public, anon, authenticated;
