-- apply_commands, faster per command (issue 14, P2; docs/performance.md). The answers, codes,
-- messages, rows written and checks are the same as in 20261124000100_apply_commands_faster.sql;
-- what changes is how much work the server does around each command. Measured over one
-- connection (PostgreSQL 15, 10,000 shipments, batches of 99 queue / Proses Muat / off the
-- queue commands on one vehicle), see docs/performance.md for the figures.
--
-- 1. The command's function is called statically. apply_commands found it with
--    to_regprocedure(format(...)) and called it with `execute format('select public.%I($1, $2)')`:
--    dynamic SQL is parsed, analysed and planned on every call (EXECUTE caches no plan). Now a
--    CASE over the 28 command types calls each cmd_* function directly (a plpgsql assignment,
--    planned once per connection). A type that is not one of them takes the old path unchanged
--    (the same `^[a-z_]+$` and to_regprocedure checks, the same unknown_command rejection, the
--    same dynamic call), so a cmd_<type>(command_context, jsonb) function added later works
--    before it is listed here. A migration that drops or renames one of the listed functions
--    must replace apply_commands as well.
-- 2. The id's advisory lock is taken in an assignment (a simple expression, evaluated without
--    starting the executor) rather than by PERFORM (a full SELECT through SPI). Same lock, same
--    key.
-- 3. cmd_time_floor finds the payload's ids with a loop over jsonb_path_query_array(p,
--    'strict $.*') (the values of the object's members, in strict mode nothing is unwrapped)
--    instead of a query over jsonb_each (two set-returning function scans and an aggregate per
--    command), and looks them up by primary key with plain index scans: the generic plan of
--    `id = any(ids)` was a bitmap scan, whose set-up costs more than the one or two rows it
--    finds. Same ids (the top-level string values and the string elements of top-level arrays
--    that are uuids, any case), same answer (the latest transition time of those shipments and
--    vehicles, or null; null when the payload is not an object).
-- 4. The hot path's helpers no longer carry `set search_path = ''` (ALTER FUNCTION ... RESET):
--    a function-level SET makes each call save the settings, set the path (which invalidates
--    the cached search path, recomputed at the next lookup) and restore them at exit, about
--    1 us a call and about ten calls a command. Why it is safe for these functions:
--      * none of them is security definer: each runs with its caller's rights, so a search
--        path can only ever redirect what the caller could already do;
--      * execute on them is revoked from public, anon and authenticated (the migrations that
--        created them): clients cannot call them; they are reached only from apply_commands,
--        which is security definer with `set search_path = ''`, so they run with that empty
--        path exactly as before;
--      * every table, type and function of ours they name is schema-qualified (public.*), and
--        what is not (built-in functions and operators: format, coalesce, jsonb_typeof, =, ~*,
--        ->, ...) resolves in pg_catalog, which is searched first under the empty path;
--      * apply_commands itself, the security definer entry point, keeps its
--        `set search_path = ''` (and every other security definer function keeps its own).
--    The queue commands (5.) are replaced without the clause, for the same reasons. The other
--    cmd_* functions (shipping, arrival, POD, master data) keep theirs: they are not on the
--    measured path and were not audited here.
-- 5. The queue commands try their transition as one UPDATE first (below, before them).
-- 6. The idempotency records (public.commands) are written several at a time, one INSERT of
--    the rows held back (about 20 us a row instead of about 40: one statement started instead
--    of one a row), with the same values in the same order (seq, the arrival order, is given
--    in that order). Nothing may read a record before it is written, so they are written
--    before anything could: before the record of a command id is looked up when that id is
--    among the rows held back (the same id twice in one call is answered as before), before
--    any command other than the four of the vehicle queue runs (cmd_reject_conflict reads
--    public.commands to name who acted first; the queue commands read nothing of it), and at
--    the end of the call. The call is one transaction: a transient error rolls all of it back
--    as before, and other transactions see the records at commit as before (one racing on the
--    same id waits on the id's advisory lock, held until then). One difference, not in any
--    answer: seq values of one call are now consecutive where concurrent calls used to
--    interleave theirs; seq orders the audit trail, and the order within each call is kept.

-- 3. ------------------------------------------------------------------------------------------
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

revoke execute on function public.cmd_time_floor(jsonb) from public, anon, authenticated;

-- 4. ------------------------------------------------------------------------------------------
-- Bodies unchanged; each was read for unqualified names (see 4. above).
alter function public.cmd_device_time(jsonb, jsonb, timestamptz) reset search_path;
alter function public.cmd_reject(text, text) reset search_path;
alter function public.cmd_uuid(jsonb, text, text) reset search_path;
alter function public.cmd_require_hub(public.command_context, uuid) reset search_path;
alter function public.cmd_hub(uuid) reset search_path;
alter function public.cmd_lock_vehicle(uuid) reset search_path;
alter function public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text) reset search_path;

-- 5. ------------------------------------------------------------------------------------------
-- The queue commands (20261121002200_cmd_vehicle_queue.sql) try the transition first as one
-- UPDATE whose WHERE holds only when every check of the old path would pass; when it updates
-- nothing, the old path runs unchanged (the same checks in the same order, the same rejections,
-- then the same UPDATE). Why: a batch that moves one vehicle N times leaves N versions of its
-- row that no one can prune until the batch commits, and each look-up of the row walks them
-- (with a multixact to read for each: every version is locked by one subtransaction and updated
-- by the next), so each look-up spared counts; the old path looked the row up twice (the
-- FOR UPDATE lock, then the UPDATE). The row is still locked before it is changed (the UPDATE's
-- own lock, FOR NO KEY UPDATE; the old path's explicit lock was FOR UPDATE, which also held off
-- foreign-key checks of rows referencing the vehicle, which no transition changes), and a
-- concurrent change is seen as before (READ COMMITTED re-checks the WHERE on the newest
-- version, as the old SELECT ... FOR UPDATE read the newest version). PERFORM of a void helper
-- becomes an assignment of its result cast to text (see 2. above).

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
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'Pilih minimal satu kendaraan')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'Pilih minimal satu kendaraan')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    -- Fast path: active, ready, and a sea fleet with a ship name at a port hub.
    update public.vehicles
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
     where id = vehicle_id and not deleted and is_active and ready
       and (hub.type not in ('poljak', 'polsub') or coalesce(btrim(nama_kapal), '') <> '');
    continue when found;
    -- The old path.
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
     where id = vehicle_id;
  end loop;
  return hub_id;
end;
$$;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  -- As cmd_vehicle_at_hub reads them, in its order: the hub, the caller's right to it, the vehicle.
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  ok text := public.cmd_require_hub(ctx, hub_id)::text;
  vehicle_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v public.vehicles;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
   where id = vehicle_id and not deleted and current_hub_id = hub_id and siap_muat;
  if found then
    return vehicle_id;
  end if;
  v := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat',
    'Kendaraan %s tidak ada di antrian Siap Muat hub ini.');
  update public.vehicles
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
   where id = v.id;
  return v.id;
end;
$$;

-- remove_from_queue: out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  ok text := public.cmd_require_hub(ctx, hub_id)::text;
  vehicle_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v public.vehicles;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
   where id = vehicle_id and not deleted and current_hub_id = hub_id and (siap_muat or sedang_muat);
  if found then
    return vehicle_id;
  end if;
  v := public.cmd_vehicle_at_hub(ctx, p, 'queued',
    'Kendaraan %s tidak ada di antrian hub ini.');
  update public.vehicles
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
   where id = v.id;
  return v.id;
end;
$$;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  ok text := public.cmd_require_hub(ctx, hub_id)::text;
  vehicle_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v public.vehicles;
begin
  update public.vehicles
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
   where id = vehicle_id and not deleted and current_hub_id = hub_id and sedang_muat;
  if found then
    return vehicle_id;
  end if;
  v := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat',
    'Kendaraan %s tidak sedang dimuat di hub ini.');
  update public.vehicles
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
   where id = v.id;
  return v.id;
end;
$$;

-- 1. and 2. -----------------------------------------------------------------------------------
-- apply_commands as in 20261124000100_apply_commands_faster.sql but for the lock (2.) and the
-- call of the command's function (1.).
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
