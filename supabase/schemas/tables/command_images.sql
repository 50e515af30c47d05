-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands that keep their images are in
-- functions/cmd_vehicle_queue.sql. Device twin:
-- sync/commands/undo.ts.
create table public.command_images (
  command_id uuid primary key,
  type text not null,
  actor_id uuid not null references auth.users (id) on delete cascade,
  -- The actor's hub when it acted: a hub user undoes only from there.
  hub_id uuid,
  -- [{t: table, id, before: row or null (made by the command), after: row}], in lock order.
  images jsonb not null,
  -- The undo_command that reversed it.
  undone_by uuid,
  recorded_at timestamptz not null default now()
);

create index command_images_recorded_idx on public.command_images (recorded_at);

alter table public.command_images enable row level security;

comment on table public.command_images is
  'Issue 29: the rows each floor command changed, before and after, so that undo_command can reverse exactly it. Kept 30 days.';
