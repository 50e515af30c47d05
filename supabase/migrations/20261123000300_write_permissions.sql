-- Who may write (issue 9, spec 6; the matrix is in docs/security.md):
--   * editing a vendor is for admin; editing and deleting vehicles for admin
--     and tower control (hub users add vendors, vehicle types and vehicles
--     from their hub screens and act on the vehicles at their own hub through
--     the queue commands);
--   * a shipment's photos are set by its origin hub's users and staff, and
--     only to that shipment's own object;
--   * a hub user without a hub (an open sign-up) reads no vehicles;
--   * the shipment-documents bucket takes only shipments/<id>/<slot>.<ext>
--     objects, written by those who may set the shipment's photos, and an
--     object a shipment points at is never replaced by anyone but its owner.
-- Every check is NULL-safe: an unknown role or hub refuses, never passes.
-- The functions were moved here from 20261121002400_cmd_shipping.sql and
-- 20261121002700_cmd_master_data.sql.

-- edit_vendor {vendor_id, changes: {name?, contact_person?, phone?}}: admin only -------
create or replace function public.cmd_edit_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'Vendor tidak ditemukan.');
  c jsonb := public.cmd_changes(p);
  v_name text;
begin
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'Nama vendor harus diisi');
  end if;
  perform public.cmd_require_role(ctx, array['admin']);
  perform 1 from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Vendor tidak ditemukan.');
  end if;
  begin
    update public.vendors
       set name = case when c ? 'name' then v_name else name end,
           contact_person = case when c ? 'contact_person' then public.cmd_opt_text(c, 'contact_person') else contact_person end,
           phone = case when c ? 'phone' then public.cmd_opt_text(c, 'phone') else phone end
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Vendor "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

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
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  c jsonb := public.cmd_changes(p);
  v_plate text;
  v_type_id uuid;
  v_active boolean;
  v public.vehicles;
begin
  if c ? 'license_plate' then
    v_plate := public.cmd_req_text(c, 'license_plate', 'Please fill in all required fields');
  end if;
  if c ? 'vehicle_type_id' then
    v_type_id := public.cmd_uuid_or_null(c, 'vehicle_type_id', 'Jenis kendaraan tidak ditemukan.');
  end if;
  if c ? 'is_active' then
    if jsonb_typeof(c -> 'is_active') is distinct from 'boolean' then
      perform public.cmd_reject('validation', 'Perintah tidak valid.');
    end if;
    v_active := (c ->> 'is_active')::boolean;
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  if v_type_id is not null then
    perform 1 from public.vehicle_types where id = v_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'Jenis kendaraan tidak ditemukan.');
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
    perform public.cmd_reject('duplicate', format('Nomor polisi %s sudah terdaftar.', coalesce(v_plate, v.license_plate)));
  end;
  return v.id;
end;
$$;

-- delete_vehicle {vehicle_id}: admin and tower control; soft, and only when idle ------------
create or replace function public.cmd_delete_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v public.vehicles;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  perform public.cmd_require_idle_vehicle(v);
  update public.vehicles set deleted = true, is_active = false where id = v.id;
  return v.id;
end;
$$;

-- set_shipment_image ---------------------------------------------------------------
-- {shipment_id, slot: 'delivery_record' | 'bast', path}: admin, tower control or
-- a user of the shipment's origin hub (who took the photos). Sent by the upload
-- queue once the object is in the bucket; refused (upload_missing) otherwise,
-- so no synced shipment points at a missing file. The URL is stored relative
-- ('/storage/v1/object/public/shipment-documents/{path}'): the app prefixes
-- the Supabase URL it runs against, so the same row works on every stack.
create or replace function public.cmd_set_shipment_image(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'Shipment not found');
  v_slot text := public.cmd_req_text(p, 'slot', 'Perintah tidak valid.');
  v_path text := public.cmd_req_text(p, 'path', 'Perintah tidak valid.');
  v_url text;
  s public.shipments;
begin
  -- Only this shipment's own object for this slot (the upload queue's path).
  if v_slot not in ('delivery_record', 'bast')
     or v_path !~ ('^shipments/' || v_shipment_id::text || '/' || v_slot || '\.(png|jpg|jpeg)$') then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  s := public.cmd_lock_shipment(v_shipment_id);
  perform public.cmd_require_hub(ctx, s.origin_hub_id);
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'Foto belum ada di penyimpanan; unggah ulang lalu coba lagi.');
  end if;
  v_url := '/storage/v1/object/public/shipment-documents/' || v_path;
  if v_slot = 'delivery_record' then
    update public.shipments set delivery_record_image_url = v_url, delivery_record = true where id = s.id;
  else
    update public.shipments set bast_image_url = v_url, bast = true where id = s.id;
  end if;
  return s.id;
end;
$$;

-- Vehicles: a hub user reads those free to be queued only once it has a hub.
drop policy if exists "Staff can read all vehicles and hub users those free, at their hub or on their shipments"
  on public.vehicles;
-- A hub user must see the vehicles it can queue (active and ready, any hub:
-- spec 7.2's queue dialog), the ones at its hub (ready and loading tabs), and
-- the vehicle of every shipment it can read (the hub tabs join shipments to
-- vehicles with an inner join, so a hidden vehicle would hide the shipment).
create policy "Staff can read all vehicles and hub users those free, at their hub or on their shipments"
  on public.vehicles for select to authenticated
  using (
    (select public.is_staff())
    or ((select public.my_hub_id()) is not null and is_active and ready)
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.vehicle_id = vehicles.id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

revoke execute on function
  public.cmd_edit_vendor(public.command_context, jsonb), public.cmd_edit_vehicle(public.command_context, jsonb),
  public.cmd_delete_vehicle(public.command_context, jsonb), public.cmd_set_shipment_image(public.command_context, jsonb)
  from public, anon, authenticated;
