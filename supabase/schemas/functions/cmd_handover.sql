-- Issue 28: the counted receipt of complete_unloading / pod_complete (the commands are
-- in cmd_arrival.sql and cmd_pod.sql). The same rules as the devices'
-- (sync/commands/handover-receipt.ts, receiptProblems), checked in the same order and
-- refused with the same messages (sync/messages-handover.ts), code 'validation':
--   1. its fields: whole counts 0..100000, both names (1..100), both signature ids,
--      signed_at, each discrepancy's id, item, reason, quantity > 0, note <= 500,
--      1..10 photo ids;
--   2. damaged <= received; the two signatures and the discrepancies' ids distinct;
--   3. a shipment loaded by serial: its receipt.tv_serials (cmd_serials_receipt.sql);
--   4. per item (TV, then bracket): received < sent needs one 'kurang' of sent - received,
--      received > sent one 'lebih' of received - sent, damaged > 0 one 'rusak' of
--      damaged; nothing else (by serial, TV: the tally's missing, unexpected, damaged).

-- One count of the receipt: a whole number 0..100000.
create or replace function public.handover_count(p jsonb, p_key text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 100000 then
    perform public.cmd_reject('validation', 'handover.quantityRange');
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.handover_count(jsonb, text) from public, anon, authenticated;

-- A name typed beside a signature: 1..100 characters once trimmed.
create or replace function public.handover_name(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := public.cmd_req_text(p, p_key, p_message);
begin
  if char_length(v) > 100 then
    perform public.cmd_reject('validation', 'handover.nameTooLong');
  end if;
  return v;
end;
$$;

revoke execute on function public.handover_name(jsonb, text, text) from public, anon, authenticated;

-- The parameters of a discrepancy refusal: the item and the reason as message keys (the
-- device names them in its language: 'TV' / 'bracket', 'kurang' / 'short'), and the count.
create or replace function public.handover_discrepancy_params(p_item text, p_reason text, p_count integer)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', jsonb_build_object('key', 'handover.itemWord.' || p_item),
    'reason', jsonb_build_object('key', 'handover.reasonWord.' || p_reason),
    'count', p_count)
$$;

revoke execute on function public.handover_discrepancy_params(text, text, integer) from public, anon, authenticated;

-- The receipt of a shipment, checked: its normalized fields, with sent counts, the tally of a
-- receipt by serial (tv_serials; null by count) and the discrepancies as
-- [{id, item, reason, quantity, note, photo_ids, serials}].
create or replace function public.handover_receipt(r jsonb, s public.shipments)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_id uuid;
  tv_in integer; br_in integer; tv_bad integer; br_bad integer;
  v_receiver text; v_driver text;
  sig_receiver uuid; sig_driver uuid;
  v_signed timestamptz;
  d jsonb;
  ds jsonb := '[]';
  v_note text;
  photos uuid[];
  ph jsonb;
  item text;
  reason text;
  sent integer;
  got integer;
  bad integer;
  expected integer;
  found_n integer;
  found_q integer;
  scan jsonb;
  tally jsonb;
begin
  if jsonb_typeof(r) is distinct from 'object' then
    perform public.cmd_reject('validation', invalid);
  end if;
  v_id := public.cmd_uuid(r, 'receipt_id', invalid);
  tv_in := public.handover_count(r, 'smartboard_received');
  br_in := public.handover_count(r, 'bracket_received');
  tv_bad := public.handover_count(r, 'smartboard_damaged');
  br_bad := public.handover_count(r, 'bracket_damaged');
  v_receiver := public.handover_name(r, 'receiver_name', 'handover.receiverNameRequired');
  v_driver := public.handover_name(r, 'driver_name', 'handover.driverNameRequired');
  sig_receiver := public.cmd_uuid(r, 'receiver_signature_id', 'handover.receiverSignature');
  sig_driver := public.cmd_uuid(r, 'driver_signature_id', 'handover.driverSignature');
  if jsonb_typeof(r -> 'signed_at') is distinct from 'string'
     or (r ->> 'signed_at') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_signed := (r ->> 'signed_at')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  if r -> 'discrepancies' is null or jsonb_typeof(r -> 'discrepancies') = 'null' then
    r := r || jsonb_build_object('discrepancies', '[]'::jsonb);
  end if;
  if jsonb_typeof(r -> 'discrepancies') <> 'array' or jsonb_array_length(r -> 'discrepancies') > 6 then
    perform public.cmd_reject('validation', invalid);
  end if;
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    if jsonb_typeof(d) is distinct from 'object' then
      perform public.cmd_reject('validation', invalid);
    end if;
    perform public.cmd_uuid(d, 'id', invalid);
    if jsonb_typeof(d -> 'item') is distinct from 'string' or d ->> 'item' not in ('smartboard', 'bracket')
       or jsonb_typeof(d -> 'reason') is distinct from 'string' or d ->> 'reason' not in ('kurang', 'lebih', 'rusak') then
      perform public.cmd_reject('validation', invalid);
    end if;
    if jsonb_typeof(d -> 'quantity') is distinct from 'number'
       or (d ->> 'quantity')::numeric <> trunc((d ->> 'quantity')::numeric)
       or (d ->> 'quantity')::numeric < 1 or (d ->> 'quantity')::numeric > 100000 then
      perform public.cmd_reject('validation', 'handover.discrepancyRange');
    end if;
    v_note := public.cmd_opt_text(d, 'note');
    if char_length(v_note) > 500 then
      perform public.cmd_reject('validation', 'handover.noteTooLong');
    end if;
    if jsonb_typeof(d -> 'photo_ids') is distinct from 'array' or jsonb_array_length(d -> 'photo_ids') = 0 then
      perform public.cmd_reject('validation', 'handover.photoRequired');
    end if;
    if jsonb_array_length(d -> 'photo_ids') > 10 then
      perform public.cmd_reject('validation', 'handover.maxPhotos');
    end if;
    photos := '{}';
    for ph in select value from jsonb_array_elements(d -> 'photo_ids') loop
      photos := photos || public.cmd_uuid(jsonb_build_object('id', ph), 'id', invalid);
    end loop;
    ds := ds || jsonb_build_object('id', (d ->> 'id')::uuid, 'item', d ->> 'item', 'reason', d ->> 'reason',
                                   'quantity', (d ->> 'quantity')::integer, 'note', v_note,
                                   'photo_ids', to_jsonb(photos));
  end loop;
  scan := public.cmd_serials_scan(r);

  if tv_bad > tv_in or br_bad > br_in then
    perform public.cmd_reject('validation', 'handover.damagedOverReceived');
  end if;
  if sig_receiver = sig_driver
     or (select count(distinct e ->> 'id') from jsonb_array_elements(ds) e) <> jsonb_array_length(ds) then
    perform public.cmd_reject('validation', invalid);
  end if;
  tally := public.cmd_serials_tally(s.id, scan, tv_in, tv_bad);

  foreach item in array array['smartboard', 'bracket'] loop
    sent := case item when 'smartboard' then s.smartboard_quantity else s.bracket_quantity end;
    got := case item when 'smartboard' then tv_in else br_in end;
    bad := case item when 'smartboard' then tv_bad else br_bad end;
    foreach reason in array array['kurang', 'lebih', 'rusak'] loop
      expected := case when tally is not null and item = 'smartboard'
                         then jsonb_array_length(public.cmd_serials_named(tally, item, reason))
                       when reason = 'kurang' then greatest(sent - got, 0)
                       when reason = 'lebih' then greatest(got - sent, 0) else bad end;
      select count(*), max((e ->> 'quantity')::integer) into found_n, found_q
      from jsonb_array_elements(ds) e where e ->> 'item' = item and e ->> 'reason' = reason;
      if expected > 0 and found_n = 0 then
        perform public.cmd_reject('validation',
          'handover.recordDiscrepancy', public.handover_discrepancy_params(item, reason, expected));
      end if;
      if expected = 0 and found_n > 0 then
        perform public.cmd_reject('validation',
          'handover.noDiscrepancy', public.handover_discrepancy_params(item, reason, null));
      end if;
      if found_n > 1 or (found_n = 1 and found_q <> expected) then
        perform public.cmd_reject('validation',
          'handover.discrepancyMustBe', public.handover_discrepancy_params(item, reason, expected));
      end if;
    end loop;
  end loop;

  return jsonb_build_object(
    'id', v_id, 'smartboard_sent', s.smartboard_quantity, 'bracket_sent', s.bracket_quantity,
    'smartboard_received', tv_in, 'bracket_received', br_in, 'smartboard_damaged', tv_bad, 'bracket_damaged', br_bad,
    'receiver_name', v_receiver, 'driver_name', v_driver,
    'receiver_signature_id', sig_receiver, 'driver_signature_id', sig_driver, 'signed_at', v_signed,
    'tv_serials', tally,
    'discrepancies', (select coalesce(jsonb_agg(e || jsonb_build_object('serials',
                        public.cmd_serials_named(tally, e ->> 'item', e ->> 'reason')) order by k), '[]'::jsonb)
                      from jsonb_array_elements(ds) with ordinality x (e, k)));
end;
$$;

revoke execute on function public.handover_receipt(jsonb, public.shipments) from public, anon, authenticated;

-- How far ahead of the server's receipt a device's evidence time may stand (a receipt's
-- signed_at, a document's device_time) before it is stored as that receipt time plus this: a
-- tablet whose clock runs a little fast keeps the time its printed BAST shows (Periksa Dokumen
-- compares them), and no time is stored later than this past the server's own clock.
create or replace function public.evidence_clock_slack()
returns interval
language sql
immutable
as $$ select interval '10 minutes' $$;

revoke execute on function public.evidence_clock_slack() from public, anon, authenticated;

-- Writes a checked receipt and its discrepancies (with the serials each names) for the
-- shipment; returns their undo images (rows the command made: undo_command tombstones them
-- with the stock rows). signed_at is the device's claim, clamped to the server's receipt plus
-- evidence_clock_slack() (security audit 2026-12-03: it was stored up to the year 9999).
create or replace function public.handover_store_receipt(ctx public.command_context, s public.shipments,
                                                         p_warehouse_id uuid, r jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  d jsonb;
  imgs jsonb;
begin
  perform public.cmd_require_new_id('shipment_receipts', (r ->> 'id')::uuid);
  insert into public.shipment_receipts (
    id, shipment_id, warehouse_id, smartboard_sent, bracket_sent, smartboard_received, bracket_received,
    smartboard_damaged, bracket_damaged, receiver_name, driver_name, receiver_signature_id, driver_signature_id,
    signed_at, counted_by, received_at)
  values ((r ->> 'id')::uuid, s.id, p_warehouse_id, (r ->> 'smartboard_sent')::integer,
          (r ->> 'bracket_sent')::integer, (r ->> 'smartboard_received')::integer,
          (r ->> 'bracket_received')::integer, (r ->> 'smartboard_damaged')::integer,
          (r ->> 'bracket_damaged')::integer, r ->> 'receiver_name', r ->> 'driver_name',
          (r ->> 'receiver_signature_id')::uuid, (r ->> 'driver_signature_id')::uuid,
          least((r ->> 'signed_at')::timestamptz, ctx.received_at + public.evidence_clock_slack()), ctx.user_id, ctx.received_at);
  imgs := jsonb_build_array(public.undo_img('shipment_receipts', (r ->> 'id')::uuid, null));
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    perform public.cmd_require_new_id('discrepancies', (d ->> 'id')::uuid);
    insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, note, photo_ids,
                                      origin_hub_id, destination_hub_id, reported_by, reported_at, serials)
    values ((d ->> 'id')::uuid, s.id, (r ->> 'id')::uuid, d ->> 'item', d ->> 'reason',
            (d ->> 'quantity')::integer, d ->> 'note',
            array(select jsonb_array_elements_text(d -> 'photo_ids'))::uuid[],
            s.origin_hub_id, s.destination_hub_id, ctx.user_id, ctx.received_at,
            array(select jsonb_array_elements_text(d -> 'serials')));
    imgs := imgs || public.undo_img('discrepancies', (d ->> 'id')::uuid, null);
  end loop;
  return imgs;
end;
$$;

revoke execute on function public.handover_store_receipt(public.command_context, public.shipments, uuid, jsonb) from public, anon, authenticated;

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

revoke execute on function public.handover_counted(public.shipments, jsonb) from public, anon, authenticated;

-- resolve_discrepancy {discrepancy_id, note}: tower control and admins close an open
-- discrepancy with a note; a second resolve is a conflict naming who resolved it and when.
create or replace function public.cmd_resolve_discrepancy(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'discrepancy_id', 'handover.discrepancyNotFound');
  v_note text := public.cmd_req_text(p, 'note', 'handover.resolutionNoteRequired');
  d public.discrepancies;
  who jsonb;
begin
  if char_length(v_note) > 500 then
    perform public.cmd_reject('validation', 'handover.noteTooLong');
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  select * into d from public.discrepancies where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'handover.discrepancyNotFound');
  end if;
  if d.status = 'resolved' then
    select coalesce(to_jsonb(pr.email), jsonb_build_object('key', 'anotherUser')) into who
    from (select 1) one left join public.profiles pr on pr.user_id = d.resolved_by;
    perform public.cmd_reject('conflict', 'handover.discrepancyResolvedBy',
      jsonb_build_object('who', who, 'when', public.dm_format_wib(d.resolved_at)));
  end if;
  update public.discrepancies
     set status = 'resolved', resolved_by = ctx.user_id, resolved_at = ctx.received_at, resolution_note = v_note
   where id = d.id;
  return d.id;
end;
$$;

revoke execute on function public.cmd_resolve_discrepancy(public.command_context, jsonb) from public, anon, authenticated;

-- attach_document {id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
-- latitude?, longitude?, accuracy_m?, discrepancy_id?}: sent by the upload queue once the
-- object is in the bucket (refused 'upload_missing' otherwise, as set_shipment_image), so
-- no row points at a missing file. The surat jalan is the origin hub's; the rest the
-- receiving side's (the destination hub, or for a POD shipment a POD hub of its city);
-- staff any. Idempotent by id: the same document again is applied without a change.
-- device_time is the device's claim, clamped to the server's receipt plus evidence_clock_slack()
-- (security audit 2026-12-03: it was stored up to the year 9999).
create or replace function public.cmd_attach_document(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_id uuid := public.cmd_uuid(p, 'id', invalid);
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
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
    v_time := least((p ->> 'device_time')::timestamptz, ctx.received_at + public.evidence_clock_slack());
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
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  if v_discrepancy is not null
     and exists (select 1 from public.discrepancies x where x.id = v_discrepancy and x.shipment_id <> v_shipment_id) then
    perform public.cmd_reject('validation', invalid);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'handover.fileMissing');
  end if;
  insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
                                         latitude, longitude, accuracy_m, discrepancy_id, uploaded_by, received_at)
  values (v_id, v_shipment_id, v_kind, v_path, v_mime, v_size, v_sha, v_time,
          v_lat, v_lon, v_acc, v_discrepancy, ctx.user_id, ctx.received_at);
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_document(public.command_context, jsonb) from public, anon, authenticated;

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
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return (p ->> p_key)::double precision;
end;
$$;

revoke execute on function public.handover_coordinate(jsonb, text, double precision, double precision) from public, anon, authenticated;
