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
    perform public.cmd_reject('precondition', 'vehicleInactive', jsonb_build_object('plate', v.license_plate));
  end if;
  if v.current_hub_id is distinct from p_hub_id then
    perform public.cmd_reject('precondition', 'vehicleNotAtHub', jsonb_build_object('plate', v.license_plate));
  end if;
  select s.batch_number into open_batch
  from public.shipments s
  where s.vehicle_id = v.id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1;
  if found then
    perform public.cmd_reject('precondition',
      'vehicleCarriesShipment', jsonb_build_object('plate', v.license_plate, 'batch', open_batch));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_departing_vehicle(uuid, uuid) from public, anon, authenticated;

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
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
  v_slot text := public.cmd_req_text(p, 'slot', 'invalidCommand');
  v_path text := public.cmd_req_text(p, 'path', 'invalidCommand');
  v_url text;
  s public.shipments;
begin
  -- Only this shipment's own object for this slot (the upload queue's path).
  if v_slot not in ('delivery_record', 'bast')
     or v_path !~ ('^shipments/' || v_shipment_id::text || '/' || v_slot || '\.(png|jpg|jpeg)$') then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  s := public.cmd_lock_shipment(v_shipment_id);
  perform public.cmd_require_hub(ctx, s.origin_hub_id);
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'uploadMissing');
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

revoke execute on function public.cmd_set_shipment_image(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 29: stock-aware shipping forms, and corrections of a shipment sent by
-- mistake. Device twins: sync/commands/shipping.ts (the forms) and
-- sync/commands/shipment-correction.ts (correct_shipment_counts, void_shipment).
--
-- * A shipment takes no more than its origin warehouse (the hub's first, where
--   its negative stock row goes) holds: the warehouse row is locked first
--   (cmd_require_stock), so two commands from the same hub cannot both pass on
--   the same stock; every command that takes stock out takes that lock.
-- * Quantities are whole numbers: a fraction is refused with its own message
--   instead of being cut.
-- * A batch number is used by one live shipment (a voided one frees it); an
--   advisory lock on the number serialises two commands naming it.
-- * Tower control and admin may correct the counts of a shipment still on its
--   way (status otw_*, not yet received), or void it, with a reason. A
--   correction rewrites the shipment's counts and its stock row; a void sets the
--   status 'dibatalkan' and selesai_bongkar (nothing is in transit any more, spec
--   4.2), removes its stock row (the stock returns) and frees the vehicle. The
--   reason stays in the command's payload: the audit trail and the shipment's
--   history (shipment_history, audit_trail.sql, returns the payload). The corrections
--   are in cmd_shipment_correction.sql.

-- A form's quantity: a number, whole (else 'Jumlah harus bilangan bulat.'), in
-- [0, 1000000] (else the form's own message).
create or replace function public.cmd_shipment_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number' then
    perform public.cmd_reject('validation', p_message);
  end if;
  if (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric) then
    perform public.cmd_reject('validation', 'wholeNumber');
  end if;
  if (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_shipment_quantity(jsonb, text, text) from public, anon, authenticated;

-- Locks the warehouse row (every command taking stock out of it takes this
-- lock first, so the second of two waits and then sees what the first took),
-- then refuses taking more than it holds (a stock below zero counts as none,
-- spec 9). The message names the first item short.
create or replace function public.cmd_require_stock(p_warehouse_id uuid, p_smartboards integer, p_brackets integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  wh public.warehouses;
  have_tv bigint;
  have_br bigint;
begin
  select * into wh from public.warehouses where id = p_warehouse_id for update;
  if not found then
    perform public.cmd_reject('precondition', 'originWarehouseMissing');
  end if;
  -- The balance as this transaction sees it (functions/stock_balances.sql): the
  -- sum of the warehouse's live ledger rows, earlier commands of this call included.
  select greatest(h.smartboard_quantity, 0), greatest(h.bracket_quantity, 0)
    into have_tv, have_br
  from public.stock_on_hand(p_warehouse_id) h;
  if p_smartboards > have_tv then
    perform public.cmd_reject('precondition',
      'stockShort', jsonb_build_object('item', 'Smartboard', 'warehouse', wh.name, 'available', have_tv, 'asked', p_smartboards));
  end if;
  if p_brackets > have_br then
    perform public.cmd_reject('precondition',
      'stockShort', jsonb_build_object('item', 'Bracket', 'warehouse', wh.name, 'available', have_br, 'asked', p_brackets));
  end if;
end;
$$;

revoke execute on function public.cmd_require_stock(uuid, integer, integer) from public, anon, authenticated;

-- A batch number names one live shipment; a voided one ('dibatalkan') no longer
-- holds it. The advisory lock makes a second command naming it wait for the first.
create or replace function public.cmd_require_unused_batch(p_batch text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('shipment-batch:' || p_batch, 0));
  if exists (select 1 from public.shipments s
             where s.batch_number = p_batch and not s.deleted and s.status <> 'dibatalkan') then
    perform public.cmd_reject('conflict', 'batchTaken', jsonb_build_object('batch', p_batch));
  end if;
end;
$$;

revoke execute on function public.cmd_require_unused_batch(text) from public, anon, authenticated;

-- create_shipment_darat ----------------------------------------------------------
-- {hub_id, shipment_id, vehicle_id, destination_warehouse_id, batch_number,
--  smartboard_quantity, bracket_quantity, inventory_id, image_count (0..2), tv_serials?}
-- Issue 42: tv_serials, the TVs by serial, checked last (cmd_serials_to_load) and loaded on the
-- shipment (cmd_serials_load, cmd_serials.sql).
create or replace function public.cmd_create_shipment_darat(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v_warehouse_id uuid;
  v_batch text;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_shipment_id uuid;
  v_inventory_id uuid;
  v_vehicle_id uuid;
  hub public.hubs;
  wh public.warehouses;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
  v_units uuid[];
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  -- The form's fields, in its order, with its messages (spec 5).
  v_warehouse_id := public.cmd_uuid(p, 'destination_warehouse_id', 'selectDestinationWarehouse');
  v_batch := public.cmd_req_text(p, 'batch_number', 'enterBatchNumber');
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'poljak.quantity');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'poljak.quantity');
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 0, 2, 'invalidCommand', 'maxTwoImages');
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'invalidCommand');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');

  hub := public.cmd_hub(v_hub_id);
  select * into wh from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'destinationWarehouseNotFound');
  end if;
  select * into dest from public.hubs where id = wh.hub_id and not deleted;
  if not found then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'destinationIsOrigin');
  end if;
  -- Spec 4.2: from the warehouse name, the hub name, the hub city.
  select * into dest_status
  from public.otw_destination(array[wh.name, dest.name, dest.city],
                              coalesce(nullif(public.dm_trim(dest.city), ''), wh.location));
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: a failed inventory write aborts the Karawang/Cikarang form.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  if origin_wh.id is null then
    perform public.cmd_reject('precondition', 'originWarehouseMissing');
  end if;
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once, and no more than the origin warehouse holds.
  perform public.cmd_require_unused_batch(v_batch);
  perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);
  -- Issue 42: the TVs by serial, last.
  v_units := public.cmd_serials_to_load(p, hub, v_smartboards);

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, false
  );
  -- Spec 9: the load leaves the hub's first warehouse, dated the day it left.
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                batch_number, shipment_id)
  values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
          v_batch, v_shipment_id);
  -- Spec 4.1: the vehicle is on its way (siap_muat is left as it is).
  update public.vehicles set sedang_muat = false, ready = false where id = v.id;
  perform public.cmd_serials_load(ctx, v_units, v_shipment_id, v_hub_id);
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_shipment_darat(public.command_context, jsonb) from public, anon, authenticated;

-- The PolJak and PolSub forms: one function, each form's own messages -------------
-- {hub_id, shipment_id, container_id, inventory_id, vehicle_id, pelayaran,
--  nama_kapal, no_container, etd, eta, destination_hub_id, smartboard_quantity,
--  bracket_quantity, image_count (1..2), batch_number (POLJAK-/POLSUB-{ms}), tv_serials?}
create or replace function public.cmd_create_sea_shipment(ctx public.command_context, p jsonb, p_form text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  poljak boolean := p_form = 'poljak';
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v_pelayaran text;
  v_kapal text;
  v_container text;
  v_etd date;
  v_eta date;
  v_dest_id uuid;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_batch text;
  v_vehicle_id uuid;
  v_shipment_id uuid;
  v_container_id uuid;
  v_inventory_id uuid;
  hub public.hubs;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
  v_units uuid[];
  m_quantity text := case when poljak then 'poljak.quantity' else 'polsub.quantity' end;
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  v_pelayaran := public.cmd_req_text(p, 'pelayaran', case when poljak then 'poljak.pelayaran' else 'polsub.pelayaran' end);
  v_kapal := public.cmd_req_text(p, 'nama_kapal', case when poljak then 'poljak.namaKapal' else 'polsub.namaKapal' end);
  v_container := public.cmd_req_text(p, 'no_container', case when poljak then 'poljak.noContainer' else 'polsub.noContainer' end);
  v_etd := public.cmd_date(p, 'etd', case when poljak then 'poljak.etd' else 'polsub.etd' end);
  v_eta := public.cmd_date(p, 'eta', case when poljak then 'poljak.eta' else 'polsub.eta' end);
  v_dest_id := public.cmd_uuid(p, 'destination_hub_id', case when poljak then 'poljak.destination' else 'polsub.destination' end);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', m_quantity);
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', m_quantity);
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 1, 2,
    case when poljak then 'poljak.minImages' else 'polsub.minImages' end,
    case when poljak then 'poljak.maxImages' else 'polsub.maxImages' end);
  -- Generated on the device from the time the user acted (spec 9).
  v_batch := public.cmd_req_text(p, 'batch_number', 'invalidCommand');
  if v_batch !~ ('^' || case when poljak then 'POLJAK' else 'POLSUB' end || '-[0-9]+$') then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'invalidCommand');
  v_container_id := public.cmd_uuid(p, 'container_id', 'invalidCommand');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');

  hub := public.cmd_hub(v_hub_id);
  select * into dest from public.hubs where id = v_dest_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'destinationHubNotFound');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'destinationIsOrigin');
  end if;
  select * into dest_status from public.otw_destination(array[dest.name, dest.city], dest.city);
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: the port forms do not fail over the inventory row; without a
  -- warehouse at the hub there is simply none.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('containers', v_container_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once; with a warehouse at the hub, no more than it holds
  -- (without one the port forms book no stock row, spec 8.2, so there is nothing to check).
  perform public.cmd_require_unused_batch(v_batch);
  if origin_wh.id is not null then
    perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);
  end if;
  -- Issue 42: the TVs by serial, last.
  v_units := public.cmd_serials_to_load(p, hub, v_smartboards);

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, etd, eta, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, v_etd, v_eta, false
  );
  insert into public.containers (id, container_number, vessel_name, shipping_line, shipment_id)
  values (v_container_id, v_container, v_kapal, v_pelayaran, v_shipment_id);
  if origin_wh.id is not null then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
            v_batch, v_shipment_id);
  end if;
  if poljak then
    -- Spec 4.1: the PolJak form also stores the ship and the shipping line on the vehicle.
    update public.vehicles
       set sedang_muat = false, ready = false, nama_kapal = v_kapal, nama_pelayaran = v_pelayaran
     where id = v.id;
  else
    -- Spec 4.1: the PolSub form also clears siap_muat.
    update public.vehicles set sedang_muat = false, ready = false, siap_muat = false where id = v.id;
  end if;
  perform public.cmd_serials_load(ctx, v_units, v_shipment_id, v_hub_id);
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_sea_shipment(public.command_context, jsonb, text) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_poljak(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'poljak')
$$;

revoke execute on function public.cmd_create_shipment_poljak(public.command_context, jsonb) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_polsub(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'polsub')
$$;

revoke execute on function public.cmd_create_shipment_polsub(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 41: nothing empty leaves. A shipment carries at least one TV or bracket:
-- the three shipping forms (create_shipment_darat, create_shipment_poljak,
-- create_shipment_polsub) refuse 0 and 0 with code 'validation' and the words the
-- device shows (sync/messages.ts shipmentEmpty; its zod twin: withItems in
-- sync/commands/shipping.ts), right after the quantities are read, before any
-- look-up. Nothing else of the forms changes.

-- Refuses a shipment of no item (both quantities already read as whole numbers >= 0).
create or replace function public.cmd_require_items(p_smartboards integer, p_brackets integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(p_smartboards, 0) <= 0 and coalesce(p_brackets, 0) <= 0 then
    perform public.cmd_reject('validation',
      'shipmentEmpty');
  end if;
end;
$$;

-- Run by apply_commands only (as the file they moved from had it).
revoke execute on function public.cmd_require_items(integer, integer) from public, anon, authenticated;
