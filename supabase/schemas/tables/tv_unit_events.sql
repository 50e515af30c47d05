-- tv_unit_events ------------------------------------------------------------------
-- Issue 42: a unit's history, one row a move, never rewritten (triggers/tv_unit_events.sql
-- refuses UPDATE, DELETE and TRUNCATE for everyone). Not replicated; read through
-- public.tv_unit_path (functions/cmd_serials.sql). shipment_id has no foreign key: the history
-- outlives whatever happens to a shipment row.
create table public.tv_unit_events (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references public.tv_units (id) on delete restrict,
  serial text not null,
  kind text not null
    constraint tv_unit_events_kind_known check (kind in ('registered', 'loaded', 'returned', 'received', 'damaged',
                                                         'missing', 'unexpected', 'undone', 'delivered', 'removed')),
  hub_id uuid references public.hubs (id) on delete restrict,
  shipment_id uuid,
  command_id uuid,
  actor uuid,
  at timestamptz not null default now()
);

comment on table public.tv_unit_events is
  'Issue 42: the history of each TV unit (registered at a hub, loaded on a shipment, returned to stock by a void; at a receipt by serial received, damaged, missing or unexpected, or at a POD delivered; undone when that receipt was undone; removed when a serial registered by mistake was taken back), written by the commands, never updated or deleted. Read through tv_unit_path.';

comment on column public.tv_unit_events.hub_id is
  'The hub of the move: where it was registered, loaded from, returned to, or (a receipt and its undo) the receiving hub.';

comment on column public.tv_unit_events.command_id is 'The command that made the move (public.commands.id).';

comment on column public.tv_unit_events.actor is 'The user who sent that command (auth user id).';

comment on column public.tv_unit_events.at is 'The server''s time of that command (its receipt).';

create index tv_unit_events_unit_idx on public.tv_unit_events (unit_id, at, id);

-- A command's events (undo_command of a receipt by serial appends an 'undone' to each).
create index tv_unit_events_command_idx on public.tv_unit_events (command_id) where command_id is not null;

alter table public.tv_unit_events enable row level security;
