-- Issue 43, "P2 back above 40x". Undo (20261126003000_cmd_undo.sql) made every floor command
-- write its row images (public.command_images) one INSERT a command, and the vehicle queue's
-- four read their vehicle locked before updating it (20261126003010_floor_commands_keep_images.sql).
-- Three changes; what each command checks, answers, writes and keeps is unchanged:
--   * the images are held back like the idempotency records (20261126000800_baseline_commands.sql,
--     note 6.) and written with them, one INSERT of the held rows (command_images_write), at
--     every point where apply_commands writes the held records: before a type that is not
--     trail_blind runs (undo_command, the only reader of command_images, is not), before a
--     record among the held ones is looked up, and at the end of the call. undo_keep_images no
--     longer writes the table: it hands the command's images back to apply_commands through a
--     transaction-local setting (dermaga.images, set_config(..., true)), which apply_commands
--     takes after the command's subtransaction and clears. A refused command's subtransaction
--     rolls the setting back with everything else it did, so only an applied command's images
--     are held, as only its INSERT stood before. apply_commands clears the setting when it
--     starts, so nothing set before the call is taken. tests/integration/catalogue-server.test.ts
--     checks that no function a trail_blind type reaches reads public.command_images;
--   * the queue's four take the vehicle as it was in the UPDATE that changes it (an UPDATE ...
--     FROM a locked read of the same row, RETURNING both: PostgreSQL 17 has no RETURNING OLD),
--     with the command's preconditions in its WHERE. When it changes nothing, the old path
--     runs and refuses with the same check, in the same order, with the same message;
--   * cmd_time_floor (20261126000800_baseline_commands.sql) looks the ids up one at a time by
--     primary key rather than with `id = any(ids)` under `set enable_bitmapscan = off`: a
--     function's SET clause saves and restores the setting on every call (about 0.1 ms, more
--     than the look-ups). The same answer.
-- docs/performance.md, "P2 after undo", has the measurements.

-- The held images of one apply_commands call, in arrival order. Images older than 30 days
-- are pruned about once every hundred commands, as undo_keep_images did (an index range).
create or replace function public.command_images_write(held public.command_images[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.command_images (command_id, type, actor_id, hub_id, images, undone_by, recorded_at)
  select q.command_id, q.type, q.actor_id, q.hub_id, q.images, q.undone_by, q.recorded_at
  from unnest(held) with ordinality as q
  order by q.ordinality;
  if random() < cardinality(held) / 100.0 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;
revoke execute on function public.command_images_write(public.command_images[]) from public, anon, authenticated;

-- Called last by each floor command (first defined in 20261126003000_cmd_undo.sql; the same
-- images as before): p_rows = [{t, id, before, after?}] in lock order; a row without its after
-- image is read as it is now; a row that is not there and was not before is left out. The
-- images go back to apply_commands (dermaga.images, the header above), which writes them.
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
  i integer;
begin
  if ctx.command_id is null then
    return;
  end if;
  -- (An index loop: simple expressions, no query to start for each command.)
  for i in 0 .. jsonb_array_length(p_rows) - 1 loop
    e := p_rows -> i;
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  -- One command, one images row (the table's primary key refused a second).
  if coalesce(current_setting('dermaga.images', true), '') <> '' then
    raise exception 'images of command % kept twice', ctx.command_id using errcode = '23505';
  end if;
  perform set_config('dermaga.images', to_jsonb(imgs)::text, true);
end;
$$;

-- The latest transition time of the payload's shipments and vehicles (first defined in
-- 20261126000800_baseline_commands.sql; the same ids, the same answer): each id by primary key.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
as $$
declare
  vals jsonb;
  v jsonb;
  e jsonb;
  t text;
  ids uuid[] := '{}';
  i integer;
  k integer;
  latest timestamptz;
  found_at timestamptz;
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
  -- The latest non-null time of the rows (greatest() passes over nulls; null when none).
  for i in 1 .. cardinality(ids) loop
    select greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                    s.unloading_finished_at)
      into found_at from public.shipments s where s.id = ids[i];
    latest := greatest(latest, found_at);
    select greatest(x.queued_at, x.loading_started_at, x.loading_finished_at)
      into found_at from public.vehicles x where x.id = ids[i];
    latest := greatest(latest, found_at);
  end loop;
  return latest;
end;
$$;
revoke execute on function public.undo_keep_images(public.command_context, jsonb), public.cmd_time_floor(jsonb)
  from public, anon, authenticated;
