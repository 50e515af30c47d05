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
--     payload is refused with duplicate_id, never answered "applied";
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
--      over jsonb_each, and looks them up by primary key with plain index
--      scans (the generic plan of `id = any(ids)` was a bitmap scan, whose
--      set-up costs more than the one or two rows it finds).
--   4. The hot path's helpers carry no `set search_path`: see
--      20261126000700_baseline_command_helpers.sql for why that is safe.
--   5. The vehicle queue's commands try their transition as one UPDATE first:
--      20261126000900_cmd_vehicle_queue.sql.
--   6. The idempotency records (public.commands) are held back and written
--      several at a time, one INSERT of the held rows, with the same values in
--      the same order (seq, the arrival order, is given in that order). Nothing
--      may read a record before it is written, so they are written before
--      anything could: before the record of a command id is looked up when that
--      id is among the held rows, before any command other than the vehicle
--      queue's four runs (cmd_reject_conflict reads public.commands to name who
--      acted first; the queue commands read nothing of it), and at the end of
--      the call. The call is one transaction: a transient error rolls all of it
--      back, and other transactions see the records at commit (one racing on
--      the same id waits on the id's advisory lock, held until then). seq
--      values of one call are consecutive; the order within each call is kept.

-- The latest transition time of the shipments and vehicles a payload names
-- (top-level string values and string elements of top-level arrays that are
-- uuids, any case), or null (also when the payload is not an object): a device
-- time is never earlier than the previous transition of the same row.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
-- Plain primary-key index scans for `id = any(ids)` (see 3. above); no other statement here.
set enable_bitmapscan = off
as $$
declare
  vals jsonb;
  v jsonb;
  e jsonb;
  t text;
  ids uuid[] := '{}';
  i integer;
  k integer;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return null;
  end if;
  -- The values of the object's members ('strict': arrays among them stay arrays).
  vals := jsonb_path_query_array(p, 'strict $.*');
  for i in 0 .. jsonb_array_length(vals) - 1 loop
    v := vals -> i;
    if jsonb_typeof(v) = 'string' then
      t := v #>> '{}';
      if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        ids := ids || t::uuid;
      end if;
    elsif jsonb_typeof(v) = 'array' then
      for k in 0 .. jsonb_array_length(v) - 1 loop
        e := v -> k;
        if jsonb_typeof(e) = 'string' then
          t := e #>> '{}';
          if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
            ids := ids || t::uuid;
          end if;
        end if;
      end loop;
    end if;
  end loop;
  if cardinality(ids) = 0 then
    return null;
  end if;
  -- The latest non-null time of each table's rows (max() as an ordered LIMIT 1: no aggregate
  -- to set up; null when no row or only nulls, as max() answers).
  return greatest(
    (select greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                     s.unloading_finished_at) as t
     from public.shipments s where s.id = any (ids)
     order by t desc nulls last limit 1),
    (select greatest(v.queued_at, v.loading_started_at, v.loading_finished_at) as t
     from public.vehicles v where v.id = any (ids)
     order by t desc nulls last limit 1));
end;
$$;

-- The time the user acted, by the device clock: an ISO 8601 time with a zone
-- ('2026-11-21T07:05:00.123Z', '2026-11-21T14:05:00+07:00'), else null (the
-- caller refuses the command). Clamped to [floor, receipt].
create or replace function public.cmd_device_time(p_issued jsonb, p_payload jsonb, p_received timestamptz)
returns timestamptz
language plpgsql
stable
as $$
declare
  t timestamptz;
begin
  if jsonb_typeof(p_issued) is distinct from 'string'
     or (p_issued #>> '{}') !~ '^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    return null;
  end if;
  begin
    t := (p_issued #>> '{}')::timestamptz;
  exception when others then
    return null;
  end;
  return least(p_received, greatest(t, p_received - interval '30 days', public.cmd_time_floor(p_payload)));
end;
$$;

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
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), one element a command.
  q_id uuid[] := '{}';
  q_type text[] := '{}';
  q_payload jsonb[] := '{}';
  q_issued timestamptz[] := '{}';
  q_received timestamptz[] := '{}';
  q_outcome text[] := '{}';
  q_code text[] := '{}';
  q_message text[] := '{}';
  q_entity uuid[] := '{}';
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
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command', 'message', 'Perintah tidak valid.');
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- other than the queue's four runs.
    if cardinality(q_id) > 0
       and (v_id = any (q_id)
            or v_type not in ('queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue')) then
      insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                                   outcome, code, message, entity_id)
      select q.id, uid, me.email, q.type, q.payload, q.issued_at, q.received_at,
             q.outcome, q.code, q.message, q.entity_id
      from unnest(q_id, q_type, q_payload, q_issued, q_received, q_outcome, q_code, q_message, q_entity)
           with ordinality as q(id, type, payload, issued_at, received_at, outcome, code, message, entity_id, n)
      order by q.n;
      q_id := '{}'; q_type := '{}'; q_payload := '{}'; q_issued := '{}'; q_received := '{}';
      q_outcome := '{}'; q_code := '{}'; q_message := '{}'; q_entity := '{}';
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    v_payload := coalesce(cmd -> 'payload', 'null'::jsonb);
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type or prior.payload <> v_payload then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', 'Id perintah ini sudah dipakai oleh perintah lain.');
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'Perintah tidak valid.');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'Perintah ini dibuat atas nama pengguna lain.');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'Profil pengguna tidak ditemukan.');
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
        else
          -- Not a listed type: as before, by name.
          if v_type !~ '^[a-z_]+$'
             or to_regprocedure(format('public.cmd_%s(public.command_context,jsonb)', v_type)) is null then
            perform public.cmd_reject('unknown_command', format('Perintah tidak dikenal: %s', v_type));
          end if;
          execute format('select public.%I($1, $2)', 'cmd_' || v_type)
            into v_entity
            using ctx, v_payload;
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          v_code := substr(v_detail, 9);
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its record, written later (6. above): the same values, in the same order.
    q_id := q_id || v_id;
    q_type := q_type || v_type;
    q_payload := q_payload || v_payload;
    q_issued := q_issued || coalesce(v_issued, v_received);
    q_received := q_received || v_received;
    q_outcome := q_outcome || v_outcome;
    q_code := q_code || v_code;
    q_message := q_message || v_message;
    q_entity := q_entity || v_entity;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message);
  end loop;

  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id)
  select q.id, uid, me.email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id
  from unnest(q_id, q_type, q_payload, q_issued, q_received, q_outcome, q_code, q_message, q_entity)
       with ordinality as q(id, type, payload, issued_at, received_at, outcome, code, message, entity_id, n)
  order by q.n;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;
comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;
grant execute on function public.apply_commands(jsonb) to authenticated;
revoke execute on function public.cmd_time_floor(jsonb), public.cmd_device_time(jsonb, jsonb, timestamptz)
  from public, anon, authenticated;
