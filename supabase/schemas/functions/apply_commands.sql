-- The one write path of the app (docs/sync.md, docs/security.md):
-- apply_commands(commands jsonb).
--
-- Each command is { id, type, payload, issued_at, actor } made on a device.
-- For each, in order, in its own subtransaction: the actor comes from the JWT
-- (a payload naming someone else is refused), the command runs through
-- public.cmd_<type>(ctx, payload) which checks role, hub and precondition
-- under row locks and writes every row of the transition, and the outcome is
-- recorded in public.commands under the command id. A command id seen before
-- is answered from that record and never applied twice. A rejection is final
-- and recorded; only transient failures (lock or statement timeout,
-- serialization failure, deadlock) abort the whole call so the client retries.
--
-- What the envelope checks before a cmd_* function runs (issue 9):
--   * the device time must be an ISO 8601 time with a zone, else the command
--     is refused with invalid_command; it is clamped to the server's receipt
--     from above, and from below to the previous transition of the rows the
--     command names and to 30 days before the receipt (a tablet whose clock
--     reset to 1970 must not stamp 1970 business dates);
--   * the payload must be an object, the actor a uuid equal to the caller;
--   * one id, one command: the same id sent again with another actor, type or
--     payload is refused with duplicate_id, never answered "applied" (a rejected
--     command's payload is compared as it was recorded, bounded: one that differs
--     from the first only past the bounds is answered with the first rejection);
--   * ids are compared in canonical form (the uuid type) and answered in it;
--   * role checks are NULL-safe: a missing role never passes.
--
-- How it is made fast (issue 14, P2). docs/performance.md, "How apply_commands
-- got fast", tells how each was found and measured; the numbers below are its
-- notes', which the comments in the bodies refer to ("see 2. above"):
--   * plan_cache_mode = force_generic_plan: each command's statements are a
--     handful of primary-key lookups and updates whose plans do not depend on
--     the values, so they are planned once per connection;
--   * the answers are collected in a jsonb[] and turned into the jsonb array
--     once (a jsonb array concatenated a command at a time is copied whole
--     each time).
--   1. The command's function is called statically, through a CASE over the
--      command types (dynamic SQL is parsed and planned on every call). A type
--      that is not listed takes the old path by name (the same `^[a-z_]+$`
--      and to_regprocedure checks, the same unknown_command rejection), so a
--      cmd_<type>(command_context, jsonb) added later works before it is
--      listed. A migration that drops or renames a listed function must
--      replace apply_commands as well.
--   2. The id's advisory lock is taken in an assignment (a simple expression,
--      evaluated without starting the executor) rather than by PERFORM.
--   3. cmd_time_floor finds the payload's ids with a loop rather than a query
--      over jsonb_each, and looks them up one at a time by primary key (the
--      generic plan of `id = any(ids)` was a bitmap scan, whose set-up costs
--      more than the one or two rows it finds; a function's SET clause turning
--      bitmap scans off costs more again, on every call). The ids under keys that
--      name a hub, a warehouse, a vendor, a vehicle type or a stock booking are
--      not looked up at all (20261130060000).
--   4. The hot path's helpers carry no `set search_path`: see cmd_helpers.sql for why
--      that is safe.
--   5. The vehicle queue's commands take the vehicle as it was in the UPDATE that changes
--      it (issue 43): cmd_vehicle_queue.sql.
--   6. The idempotency records (public.commands) are held back and written
--      several at a time (public.commands_write, below), one INSERT of the held rows, with the same values in
--      the same order (seq, the arrival order, is given in that order). Nothing
--      may read a record before it is written, so they are written before
--      anything could: before the record of a command id is looked up when that
--      id is among the held rows, before any command of a type not in trail_blind
--      runs (cmd_reject_conflict reads public.commands to name who acted first;
--      the types trail_blind names reach nothing that reads public.commands or
--      public.command_images: catalogue-server.test.ts checks it), and at the end of
--      the call. The floor commands' row images (public.command_images, for
--      undo_command) are held the same way and written at the same points
--      (public.command_images_write, below; issue 43). The call is one transaction: a transient error rolls all of it
--      back, and other transactions see the records at commit (one racing on
--      the same id waits on the id's advisory lock, held until then). seq
--      values of one call are consecutive; the order within each call is kept.
--   7. The Realtime pokes are held for the call (realtime_pokes.sql, poke_changed_scopes):
--      each statement's trigger keeps its rows' poke_fields, and poke_held_scopes pokes the
--      topics of them all once, after the last command (issue 43).
--
-- Before it runs, each command's payload is cut to the fields its type knows
-- (public.cmd_trail_payload, cmd_payload.sql); the record keeps what ran: nothing ('{}') of a
-- type no command has or of a payload that is not an object, and a type bounded (below). A
-- rejected command's record keeps its fields bounded (public.cmd_bounded_payload, cmd_payload.sql:
-- texts, lists, nesting and the whole; security audit 2026-12-03); an applied one's as it ran.
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
    'attach_document', 'attach_correction', 'register_serials', 'remove_serials'];
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
      -- Only staff run commands: a user without a live profile, or an open sign-up no admin has
      -- given a hub yet, is refused before anything of the payload is read (its time floor's
      -- look-ups, the command's own readers), whatever the command and its payload.
      if me.role is null then
        perform public.cmd_reject('forbidden', 'profileNotFound');
      end if;
      if me.role = 'hub_user' and me.hub_id is null then
        perform public.cmd_reject('forbidden', 'forbiddenAction');
      end if;
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
        when 'remove_serials' then v_entity := public.cmd_remove_serials(ctx, v_payload);
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

-- The held-back records (note 6.) are one array of public.commands rows (beside it their
-- ids, to look one up), written by this one function, in arrival order. Every command type of
-- the catalogue (sync/commands/catalogue.ts) is called statically through the CASE (note 1.);
-- a type that is not listed is unknown_command (tests/integration/catalogue-server.test.ts
-- holds the CASE to the catalogue and to the server's cmd_<type>(command_context, jsonb)
-- functions). trail_blind names the types whose records may stay held back while they run: the
-- types whose functions (and every function they call) never read public.commands or
-- public.command_images; catalogue-server.test.ts checks that from the functions' source.
-- The held-back records of one apply_commands call, in arrival order (seq is given in it).
create or replace function public.commands_write(held public.commands[])
returns void
language sql
set search_path = ''
as $$
  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id, message_key, message_params)
  select q.id, q.actor_id, q.actor_email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id, q.message_key, q.message_params
  from unnest(held) with ordinality as q
  order by q.ordinality;
$$;

revoke execute on function public.commands_write(public.commands[]) from public, anon, authenticated;

-- The floor commands' row images (public.command_images, for undo_command) are held back like
-- the idempotency records (note 6.) and written with them, one INSERT of the held rows, at
-- every point where apply_commands writes the held records: before a type that is not
-- trail_blind runs (undo_command, the only reader of command_images, is not), before a record
-- among the held ones is looked up, and at the end of the call. undo_keep_images (cmd_undo.sql)
-- hands the command's images back to apply_commands through a transaction-local setting
-- (dermaga.images, set_config(..., true)), which apply_commands takes after the command's
-- subtransaction and clears. A refused command's subtransaction rolls the setting back with
-- everything else it did, so only an applied command's images are held. apply_commands clears
-- the setting when it starts, so nothing set before the call is taken. docs/performance.md,
-- "P2 after undo", has the measurements (issue 43).
-- The held images of one apply_commands call, in arrival order. Images older than 30 days
-- are pruned about once every hundred commands, as undo_keep_images did (an index range).
create or replace function public.command_images_write(held public.command_images[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.command_images (command_id, type, actor_id, hub_id, images, undone_by, recorded_at)
  select q.command_id, q.type, q.actor_id, q.hub_id, q.images, q.undone_by, q.recorded_at
  from unnest(held) with ordinality as q
  order by q.ordinality;
  if random() < cardinality(held) / 100.0 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;

revoke execute on function public.command_images_write(public.command_images[]) from public, anon, authenticated;
