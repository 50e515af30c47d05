-- apply_commands, faster on the server (issue 14, P2; docs/performance.md): the same
-- answers, about 3.5 times the commands a second with 10,000 shipments.
--
-- cmd_time_floor (20261123000100_command_envelope.sql) as index lookups.
-- Its ids came from a CTE the planner guessed at 101 rows, so it hashed them and
-- scanned every shipment and every vehicle for each command: about 1.5 ms a command
-- with 12,000 shipments, growing with the table. The same ids as one array compared
-- with `= any(ids)` are looked up by primary key. Same answer: the latest transition
-- time of the shipments and vehicles the payload names (top-level ids and arrays of
-- ids), or null.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  ids uuid[];
begin
  with texts as (
    select e.value #>> '{}' as t
    from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) e
    where jsonb_typeof(e.value) = 'string'
    union all
    select a.value #>> '{}'
    from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) e
    cross join lateral jsonb_array_elements(case when jsonb_typeof(e.value) = 'array' then e.value else '[]'::jsonb end) a
    where jsonb_typeof(a.value) = 'string'
  )
  select array_agg(t::uuid) into ids
  from texts
  where t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  if ids is null then
    return null;
  end if;
  return greatest(
    (select max(greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                         s.unloading_finished_at))
     from public.shipments s where s.id = any (ids)),
    (select max(greatest(v.queued_at, v.loading_started_at, v.loading_finished_at))
     from public.vehicles v where v.id = any (ids)));
end;
$$;

revoke execute on function public.cmd_time_floor(jsonb) from public, anon, authenticated;

-- apply_commands as in 20261123000100_command_envelope.sql, with two changes:
--   * plan_cache_mode = force_generic_plan: each command's statements are a handful of
--     primary-key lookups and updates whose plans do not depend on the values, so they are
--     planned once per connection. Left to itself the plan cache re-planned some of them on
--     every call (a custom plan for `id = any(ids)` looked cheaper than the generic one),
--     about 0.1 ms a command;
--   * the answers are collected in a jsonb[] and turned into the jsonb array once.
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

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record.
    perform pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint);
    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
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
      if v_type !~ '^[a-z_]+$'
         or to_regprocedure(format('public.cmd_%s(public.command_context,jsonb)', v_type)) is null then
        perform public.cmd_reject('unknown_command', format('Perintah tidak dikenal: %s', v_type));
      end if;
      ctx := row(v_id, v_type, uid, me.email, me.role, me.hub_id, v_issued, v_received)::public.command_context;
      execute format('select public.%I($1, $2)', 'cmd_' || v_type)
        into v_entity
        using ctx, v_payload;
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

    insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                                 outcome, code, message, entity_id)
    values (v_id, uid, me.email, v_type, v_payload, coalesce(v_issued, v_received), v_received,
            v_outcome, v_code, v_message, v_entity);
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message);
  end loop;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;
