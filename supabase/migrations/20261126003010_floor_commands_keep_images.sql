-- The floor commands (issue 29: each keeps its images for undo_command,
-- 20261126003000_cmd_undo.sql). Moved here from 20261126000900_cmd_vehicle_queue.sql,
-- 20261126001100_cmd_arrival.sql and 20261126001200_cmd_pod.sql: each now
-- reads its rows locked before it writes them (the queue's four lost their
-- one-UPDATE fast path of 20261126000800's note 5.: they need the row as it
-- was) and ends with undo_keep_images. Otherwise the same checks, in the same
-- order, the same rejections and the same writes. Device twins:
-- sync/commands/vehicle-queue.ts, arrival.ts, pod.ts. complete_unloading and pod_complete
-- moved on to 20261126004020_handover_commands.sql (issue 28: the counted receipt).

-- The vehicle queue (moved from 20261126000900_cmd_vehicle_queue.sql) -------------------

-- queue_vehicles: Ready -> Siap Muat at the hub, for each vehicle named.
create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
  ok text;
  imgs jsonb := '[]';
  after jsonb;
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'Pilih minimal satu kendaraan')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'Pilih minimal satu kendaraan')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    v := public.cmd_lock_vehicle(vehicle_id);
    if not v.is_active or not v.ready then
      ok := public.cmd_reject('precondition',
        format('Kendaraan %s tidak siap untuk diantrikan.', v.license_plate))::text;
    end if;
    -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
    if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
      ok := public.cmd_reject('precondition',
        format('Kendaraan %s bukan armada laut.', v.license_plate))::text;
    end if;
    update public.vehicles
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
     where id = vehicle_id
    returning to_jsonb(vehicles) into after;
    -- (A vehicle named twice is refused above: it is no longer ready.)
    imgs := imgs || public.undo_img('vehicles', vehicle_id, to_jsonb(v), after);
  end loop;
  perform public.undo_keep_images(ctx, imgs);
  return hub_id;
end;
$$;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat',
    'Kendaraan %s tidak ada di antrian Siap Muat hub ini.');
  after jsonb;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- remove_from_queue (Keluarkan): out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'queued',
    'Kendaraan %s tidak ada di antrian hub ini.');
  after jsonb;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat',
    'Kendaraan %s tidak sedang dimuat di hub ini.');
  after jsonb;
begin
  update public.vehicles
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- Arrival at a hub (moved from 20261126001100_cmd_arrival.sql) ---------------------------

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  vehicle jsonb;
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'Kedatangan sudah dikonfirmasi', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Pengiriman ini tidak sedang dalam perjalanan.');
  end if;
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_gdt = ctx.issued_at, current_hub_id = s.destination_hub_id
   where id = s.id;
  -- Spec 4.2: the vehicle is now at the destination.
  update public.vehicles set current_hub_id = s.destination_hub_id where id = s.vehicle_id;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar
create or replace function public.cmd_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
begin
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['start_unloading', 'pod_start_unloading'],
                                         'Bongkar sudah dimulai', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Kedatangan pengiriman ini belum dikonfirmasi.');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

-- complete_unloading (with the counted receipt of issue 28) is in
-- 20261126004020_handover_commands.sql.

-- The POD flow (moved from 20261126001200_cmd_pod.sql) ------------------------------------

-- pod_confirm_arrival {shipment_id}
create or replace function public.cmd_pod_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  who text;
  target public.hubs;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if left(s.status, 4) <> 'otw_' then
    -- A second tablet was late: name the first. Anything else is the spec's message.
    who := public.cmd_who_when(s.id, array['pod_confirm_arrival', 'confirm_arrival']);
    if who is not null and s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject('conflict', 'Kedatangan sudah dikonfirmasi oleh ' || who);
    end if;
    perform public.cmd_reject('precondition', 'Invalid status format');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  -- Spec 4.2: the hub whose city or name matches; when there is none the
  -- current hub stays as it is (the original only warned in the console).
  target := public.cmd_city_hub(v_city, s.destination_hub_id);
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_destination = ctx.issued_at,
         current_hub_id = coalesce(target.id, s.current_hub_id)
   where id = s.id;
  -- Past the spec, as at the hubs: the sea fleet unit is now at the POD.
  if target.id is not null then
    update public.vehicles set current_hub_id = target.id where id = s.vehicle_id;
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

-- pod_start_unloading {shipment_id}
create or replace function public.cmd_pod_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_start_unloading', 'start_unloading'],
                                         'Bongkar sudah dimulai', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Kedatangan pengiriman ini belum dikonfirmasi.');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

-- pod_complete (with the counted receipt of issue 28) is in 20261126004020_handover_commands.sql.

revoke execute on function
  public.cmd_queue_vehicles(public.command_context, jsonb), public.cmd_start_loading(public.command_context, jsonb),
  public.cmd_remove_from_queue(public.command_context, jsonb), public.cmd_finish_loading(public.command_context, jsonb),
  public.cmd_confirm_arrival(public.command_context, jsonb),
  public.cmd_start_unloading(public.command_context, jsonb),
  public.cmd_pod_confirm_arrival(public.command_context, jsonb),
  public.cmd_pod_start_unloading(public.command_context, jsonb)
  from public, anon, authenticated;
