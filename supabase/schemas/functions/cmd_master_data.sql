-- Master data (spec 2.5 to 2.9, 5, 7.2): inventory, warehouses, vendors,
-- vehicle types, hubs. Vehicles and sea fleets are in
-- functions/cmd_vehicles.sql, warehouse capacity in
-- functions/cmd_warehouse_capacity.sql.
--
-- Who (issue 9, spec 6; the matrix is in docs/security.md): vendors, vehicle
-- types, vehicles and sea fleets: admin, tower_control and hub users (the hub
-- screens' modals); editing or deleting a vendor and everything about hubs:
-- admin only; inventory and warehouses: staff anywhere, a hub user for its own
-- hub's warehouses. Every check is NULL-safe: an unknown role or hub refuses,
-- never passes.
-- Edits merge field by field (docs/sync.md): only the fields a command's
-- `changes` names are written, so two users editing different fields both
-- keep theirs and the later edit of the same field wins.
-- Deletes are soft (deleted = true) and refused while the row is still in use.
-- A name that a unique index forbids twice is refused with code 'duplicate'
-- and a message that says so, also when two commands race for it.
-- Device twins: sync/commands/master-data.ts.

-- A hub user may book stock at its hub's warehouses and, at a POD, at the
-- warehouses located in its city (the same rows it reads, see my_warehouse_ids).
create or replace function public.cmd_require_warehouse(ctx public.command_context, w public.warehouses)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null
     and (w.hub_id = ctx.hub_id
          or exists (select 1 from public.hubs h
                     where h.id = ctx.hub_id and not h.deleted and public.hub_kind(h.name, h.type) = 'pod'
                       and public.dm_slug(w.location) = public.dm_slug(public.pod_city_of_hub(h.name, h.city)))) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenWarehouse');
end;
$$;

revoke execute on function public.cmd_require_warehouse(public.command_context, public.warehouses) from public, anon, authenticated;

-- add_inventory {inventory_id, warehouse_id, date_recorded, smartboard_quantity,
-- bracket_quantity, batch_number?} ---------------------------------------------------
create or replace function public.cmd_add_inventory(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_warehouse_id uuid := public.cmd_uuid(p, 'warehouse_id', 'chooseWarehouse');
  v_date date := public.cmd_date(p, 'date_recorded', 'chooseDate');
  v_smartboards integer := public.cmd_quantity(p, 'smartboard_quantity', 'smartboardNotNegative');
  v_brackets integer := public.cmd_quantity(p, 'bracket_quantity', 'bracketNotNegative');
  v_batch text := public.cmd_opt_text(p, 'batch_number');
  v_id uuid := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');
  w public.warehouses;
begin
  perform public.cmd_require_operator(ctx);
  select * into w from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'warehouseNotFound');
  end if;
  perform public.cmd_require_warehouse(ctx, w);
  perform public.cmd_require_new_id('inventory', v_id);
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
  values (v_id, w.id, v_date, v_smartboards, v_brackets, v_batch);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_inventory(public.command_context, jsonb) from public, anon, authenticated;

-- add_warehouse {warehouse_id, name, location?, hub_id?} ------------------------------
create or replace function public.cmd_add_warehouse(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'warehouseNameRequired');
  v_location text := public.cmd_opt_text(p, 'location');
  v_hub_id uuid := public.cmd_uuid_or_null(p, 'hub_id', 'hubNotFound');
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'invalidCommand');
begin
  if char_length(v_name) > 100 then
    perform public.cmd_reject('validation', 'warehouseNameTooLong');
  end if;
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    -- A hub user adds warehouses to its own hub.
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('warehouses', v_id);
  insert into public.warehouses (id, name, location, hub_id) values (v_id, v_name, v_location, v_hub_id);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_warehouse(public.command_context, jsonb) from public, anon, authenticated;

-- add_vendor {vendor_id, name, contact_person?, phone?} --------------------------------
create or replace function public.cmd_add_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'vendorNameRequired');
  v_contact text := public.cmd_opt_text(p, 'contact_person');
  v_phone text := public.cmd_opt_text(p, 'phone');
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'invalidCommand');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vendors', v_id);
  begin
    insert into public.vendors (id, name, contact_person, phone) values (v_id, v_name, v_contact, v_phone);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVendor', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vendor {vendor_id, changes: {name?, contact_person?, phone?}}: admin only -------
create or replace function public.cmd_edit_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'vendorNotFound');
  c jsonb := public.cmd_changes(p);
  v_name text;
begin
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'vendorNameRequiredEdit');
  end if;
  perform public.cmd_require_role(ctx, array['admin']);
  perform 1 from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  begin
    update public.vendors
       set name = case when c ? 'name' then v_name else name end,
           contact_person = case when c ? 'contact_person' then public.cmd_opt_text(c, 'contact_person') else contact_person end,
           phone = case when c ? 'phone' then public.cmd_opt_text(c, 'phone') else phone end
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVendor', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_edit_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vendor {vendor_id}: admin only ---------------------------------------------------
create or replace function public.cmd_delete_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'vendorNotFound');
  vendor public.vendors;
  active_count integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  select * into vendor from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  select count(*) into active_count from public.vehicles where vendor_id = v_id and is_active and not deleted;
  if active_count > 0 then
    perform public.cmd_reject('precondition',
      'vendorHasVehicles', jsonb_build_object('name', vendor.name, 'count', active_count));
  end if;
  update public.vendors set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- add_vehicle_type {vehicle_type_id, name} --------------------------------------------------
create or replace function public.cmd_add_vehicle_type(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'vehicleTypeNameRequired');
  v_id uuid := public.cmd_uuid(p, 'vehicle_type_id', 'invalidCommand');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vehicle_types', v_id);
  begin
    insert into public.vehicle_types (id, name) values (v_id, v_name);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVehicleType', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vehicle_type(public.command_context, jsonb) from public, anon, authenticated;
