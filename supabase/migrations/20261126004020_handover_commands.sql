-- Issue 28: the handover's commands. complete_unloading and pod_complete (moved here from
-- 20261126003010_floor_commands_keep_images.sql) take an optional counted receipt
-- (20261126004010_handover_receipt.sql): with it, the stock booked at the receiving
-- warehouse is received - damaged per item (what was counted in good order) and the
-- receipt and its discrepancies are written in the same transaction; without it (a
-- command queued before this change) they behave as before. resolve_discrepancy and
-- attach_document are new. Device twins: sync/commands/arrival.ts, pod.ts, handover.ts.
-- apply_commands runs the two new ones by name (20261126000800_baseline_commands.sql).

-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id, receipt?}: sedang_bongkar -> selesai
create or replace function public.cmd_complete_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_notes text := public.cmd_opt_text(p, 'notes');
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'Perintah tidak valid.');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'Perintah tidak valid.');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  counted public.shipments;
  imgs jsonb := '[]';
begin
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['complete_unloading', 'pod_complete'],
                                         'Bongkar sudah diselesaikan', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Bongkar pengiriman ini belum dimulai.');
  end if;
  if p ? 'receipt' and jsonb_typeof(p -> 'receipt') <> 'null' then
    r := public.handover_receipt(p -> 'receipt', s);
  end if;
  wh := public.cmd_first_warehouse(s.destination_hub_id);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'Gudang hub ini tidak ditemukan.');
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai', selesai_bongkar = true, notes = v_notes, unloading_finished_at = ctx.issued_at
   where id = s.id;
  counted := public.handover_counted(s, r);
  perform public.cmd_book_unloaded(ctx, counted, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

-- pod_complete {shipment_id, smartboard_inventory_id, bracket_inventory_id, receipt?}
create or replace function public.cmd_pod_complete(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'Perintah tidak valid.');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'Perintah tidak valid.');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  imgs jsonb := '[]';
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_complete', 'complete_unloading'],
                                         'Bongkar sudah diselesaikan', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Bongkar pengiriman ini belum dimulai.');
  end if;
  if p ? 'receipt' and jsonb_typeof(p -> 'receipt') <> 'null' then
    r := public.handover_receipt(p -> 'receipt', s);
  end if;
  wh := public.cmd_city_warehouse(v_city);
  if wh.id is null then
    perform public.cmd_reject('precondition', format('Warehouse tidak ditemukan untuk kota %s', v_city));
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai_pod', selesai_bongkar = true, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, public.handover_counted(s, r), wh.id,
                                   v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

-- What an unloading books: the shipment's counts, or with a receipt what was counted in
-- good order (received - damaged per item).
create or replace function public.handover_counted(s public.shipments, r jsonb)
returns public.shipments
language plpgsql
immutable
set search_path = ''
as $$
begin
  if r is not null then
    s.smartboard_quantity := (r ->> 'smartboard_received')::integer - (r ->> 'smartboard_damaged')::integer;
    s.bracket_quantity := (r ->> 'bracket_received')::integer - (r ->> 'bracket_damaged')::integer;
  end if;
  return s;
end;
$$;

-- resolve_discrepancy {discrepancy_id, note}: tower control and admins close an open
-- discrepancy with a note; a second resolve is a conflict naming who resolved it and when.
create or replace function public.cmd_resolve_discrepancy(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'discrepancy_id', 'Selisih tidak ditemukan.');
  v_note text := public.cmd_req_text(p, 'note', 'Catatan penyelesaian wajib diisi');
  d public.discrepancies;
  who text;
begin
  if char_length(v_note) > 500 then
    perform public.cmd_reject('validation', 'Catatan maksimal 500 karakter');
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  select * into d from public.discrepancies where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Selisih tidak ditemukan.');
  end if;
  if d.status = 'resolved' then
    select coalesce(pr.email, 'pengguna lain') into who
    from (select 1) one left join public.profiles pr on pr.user_id = d.resolved_by;
    perform public.cmd_reject('conflict',
      'Selisih sudah diselesaikan oleh ' || who || ' pada ' || public.dm_format_wib(d.resolved_at));
  end if;
  update public.discrepancies
     set status = 'resolved', resolved_by = ctx.user_id, resolved_at = ctx.received_at, resolution_note = v_note
   where id = d.id;
  return d.id;
end;
$$;

-- attach_document {id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
-- latitude?, longitude?, accuracy_m?, discrepancy_id?}: sent by the upload queue once the
-- object is in the bucket (refused 'upload_missing' otherwise, as set_shipment_image), so
-- no row points at a missing file. The surat jalan is the origin hub's; the rest the
-- receiving side's (the destination hub, or for a POD shipment a POD hub of its city);
-- staff any. Idempotent by id: the same document again is applied without a change.
create or replace function public.cmd_attach_document(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'Perintah tidak valid.';
  v_id uuid := public.cmd_uuid(p, 'id', invalid);
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'Shipment not found');
  v_kind text := public.cmd_req_text(p, 'kind', invalid);
  v_mime text := public.cmd_req_text(p, 'mime', invalid);
  v_path text := public.cmd_req_text(p, 'path', invalid);
  v_size integer := public.cmd_int_between(p, 'size_bytes', 1, 52428800, invalid, invalid);
  v_sha text := public.cmd_req_text(p, 'sha256', invalid);
  v_time timestamptz;
  v_lat double precision;
  v_lon double precision;
  v_acc double precision;
  v_discrepancy uuid := public.cmd_uuid_or_null(p, 'discrepancy_id', invalid);
  v_ext text;
  s public.shipments;
  dest public.hubs;
  prior public.shipment_documents;
begin
  v_ext := case v_mime when 'application/pdf' then 'pdf' when 'image/png' then 'png' when 'image/jpeg' then 'jpg' end;
  if v_kind not in ('surat_jalan', 'bast', 'signature_receiver', 'signature_driver', 'discrepancy_photo')
     or v_ext is null
     or v_path <> 'shipments/' || v_shipment_id::text || '/documents/' || v_id::text || '.' || v_ext
     or v_sha !~ '^[0-9a-f]{64}$'
     or (v_discrepancy is not null and v_kind <> 'discrepancy_photo') then
    perform public.cmd_reject('validation', invalid);
  end if;
  if jsonb_typeof(p -> 'device_time') is distinct from 'string'
     or (p ->> 'device_time') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_time := (p ->> 'device_time')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  v_lat := public.handover_coordinate(p, 'latitude', -90, 90);
  v_lon := public.handover_coordinate(p, 'longitude', -180, 180);
  v_acc := public.handover_coordinate(p, 'accuracy_m', 0, 1e7);
  if (v_lat is null) <> (v_lon is null) then
    perform public.cmd_reject('validation', invalid);
  end if;

  s := public.cmd_lock_shipment(v_shipment_id);
  if v_kind = 'surat_jalan' then
    perform public.cmd_require_hub(ctx, s.origin_hub_id);
  else
    select * into dest from public.hubs where id = s.destination_hub_id;
    if public.hub_kind(dest.name, dest.type) = 'pod' then
      perform public.cmd_require_pod(ctx, public.cmd_pod_city(s));
    else
      perform public.cmd_require_hub(ctx, s.destination_hub_id);
    end if;
  end if;
  select * into prior from public.shipment_documents where id = v_id;
  if found then
    if prior.shipment_id = v_shipment_id and prior.path = v_path and prior.sha256 = v_sha and not prior.deleted then
      return prior.id;
    end if;
    perform public.cmd_reject('duplicate_id', 'Perintah tidak valid: data dengan id ini sudah ada.');
  end if;
  if v_discrepancy is not null
     and exists (select 1 from public.discrepancies x where x.id = v_discrepancy and x.shipment_id <> v_shipment_id) then
    perform public.cmd_reject('validation', invalid);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'Berkas belum ada di penyimpanan; unggah ulang lalu coba lagi.');
  end if;
  insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
                                         latitude, longitude, accuracy_m, discrepancy_id, uploaded_by, received_at)
  values (v_id, v_shipment_id, v_kind, v_path, v_mime, v_size, v_sha, v_time,
          v_lat, v_lon, v_acc, v_discrepancy, ctx.user_id, ctx.received_at);
  return v_id;
end;
$$;

-- An optional number within [p_min, p_max] (a coordinate, an accuracy): missing or null is null.
create or replace function public.handover_coordinate(p jsonb, p_key text, p_min double precision,
                                                      p_max double precision)
returns double precision
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'number' or (p ->> p_key)::double precision not between p_min and p_max then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  return (p ->> p_key)::double precision;
end;
$$;

revoke execute on function
  public.cmd_complete_unloading(public.command_context, jsonb),
  public.cmd_pod_complete(public.command_context, jsonb),
  public.handover_counted(public.shipments, jsonb),
  public.cmd_resolve_discrepancy(public.command_context, jsonb),
  public.cmd_attach_document(public.command_context, jsonb),
  public.handover_coordinate(jsonb, text, double precision, double precision)
  from public, anon, authenticated;
