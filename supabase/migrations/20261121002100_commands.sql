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

revoke execute on function public.cmd_reject(text, text),
  public.cmd_require_hub(public.command_context, uuid), public.cmd_quantity(jsonb, text, text)
  from public, anon, authenticated;
