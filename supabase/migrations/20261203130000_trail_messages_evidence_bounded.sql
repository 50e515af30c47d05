-- Security audit 2026-12-03: three findings (docs/security.md, "Security audit 2026-12-03").
-- 1. A command of an unknown type, or with a payload that is not an object, was recorded with
--    its payload as sent, so the audit trail filed it under the payload's hub_id and a
--    shipment's history listed it under its shipment_id (any signed-in user could forge
--    "rejected" rows in another hub's trail, with up to ~1 MB of text). Now cmd_trail_payload
--    keeps no field of an unknown type, apply_commands records a payload that is not an object
--    as '{}', and a type that is not ^[a-z_]{1,40}$ is recorded (and named in its refusal) cut
--    to 40 characters, each but a-z and _ as '?', '…' when cut. The rejection codes are as before.
-- 2. message_text was executable by authenticated (an RPC nothing of the app calls) and built a
--    string of about 1 GB from one request: execute is revoked from the API roles, a key with no
--    row is returned as it is, each parameter is cut to 500 characters and the sentence to 2,000.
-- 3. A receipt's signed_at and a document's device_time were stored as the device sent them (up
--    to the year 9999): both are clamped to the command's received_at plus
--    evidence_clock_slack() (10 minutes: a tablet whose clock runs a little fast keeps the time
--    its printed BAST shows). evidence_clock_slack is new.
-- The current definitions are in supabase/schemas/functions/cmd_payload.sql, apply_commands.sql,
-- cmd_helpers.sql and cmd_handover.sql. Where each function was first and last defined:
-- cmd_trail_payload first and last in 20261128020000_baseline.sql; apply_commands first in
-- 20261128020000_baseline.sql, last in 20261130030000_pokes_held_per_batch.sql; message_text
-- first and last in 20261129010000_messages_by_key.sql; handover_store_receipt first in
-- 20261128020000_baseline.sql, last in 20261129040000_receipt_serials.sql; cmd_attach_document
-- first in 20261128020000_baseline.sql, last in 20261129010000_messages_by_key.sql.

-- The payload as it is run and recorded: the fields of its type only; for undo_command the
-- hub and shipment of the undone command as its record has them (none when there is no such
-- record of this user's). A type no command has keeps no field at all ('{}': it is refused as
-- unknown_command, and its record must not name a hub or a shipment; security audit
-- 2026-12-03). A payload that is not an object is returned as it came, so apply_commands
-- refuses it (invalid_command); apply_commands records it as '{}'.
create or replace function public.cmd_trail_payload(p_type text, p jsonb, p_actor uuid)
returns jsonb
language plpgsql
stable
as $$
declare
  keys text[] := public.cmd_payload_keys(p_type);
  nested text[];
  k text;
  v jsonb := p;
  undone public.commands;
begin
  if jsonb_typeof(v) is distinct from 'object' then
    return v;
  end if;
  if keys is null then
    return '{}'::jsonb;
  end if;
  if (v - keys) <> '{}'::jsonb then
    v := v - array(select jsonb_object_keys(v - keys));
  end if;
  nested := public.cmd_payload_nested(p_type);
  if nested is not null then
    foreach k in array nested loop
      if v ? k then
        v := jsonb_set(v, array[k], public.cmd_known_fields(v -> k, public.cmd_payload_shape(p_type) -> k));
      end if;
    end loop;
  end if;
  if p_type = 'undo_command' then
    v := v - 'hub_id' - 'shipment_id';
    if jsonb_typeof(v -> 'command_id') = 'string'
       and (v ->> 'command_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into undone from public.commands c
       where c.id = (v ->> 'command_id')::uuid and c.actor_id = p_actor;
      if found then
        if jsonb_typeof(undone.payload -> 'hub_id') = 'string' then
          v := v || jsonb_build_object('hub_id', undone.payload -> 'hub_id');
        end if;
        if jsonb_typeof(undone.payload -> 'shipment_id') = 'string' then
          v := v || jsonb_build_object('shipment_id', undone.payload -> 'shipment_id');
        end if;
      end if;
    end if;
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_trail_payload(text, jsonb, uuid) from public, anon, authenticated;

-- apply_commands (supabase/schemas/functions/apply_commands.sql): a type no command has is
-- recorded bounded, and a payload that is not an object as '{}' (finding 1 above).
create or replace function public.apply_commands(commands jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  uid uuid := auth.uid();
  me record;
  cmd jsonb;
  prior public.commands%rowtype;
  ctx public.command_context;
  -- One element a command, appended in place (a jsonb array concatenated a command at a
  -- time is copied whole each time: about 35 us a command in a batch of 100).
  results jsonb[] := '{}';
  v_id uuid;
  v_actor uuid;
  v_payload jsonb;
  v_raw jsonb;
  v_record jsonb;
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_key text;
  v_params jsonb;
  v_hint text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), in arrival order.
  held public.commands[] := '{}';
  held_ids uuid[] := '{}'; -- their ids (an array of uuids is searched faster than of rows)
  -- The row images of the held records' commands (command_images_write, below), written
  -- with them.
  images public.command_images[] := '{}';
  v_images text;
  -- The types that run with records and images still held: their functions never read
  -- public.commands or public.command_images (the header above; catalogue-server.test.ts
  -- checks it).
  trail_blind constant text[] := array['queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue',
    'create_shipment_darat', 'create_shipment_poljak', 'create_shipment_polsub', 'set_shipment_image',
    'add_inventory', 'add_vehicle', 'add_sea_fleet', 'edit_vehicle', 'delete_vehicle', 'add_vehicle_type',
    'add_vendor', 'edit_vendor', 'delete_vendor', 'add_hub', 'edit_hub', 'delete_hub', 'add_warehouse',
    'set_warehouse_capacity', 'correct_shipment_counts', 'void_shipment', 'resolve_discrepancy',
    'attach_document', 'attach_correction', 'register_serials'];
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '28000';
  end if;
  if jsonb_typeof(commands) is distinct from 'array' or jsonb_array_length(commands) > 500 then
    raise exception 'commands must be an array of at most 500 commands' using errcode = '22023';
  end if;
  -- Bound the time a batch can hold locks; a timeout is transient and retried.
  set local lock_timeout = '5s';
  set local statement_timeout = '30s';
  -- Images are taken only from this call's commands.
  v_locked := set_config('dermaga.images', '', true);
  -- The Realtime pokes of the commands' rows are held and sent once, at the end (7. above).
  v_locked := set_config('dermaga.poke_rows', '', true);
  v_locked := set_config('dermaga.pokes_held', 'on', true);

  select p.role, p.hub_id, p.email into me
  from public.profiles p where p.user_id = uid and not p.deleted;

  for cmd in select value from jsonb_array_elements(commands) loop
    -- Ids are compared in canonical form (the uuid type): the answer carries
    -- the canonical id, which the device matches in the same form.
    v_id := null;
    if jsonb_typeof(cmd -> 'id') = 'string' then
      begin
        v_id := (cmd ->> 'id')::uuid;
      exception when others then
        v_id := null;
      end;
    end if;
    if v_id is null then
      results := results || jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command',
        'message', public.message_text('invalidCommand'), 'key', 'invalidCommand', 'params', '{}'::jsonb);
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- Every command type is ^[a-z_]{1,40}$; any other is unknown and is recorded, answered and
    -- named in its refusal bounded: its first 40 characters, each but a-z and _ as '?', and '…'
    -- when cut (security audit 2026-12-03: no text of any length or kind lands in the trail).
    if v_type !~ '^[a-z_]{1,40}$' then
      v_type := regexp_replace(left(v_type, 40), '[^a-z_]', '?', 'g')
                || case when length(v_type) > 40 then '…' else '' end;
    end if;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- that may read the trail runs.
    if cardinality(held) > 0
       and (v_id = any (held_ids) or v_type <> all (trail_blind)) then
      perform public.commands_write(held);
      held := '{}';
      held_ids := '{}';
      if cardinality(images) > 0 then
        perform public.command_images_write(images);
        images := '{}';
      end if;
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    -- Only the fields its type knows are run and recorded (the header above).
    v_raw := coalesce(cmd -> 'payload', 'null'::jsonb);
    v_payload := public.cmd_trail_payload(v_type, v_raw, uid);
    -- What the record keeps: a payload that is not an object (refused) as '{}'.
    v_record := case when jsonb_typeof(v_payload) = 'object' then v_payload else '{}'::jsonb end;
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_record and prior.payload <> v_raw) then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', public.message_text('commandIdTaken'), 'key', 'commandIdTaken', 'params', '{}'::jsonb);
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message,
          'key', prior.message_key, 'params', prior.message_params);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_key := null;
    v_params := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'invalidCommand');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'forbiddenActor');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'profileNotFound');
      end if;
      ctx := row(v_id, v_type, uid, me.email, me.role, me.hub_id, v_issued, v_received)::public.command_context;
      -- The command types, the most frequent first (each WHEN is one comparison).
      case v_type
        when 'queue_vehicles' then v_entity := public.cmd_queue_vehicles(ctx, v_payload);
        when 'start_loading' then v_entity := public.cmd_start_loading(ctx, v_payload);
        when 'finish_loading' then v_entity := public.cmd_finish_loading(ctx, v_payload);
        when 'remove_from_queue' then v_entity := public.cmd_remove_from_queue(ctx, v_payload);
        when 'create_shipment_darat' then v_entity := public.cmd_create_shipment_darat(ctx, v_payload);
        when 'create_shipment_poljak' then v_entity := public.cmd_create_shipment_poljak(ctx, v_payload);
        when 'create_shipment_polsub' then v_entity := public.cmd_create_shipment_polsub(ctx, v_payload);
        when 'confirm_arrival' then v_entity := public.cmd_confirm_arrival(ctx, v_payload);
        when 'start_unloading' then v_entity := public.cmd_start_unloading(ctx, v_payload);
        when 'complete_unloading' then v_entity := public.cmd_complete_unloading(ctx, v_payload);
        when 'pod_confirm_arrival' then v_entity := public.cmd_pod_confirm_arrival(ctx, v_payload);
        when 'pod_start_unloading' then v_entity := public.cmd_pod_start_unloading(ctx, v_payload);
        when 'pod_complete' then v_entity := public.cmd_pod_complete(ctx, v_payload);
        when 'set_shipment_image' then v_entity := public.cmd_set_shipment_image(ctx, v_payload);
        when 'add_inventory' then v_entity := public.cmd_add_inventory(ctx, v_payload);
        when 'add_vehicle' then v_entity := public.cmd_add_vehicle(ctx, v_payload);
        when 'add_sea_fleet' then v_entity := public.cmd_add_sea_fleet(ctx, v_payload);
        when 'edit_vehicle' then v_entity := public.cmd_edit_vehicle(ctx, v_payload);
        when 'delete_vehicle' then v_entity := public.cmd_delete_vehicle(ctx, v_payload);
        when 'add_vehicle_type' then v_entity := public.cmd_add_vehicle_type(ctx, v_payload);
        when 'add_vendor' then v_entity := public.cmd_add_vendor(ctx, v_payload);
        when 'edit_vendor' then v_entity := public.cmd_edit_vendor(ctx, v_payload);
        when 'delete_vendor' then v_entity := public.cmd_delete_vendor(ctx, v_payload);
        when 'add_hub' then v_entity := public.cmd_add_hub(ctx, v_payload);
        when 'edit_hub' then v_entity := public.cmd_edit_hub(ctx, v_payload);
        when 'delete_hub' then v_entity := public.cmd_delete_hub(ctx, v_payload);
        when 'add_warehouse' then v_entity := public.cmd_add_warehouse(ctx, v_payload);
        when 'set_warehouse_capacity' then v_entity := public.cmd_set_warehouse_capacity(ctx, v_payload);
        when 'undo_command' then v_entity := public.cmd_undo_command(ctx, v_payload);
        when 'correct_shipment_counts' then v_entity := public.cmd_correct_shipment_counts(ctx, v_payload);
        when 'void_shipment' then v_entity := public.cmd_void_shipment(ctx, v_payload);
        when 'resolve_discrepancy' then v_entity := public.cmd_resolve_discrepancy(ctx, v_payload);
        when 'attach_document' then v_entity := public.cmd_attach_document(ctx, v_payload);
        when 'attach_correction' then v_entity := public.cmd_attach_correction(ctx, v_payload);
        when 'register_serials' then v_entity := public.cmd_register_serials(ctx, v_payload);
        else
          perform public.cmd_reject('unknown_command', 'unknownCommand', jsonb_build_object('type', v_type));
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail,
                                v_hint = pg_exception_hint;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          -- cmd_reject's refusal: its code, and its message key and parameters (the hint).
          v_code := substr(v_detail, 9);
          v_key := v_hint::jsonb ->> 'key';
          v_params := v_hint::jsonb -> 'params';
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its images, if it kept any (an applied floor command; a refused one's were rolled back
    -- with its subtransaction), written with its record.
    v_images := current_setting('dermaga.images', true);
    if v_images <> '' then
      images := images || row(v_id, v_type, uid, me.hub_id, v_images::jsonb, null, now())::public.command_images;
      v_locked := set_config('dermaga.images', '', true);
    end if;
    -- Its record, written later (6. above).
    held := held || row(v_id, null, uid, me.email, v_type, v_record, coalesce(v_issued, v_received),
                        v_received, v_outcome, v_code, v_message, v_entity, v_key, v_params)::public.commands;
    held_ids := held_ids || v_id;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message, 'key', v_key, 'params', v_params);
  end loop;

  perform public.commands_write(held);
  if cardinality(images) > 0 then
    perform public.command_images_write(images);
  end if;
  perform public.poke_held_scopes();

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;

comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;

grant execute on function public.apply_commands(jsonb) to authenticated;

-- A message by key: the text of public.app_messages with each {{name}} replaced by its
-- parameter (a parameter that is itself {key, params} is a message too: a conflict's "what");
-- a key the table has no row for is returned as it is, nothing substituted. Bounded (security
-- audit 2026-12-03: as an RPC, a key of repeated {{a}} and a long parameter built a string of
-- about 1 GB in one request): each parameter is cut to 500 characters and the sentence, after
-- each substitution, to 2,000 (a parameter naming another's {{name}} cannot multiply it). Only
-- the server's own functions call it (cmd_reject, tv_unit_path, run as the owner): no API role
-- may.
create or replace function public.message_text(p_key text, p_params jsonb default '{}')
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v text;
  k text;
  val jsonb;
begin
  select m.text into v from public.app_messages m where m.key = p_key;
  if v is null then
    return p_key;
  end if;
  for k, val in select e.key, e.value from jsonb_each(coalesce(p_params, '{}')) e loop
    v := left(replace(v, '{{' || k || '}}', left(case
      when jsonb_typeof(val) = 'object' then public.message_text(val ->> 'key', val -> 'params')
      else coalesce(val #>> '{}', '') end, 500)), 2000);
  end loop;
  return v;
end;
$$;

revoke execute on function public.message_text(text, jsonb) from public, anon, authenticated;

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
