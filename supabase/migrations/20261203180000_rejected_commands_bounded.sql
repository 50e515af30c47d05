-- Security audit 2026-12-03 (docs/security.md, "Security audit 2026-12-03"): a rejected command
-- of a known type was recorded in public.commands with its known fields as sent, at any length
-- (a 900,000-character name, 100,000 vehicle ids, a 1 MB note), so any signed-in user (an open
-- sign-up too) could store about 1 MB a request that the audit trail and a shipment's history
-- show to staff. Now apply_commands records a rejected command's payload through the new
-- cmd_bounded_payload (with its helper cmd_bounded_value): each text cut to 2,000 characters
-- with '…', each list to 520 entries, nesting to 8 levels, and the whole to 65,536 bytes (over
-- it: the payload's uuid fields only, so it is filed under the same hub and shipment). A replay
-- of a rejected command compares its payload bounded too. Applied commands are recorded as before.
-- The current definitions are in supabase/schemas/functions/cmd_payload.sql and
-- apply_commands.sql. Where each function was first and last defined: cmd_bounded_value and
-- cmd_bounded_payload are new (first defined here); apply_commands first in
-- 20261128020000_baseline.sql, last in 20261203130000_trail_messages_evidence_bounded.sql.

-- What is recorded of a REJECTED command (security audit 2026-12-03): its known fields, each
-- bounded. A command that applied passed its own checks, which bound every field it keeps, and
-- is recorded as it ran; a refused one stopped at its first failing check, so the fields after
-- it were recorded as sent (a 900,000-character name, 100,000 vehicle ids, a 1 MB note: about
-- 1 MB of anything in public.commands, and so in the audit trail and a shipment's history, per
-- request of any signed-in user). apply_commands records a refusal through
-- cmd_bounded_payload; the bounds are the largest values a command accepts:
--   * a text: 2,000 characters, '…' appended when cut. The longest text any command accepts
--     is 2,000 characters (cmd_require_text_bound's bound for what no one types: a storage
--     path, a kind; what is typed is at most 500, a note or a reason; a serial at most 64, a
--     uuid 36). A number's text and an object's key are bounded alike (a number longer than
--     that is recorded as its text, cut);
--   * an array or an object: its first 520 elements or keys. The longest list a command accepts
--     is undo_command's rows (MAX_UNDO_ROWS = 20 + MAX_SERIALS, sync/commands/undo.ts); the
--     serial lists (tv_serials, a receipt's received and damaged, register_serials' units) at
--     most MAX_SERIALS = 500 (sync/domain/serials.ts), a receipt's discrepancies 6, their
--     photos 10; vehicle_ids has no bound but the hub's trucks;
--   * nesting: 8 levels, the payload the first (a command nests at most 5: the payload, its
--     receipt, the discrepancies, one of them, its photo_ids; undo's rows, a row, its image, a
--     column's array); a deeper array or object is recorded as '…';
--   * the whole: 65,536 bytes of its text (jsonb::text; a create_shipment's 500 serials of
--     typical length are about 10 kB). A payload still over it after the cuts is recorded as its
--     fields that are uuids only (hub_id, shipment_id, vehicle_id, ...: what the audit trail and
--     a shipment's history file it by).
-- A payload within every bound is recorded as it came. Not on the hot path (refusals only):
-- each keeps its own `set search_path`.

-- v with each text, list and nesting bounded (above); SQL null when its text is found over
-- 65,536 bytes (the caller records the uuids only). p_depth: the levels above v (the payload 0).
-- Work is bounded by the output: each list stops at 520 entries or when what it keeps is over
-- the size, so a huge payload is not walked whole.
create or replace function public.cmd_bounded_value(v jsonb, p_depth integer)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text;
  k text;
  e jsonb;
  keys text[] := '{}';
  vals jsonb[] := '{}';
  total bigint := 0;
  i integer;
begin
  case jsonb_typeof(v)
    when 'string', 'number' then
      t := case when jsonb_typeof(v) = 'string' then v #>> '{}' else v::text end;
      if char_length(t) > 2000 then
        return to_jsonb(left(t, 2000) || '…');
      end if;
      return v;
    when 'array' then
      if p_depth >= 8 then
        return to_jsonb('…'::text);
      end if;
      for i in 0 .. least(jsonb_array_length(v), 520) - 1 loop
        e := public.cmd_bounded_value(v -> i, p_depth + 1);
        total := total + octet_length(e::text);
        if e is null or total > 65536 then
          return null;
        end if;
        vals := vals || e;
      end loop;
      return to_jsonb(vals);
    when 'object' then
      if p_depth >= 8 then
        return to_jsonb('…'::text);
      end if;
      for k, e in select j.key, j.value from jsonb_each(v) j limit 520 loop
        e := public.cmd_bounded_value(e, p_depth + 1);
        if char_length(k) > 2000 then
          k := left(k, 2000) || '…';
        end if;
        total := total + octet_length(k) + octet_length(e::text);
        if e is null or total > 65536 then
          return null;
        end if;
        keys := keys || k;
        vals := vals || e;
      end loop;
      return coalesce((select jsonb_object_agg(q.k, q.v) from unnest(keys, vals) as q(k, v)), '{}'::jsonb);
    else
      return v; -- true, false, null
  end case;
end;
$$;

revoke execute on function public.cmd_bounded_value(jsonb, integer) from public, anon, authenticated;

-- The payload a rejected command is recorded with (above): p bounded, or, when that is still
-- over 65,536 bytes, its top-level fields that are uuids (at most 50; a known type has fewer).
-- The same p always gives the same record (apply_commands compares a replay's payload with it).
create or replace function public.cmd_bounded_payload(p jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v jsonb := public.cmd_bounded_value(p, 0);
begin
  if v is not null and octet_length(v::text) <= 65536 then
    return v;
  end if;
  return coalesce((select jsonb_object_agg(f.key, f.value)
                   from (select j.key, j.value
                         from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) j
                         where char_length(j.key) <= 40 and jsonb_typeof(j.value) = 'string'
                           and (j.value #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                         limit 50) f), '{}'::jsonb);
end;
$$;

revoke execute on function public.cmd_bounded_payload(jsonb) from public, anon, authenticated;

-- apply_commands (supabase/schemas/functions/apply_commands.sql): a rejected command is
-- recorded with its payload bounded (cmd_bounded_payload), and a replay of one compared bounded.
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
      -- (A rejection was recorded bounded: the payload is compared bounded too.)
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_record and prior.payload <> v_raw
             and (prior.outcome <> 'rejected' or prior.payload <> public.cmd_bounded_payload(v_record))) then
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
    -- Its record, written later (6. above); a rejected command's fields bounded (the header).
    if v_outcome = 'rejected' then
      v_record := public.cmd_bounded_payload(v_record);
    end if;
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
