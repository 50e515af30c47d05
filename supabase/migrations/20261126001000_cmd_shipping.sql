-- The shipping forms (spec 4.1, 4.2, 5, 7.2, 9): a loaded vehicle leaves its
-- hub. One command per form: create_shipment_darat (Karawang/Cikarang form),
-- create_shipment_poljak, create_shipment_polsub; and set_shipment_image, which
-- the upload queue sends once a photo is in storage.
-- Every row a command creates is named by an id in the payload (made on the
-- device), so a replay and the device's prediction name the same rows.
-- Device twins: sync/commands/shipping.ts.

-- What a vehicle must be to leave with a shipment: live, active, at the hub,
-- and not still carrying a shipment that has not been unloaded.
create or replace function public.cmd_lock_departing_vehicle(p_vehicle_id uuid, p_hub_id uuid)
returns public.vehicles
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_lock_vehicle(p_vehicle_id);
  open_batch text;
begin
  if not v.is_active then
    perform public.cmd_reject('precondition', format('Kendaraan %s tidak aktif.', v.license_plate));
  end if;
  if v.current_hub_id is distinct from p_hub_id then
    perform public.cmd_reject('precondition', format('Kendaraan %s tidak berada di hub ini.', v.license_plate));
  end if;
  select s.batch_number into open_batch
  from public.shipments s
  where s.vehicle_id = v.id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1;
  if found then
    perform public.cmd_reject('precondition',
      format('Kendaraan %s masih membawa pengiriman %s yang belum selesai dibongkar.', v.license_plate, open_batch));
  end if;
  return v;
end;
$$;

-- create_shipment_darat, create_shipment_poljak and create_shipment_polsub: moved to
-- 20261126003100_stock_checked_shipments.sql (issue 29: stock, whole numbers, batch numbers).

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

revoke execute on function
  public.cmd_lock_departing_vehicle(uuid, uuid),
  public.cmd_set_shipment_image(public.command_context, jsonb)
  from public, anon, authenticated;
