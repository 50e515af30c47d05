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
-- 20261126003010_floor_commands_keep_images.sql. Device twin:
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
-- No policy: only apply_commands (security definer) reads and writes it.
revoke all on table public.command_images from public, anon, authenticated;
comment on table public.command_images is
  'Issue 29: the rows each floor command changed, before and after, so that undo_command can reverse exactly it. Kept 30 days.';

-- undo_row (a floor row as jsonb) and undo_norm (its values without the server's stamps)
-- are in 20261126004000_handover_tables.sql (they know the handover's tables too).

-- Called last by each floor command (not named cmd_*: apply_commands would let a client
-- call a cmd_<name>(command_context, jsonb) by name and forge images): p_rows = [{t, id, before, after?}] in lock order; a row
-- without its after image (one written by a helper) is read as it is now. A row that is not
-- there and was not before is left out. On the hot path of the queue's commands: no
-- `set search_path` (every name is qualified; 20261126000700_baseline_command_helpers.sql).
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
begin
  if ctx.command_id is null then
    return;
  end if;
  for e in select value from jsonb_array_elements(p_rows) loop
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  insert into public.command_images (command_id, type, actor_id, hub_id, images)
  values (ctx.command_id, ctx.type, ctx.user_id, ctx.hub_id, to_jsonb(imgs));
  -- An undo comes within seconds, or when a device that acted offline is back: images are
  -- kept 30 days, the older ones pruned by about one command in a hundred (an index range).
  if random() < 0.01 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;

-- One image as a {t, id, before} element of undo_keep_images' list (with its after image
-- when the command has it at hand: an UPDATE's RETURNING, no look-up).
create or replace function public.undo_img(p_table text, p_id uuid, p_before jsonb, p_after jsonb default null)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('t', p_table, 'id', p_id, 'before', coalesce(p_before, 'null'::jsonb))
         || case when p_after is null then '{}'::jsonb else jsonb_build_object('after', p_after) end
$$;

-- undo_moved_on (the plain refusal when a row moved on) is in 20261126004000_handover_tables.sql.

-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'Tindakan yang akan diurungkan tidak ditemukan.');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'Tindakan yang akan diurungkan tidak ditemukan.');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'Hanya pengguna yang melakukan tindakan ini yang dapat mengurungkannya.');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'Tindakan ini sudah diurungkan.');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it.
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      perform public.cmd_reject('conflict', public.undo_moved_on(tbl, cur));
    end if;
  end loop;
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    if jsonb_typeof(e -> 'before') is distinct from 'object' then
      -- A row the command made (an unloading's stock row): it goes, as a tombstone.
      execute format('update public.%I set deleted = true where id = $1', tbl) using rid;
      if tbl = 'inventory' then
        warehouses := warehouses || (e -> 'after' ->> 'warehouse_id')::uuid;
      end if;
    else
      -- The columns the command changed, back to what they were.
      select string_agg(format('%I = r.%I', k, k), ', ') into sets
      from jsonb_object_keys(e -> 'before') k
      where k not in ('id', 'updated_at', 'change_xid', 'created_at')
        and (e -> 'before' -> k) is distinct from (e -> 'after' -> k);
      if sets is not null then
        execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                       tbl, sets, tbl)
          using e -> 'before', rid;
      end if;
    end if;
  end loop;
  -- Stock booked by the step and shipped out since cannot be taken back.
  if exists (select 1 from public.inventory i
             where i.warehouse_id = any (warehouses) and not i.deleted
             group by i.warehouse_id
             having sum(i.smartboard_quantity) < 0 or sum(i.bracket_quantity) < 0) then
    perform public.cmd_reject('conflict', 'Tidak dapat diurungkan: stok dari bongkaran ini sudah dipakai.');
  end if;
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

revoke execute on function
  public.undo_img(text, uuid, jsonb, jsonb), public.undo_keep_images(public.command_context, jsonb),
  public.cmd_undo_command(public.command_context, jsonb)
  from public, anon, authenticated;
