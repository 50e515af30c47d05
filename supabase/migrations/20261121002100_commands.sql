-- The one write path of the app (docs/sync.md): apply_commands(commands jsonb).
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

create table public.commands (
  id uuid primary key,
  -- Arrival order: the clock can tie within one batch, this cannot.
  seq bigint generated always as identity,
  actor_id uuid not null references auth.users (id) on delete cascade,
  actor_email text,
  type text not null,
  payload jsonb not null,
  issued_at timestamptz not null,
  received_at timestamptz not null,
  outcome text not null constraint commands_outcome_known check (outcome in ('applied', 'rejected')),
  code text,
  message text,
  entity_id uuid
);
comment on table public.commands is
  'Every command a device sent, with its outcome: the idempotency record of apply_commands and the audit trail.';
comment on column public.commands.issued_at is 'When the user acted, by the device clock, clamped to received_at.';
comment on column public.commands.received_at is 'When the server received the command (server clock).';
comment on column public.commands.seq is 'The order the server received commands in (a device''s commands arrive in its own order).';
comment on column public.commands.entity_id is 'The main row the command acted on (shipment, vehicle, ...), for conflict messages.';
comment on column public.commands.code is 'Why it was rejected, machine-readable (validation, forbidden, precondition, not_found, ...).';

create index commands_entity_idx on public.commands (entity_id, received_at desc);
create index commands_actor_idx on public.commands (actor_id, received_at desc);

alter table public.commands enable row level security;
revoke all on public.commands from anon, authenticated;
grant select on public.commands to authenticated;
grant all on public.commands to service_role;
create policy "Users can read their own commands and staff every command"
  on public.commands for select to authenticated
  using (actor_id = (select auth.uid()) or (select public.is_staff()));

-- Who is acting, for the cmd_* functions.
create type public.command_context as (
  command_id uuid,
  type text,
  user_id uuid,
  email text,
  role text,
  hub_id uuid,
  issued_at timestamptz,
  received_at timestamptz
);

-- A final refusal: the caller records it as rejected with this code.
create or replace function public.cmd_reject(p_code text, p_message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, detail = 'dermaga:' || p_code;
end;
$$;

create or replace function public.cmd_require_role(ctx public.command_context, p_roles text[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not (ctx.role = any (p_roles)) then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk tindakan ini.');
  end if;
end;
$$;

-- Admin and tower control act for every hub; a hub user only for its own.
create or replace function public.cmd_require_hub(ctx public.command_context, p_hub_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null and ctx.hub_id = p_hub_id then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
end;
$$;

-- Payload readers: a missing or malformed field is a validation rejection
-- with the product's message for it.
create or replace function public.cmd_uuid(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(p ->> p_key, '') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::uuid;
end;
$$;

create or replace function public.cmd_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0
     or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
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
    v_id := null;
    begin
      v_id := (cmd ->> 'id')::uuid;
    exception when others then
      v_id := null;
    end;
    if v_id is null then
      results := results || jsonb_build_array(jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command', 'message', 'Perintah tidak valid.'));
      continue;
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record.
    perform pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint);
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied again.
      if prior.actor_id <> uid then
        results := results || jsonb_build_array(jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id', 'message', 'Perintah tidak valid.'));
      else
        results := results || jsonb_build_array(jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message));
      end if;
      continue;
    end if;

    v_type := coalesce(cmd ->> 'type', '');
    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_entity := null;
    begin
      begin
        v_issued := least((cmd ->> 'issued_at')::timestamptz, v_received);
      exception when others then
        perform public.cmd_reject('invalid_command', 'Perintah tidak valid.');
      end;
      if (cmd ->> 'actor') is distinct from uid::text then
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
        using ctx, coalesce(cmd -> 'payload', '{}'::jsonb);
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
    values (v_id, uid, me.email, v_type, coalesce(cmd -> 'payload', '{}'::jsonb), v_issued, v_received,
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

revoke execute on function public.cmd_reject(text, text), public.cmd_require_role(public.command_context, text[]),
  public.cmd_require_hub(public.command_context, uuid), public.cmd_uuid(jsonb, text, text),
  public.cmd_quantity(jsonb, text, text)
  from public, anon, authenticated;
