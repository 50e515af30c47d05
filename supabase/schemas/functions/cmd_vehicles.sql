-- Master data, vehicles and sea fleets (spec 2.5 to 2.9, 4.1, 5): add, edit, delete.
-- Adding is for admin, tower_control and hub users (the hub screens' modals);
-- editing and deleting for admin and tower control (hub users act on the
-- vehicles at their own hub through the queue commands). Conventions as in
-- functions/cmd_master_data.sql. Device twins: sync/commands/master-data.ts.

-- The plate (or container number) of an active vehicle is unique, ignoring
-- case and spaces (index vehicles_license_plate_unique_active).
create or replace function public.cmd_require_free_plate(p_plate text, p_except uuid, p_sea boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.vehicles v
             where v.is_active and not v.deleted and v.id is distinct from p_except
               and upper(regexp_replace(v.license_plate, '\s', '', 'g')) = upper(regexp_replace(p_plate, '\s', '', 'g'))) then
    perform public.cmd_reject('duplicate',
      case when p_sea then 'duplicateContainer' else 'duplicatePlate' end, jsonb_build_object('plate', p_plate));
  end if;
end;
$$;

revoke execute on function public.cmd_require_free_plate(text, uuid, boolean) from public, anon, authenticated;

-- The shipment a vehicle still carries (not unloaded yet), or null.
create or replace function public.cmd_open_shipment_batch(p_vehicle_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select s.batch_number from public.shipments s
  where s.vehicle_id = p_vehicle_id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1
$$;

revoke execute on function public.cmd_open_shipment_batch(uuid) from public, anon, authenticated;

-- Out of service (deleted or deactivated) only when idle: not queued, not
-- loading, not carrying a shipment.
create or replace function public.cmd_require_idle_vehicle(v public.vehicles)
returns void
language plpgsql
set search_path = ''
as $$
declare
  batch text := public.cmd_open_shipment_batch(v.id);
begin
  if v.siap_muat or v.sedang_muat then
    perform public.cmd_reject('precondition',
      'vehicleInQueue', jsonb_build_object('plate', v.license_plate));
  end if;
  if batch is not null then
    perform public.cmd_reject('precondition',
      'vehicleCarriesShipment', jsonb_build_object('plate', v.license_plate, 'batch', batch));
  end if;
end;
$$;

revoke execute on function public.cmd_require_idle_vehicle(public.vehicles) from public, anon, authenticated;

-- A new vehicle (spec 4.1: ready and active). The hub: the one given, or a hub
-- user's own (spec 6); a hub user places vehicles at its own hub only.
create or replace function public.cmd_insert_vehicle(
  ctx public.command_context, p_id uuid, p_vendor_id uuid, p_plate text, p_type_id uuid,
  p_driver text, p_phone text, p_kapal text, p_pelayaran text, p_hub_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := p_hub_id;
begin
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  perform 1 from public.vendors where id = p_vendor_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  if p_type_id is not null then
    perform 1 from public.vehicle_types where id = p_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'vehicleTypeNotFound');
    end if;
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('vehicles', p_id);
  perform public.cmd_require_free_plate(p_plate, null, p_kapal is not null);
  begin
    insert into public.vehicles (id, license_plate, driver_name, driver_phone, vehicle_type_id, nama_kapal,
                                 nama_pelayaran, vendor_id, current_hub_id, ready, siap_muat, sedang_muat, is_active)
    values (p_id, p_plate, p_driver, p_phone, p_type_id, p_kapal, p_pelayaran, p_vendor_id, v_hub_id,
            true, false, false, true);
  exception when unique_violation then
    perform public.cmd_reject('duplicate',
      case when p_kapal is not null then 'duplicateContainer' else 'duplicatePlate' end,
      jsonb_build_object('plate', p_plate));
  end;
  return p_id;
end;
$$;

revoke execute on function public.cmd_insert_vehicle(public.command_context, uuid, uuid, text, uuid, text, text, text, text, uuid) from public, anon, authenticated;

-- add_vehicle {vehicle_id, vendor_id, mode: darat | laut, license_plate,
-- vehicle_type_id, driver_name?, driver_phone?, nama_kapal?, nama_pelayaran?,
-- current_hub_id?}. Laut: a sea fleet unit, license_plate holds the container
-- number, no vehicle type. Darat: a truck; ship fields are not kept.
create or replace function public.cmd_add_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'chooseVendor');
  v_mode text := p ->> 'mode';
  v_plate text;
  v_type_id uuid;
  v_kapal text;
  v_pelayaran text;
begin
  if v_mode = 'laut' then
    v_kapal := public.cmd_req_text(p, 'nama_kapal', 'completeAllFields');
    v_pelayaran := public.cmd_req_text(p, 'nama_pelayaran', 'completeAllFields');
    v_plate := public.cmd_req_text(p, 'license_plate', 'completeAllFields');
  elsif v_mode = 'darat' then
    v_plate := public.cmd_req_text(p, 'license_plate', 'plateAndTypeRequired');
    v_type_id := public.cmd_uuid(p, 'vehicle_type_id', 'plateAndTypeRequired');
  else
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'invalidCommand'), v_vendor_id, v_plate, v_type_id,
    public.cmd_opt_text(p, 'driver_name'), public.cmd_opt_text(p, 'driver_phone'), v_kapal, v_pelayaran,
    public.cmd_uuid_or_null(p, 'current_hub_id', 'hubNotFound'));
end;
$$;

revoke execute on function public.cmd_add_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- add_sea_fleet {vehicle_id, vendor_id, nama_kapal, nama_pelayaran, container_number, current_hub_id?}
create or replace function public.cmd_add_sea_fleet(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'seaFleetAllFields');
  v_kapal text := public.cmd_req_text(p, 'nama_kapal', 'seaFleetAllFields');
  v_pelayaran text := public.cmd_req_text(p, 'nama_pelayaran', 'seaFleetAllFields');
  v_container text := public.cmd_req_text(p, 'container_number', 'seaFleetAllFields');
begin
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'invalidCommand'), v_vendor_id, v_container, null,
    null, null, v_kapal, v_pelayaran, public.cmd_uuid_or_null(p, 'current_hub_id', 'hubNotFound'));
end;
$$;

revoke execute on function public.cmd_add_sea_fleet(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vehicle {vehicle_id, changes: {license_plate?, driver_name?, driver_phone?,
-- vehicle_type_id?, nama_kapal?, nama_pelayaran?, is_active?}} ---------------------------
-- The queue flags and the hub belong to the workflow commands, not to edits.
-- Deactivating takes the vehicle out of service (ready false; refused while it
-- is queued or carrying a shipment); activating makes it ready again.
create or replace function public.cmd_edit_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  c jsonb := public.cmd_changes(p);
  v_plate text;
  v_type_id uuid;
  v_active boolean;
  v public.vehicles;
begin
  if c ? 'license_plate' then
    v_plate := public.cmd_req_text(c, 'license_plate', 'fillAllRequiredFields');
  end if;
  if c ? 'vehicle_type_id' then
    v_type_id := public.cmd_uuid_or_null(c, 'vehicle_type_id', 'vehicleTypeNotFound');
  end if;
  if c ? 'is_active' then
    if jsonb_typeof(c -> 'is_active') is distinct from 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_active := (c ->> 'is_active')::boolean;
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  if v_type_id is not null then
    perform 1 from public.vehicle_types where id = v_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'vehicleTypeNotFound');
    end if;
  end if;
  if v.is_active and v_active is false then
    perform public.cmd_require_idle_vehicle(v);
  end if;
  if coalesce(v_active, v.is_active) then
    perform public.cmd_require_free_plate(coalesce(v_plate, v.license_plate), v.id,
      coalesce(case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else v.nama_kapal end, '') <> '');
  end if;
  begin
    update public.vehicles
       set license_plate = coalesce(v_plate, license_plate),
           vehicle_type_id = case when c ? 'vehicle_type_id' then v_type_id else vehicle_type_id end,
           driver_name = case when c ? 'driver_name' then public.cmd_opt_text(c, 'driver_name') else driver_name end,
           driver_phone = case when c ? 'driver_phone' then public.cmd_opt_text(c, 'driver_phone') else driver_phone end,
           nama_kapal = case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else nama_kapal end,
           nama_pelayaran = case when c ? 'nama_pelayaran' then public.cmd_opt_text(c, 'nama_pelayaran') else nama_pelayaran end,
           is_active = coalesce(v_active, is_active),
           ready = case
             when v_active is false then false
             when v_active and not is_active then not (siap_muat or sedang_muat)
             else ready
           end
     where id = v.id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicatePlate', jsonb_build_object('plate', coalesce(v_plate, v.license_plate)));
  end;
  return v.id;
end;
$$;

revoke execute on function public.cmd_edit_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vehicle {vehicle_id}: admin and tower control; soft, and only when idle ------------
create or replace function public.cmd_delete_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v public.vehicles;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  perform public.cmd_require_idle_vehicle(v);
  update public.vehicles set deleted = true, is_active = false where id = v.id;
  return v.id;
end;
$$;

revoke execute on function public.cmd_delete_vehicle(public.command_context, jsonb) from public, anon, authenticated;
