-- The command envelope (docs/sync.md, docs/security.md): apply_commands and
-- what it checks before a cmd_* function runs. Moved here from
-- 20261121002100_commands.sql when the write path was hardened (issue 9):
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

create or replace function public.cmd_require_role(ctx public.command_context, p_roles text[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not coalesce(ctx.role = any (p_roles), false) then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk tindakan ini.');
  end if;
end;
$$;

-- The latest transition time of the shipments and vehicles a payload names
-- (top-level ids and arrays of ids), or null: a device time is never earlier
-- than the previous transition of the same row.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  with texts as (
    select e.value #>> '{}' as t
    from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) e
    where jsonb_typeof(e.value) = 'string'
    union all
    select a.value #>> '{}'
    from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) e
    cross join lateral jsonb_array_elements(case when jsonb_typeof(e.value) = 'array' then e.value else '[]'::jsonb end) a
    where jsonb_typeof(a.value) = 'string'
  ), ids as (
    select case when t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then t::uuid end as id
    from texts
  )
  select greatest(
    (select max(greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                         s.unloading_finished_at))
     from public.shipments s where s.id in (select id from ids)),
    (select max(greatest(v.queued_at, v.loading_started_at, v.loading_finished_at))
     from public.vehicles v where v.id in (select id from ids)))
$$;

-- The time the user acted, by the device clock: an ISO 8601 time with a zone
-- ('2026-11-21T07:05:00.123Z', '2026-11-21T14:05:00+07:00'), else null (the
-- caller refuses the command). Clamped to [floor, receipt].
create or replace function public.cmd_device_time(p_issued jsonb, p_payload jsonb, p_received timestamptz)
returns timestamptz
language plpgsql
stable
set search_path = ''
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
as $$
declare
  uid uuid := auth.uid();
  me record;
  cmd jsonb;
  prior public.commands%rowtype;
  ctx public.command_context;
  results jsonb := '[]'::jsonb;
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
      results := results || jsonb_build_array(jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command', 'message', 'Perintah tidak valid.'));
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
        results := results || jsonb_build_array(jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', 'Id perintah ini sudah dipakai oleh perintah lain.'));
      else
        results := results || jsonb_build_array(jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message));
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
    results := results || jsonb_build_array(jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message));
  end loop;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', results, 'xid', pg_current_xact_id()::text);
end;
$$;
comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;
grant execute on function public.apply_commands(jsonb) to authenticated;
revoke execute on function public.cmd_require_role(public.command_context, text[]),
  public.cmd_time_floor(jsonb), public.cmd_device_time(jsonb, jsonb, timestamptz)
  from public, anon, authenticated;
