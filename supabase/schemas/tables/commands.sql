-- commands ------------------------------------------------------------------------
-- Every command a device sent, with its outcome (docs/sync.md): apply_commands
-- (functions/apply_commands.sql) answers a command id seen before from
-- this record and never applies it twice; the audit screen reads it
-- (functions/audit_trail.sql). Not replicated: devices learn the outcome
-- of their own commands from apply_commands' answer.
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
  entity_id uuid,
  -- A rejection's message by key (issue 39): the key of public.app_messages and its
  -- parameters; message is the Indonesian sentence they make.
  message_key text,
  message_params jsonb
);

comment on table public.commands is
  'Every command a device sent, with its outcome: the idempotency record of apply_commands and the audit trail.';

comment on column public.commands.issued_at is 'When the user acted, by the device clock, clamped to received_at.';

comment on column public.commands.received_at is 'When the server received the command (server clock).';

comment on column public.commands.seq is 'The order the server received commands in (a device''s commands arrive in its own order).';

comment on column public.commands.entity_id is 'The main row the command acted on (shipment, vehicle, ...), for conflict messages.';

comment on column public.commands.code is 'Why it was rejected, machine-readable (validation, forbidden, precondition, not_found, ...).';

-- commands: a row's latest command (conflict messages: who acted first), a
-- user's commands, and the audit screen's pages (newest first by arrival).
create index commands_entity_idx on public.commands (entity_id, received_at desc);

create index commands_actor_idx on public.commands (actor_id, received_at desc);

create index commands_seq_idx on public.commands (seq desc);

alter table public.commands enable row level security;
