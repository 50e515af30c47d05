-- Pull for the offline clients (docs/sync.md): every replicated table is read
-- by a commit-safe checkpoint (change_xid, id).
--
-- change_xid is the writing transaction's id (stamp_replication_columns).
-- A row is handed out only when its change_xid is below the snapshot's xmin,
-- i.e. when every transaction that could still commit a smaller change_xid has
-- ended. A transaction that started first and commits last therefore holds the
-- horizon back until it commits, and its rows are pulled after it; a
-- time-based cursor (updated_at > last) would skip them for good.
--
-- security invoker: the caller's row-level security decides what it pulls.

-- public.replicated_tables(), the list of tables, is in tables/shipment_receipts.sql.

-- public.pull_changes(), the pull itself, and public.visible_ids(), the ids a device may
-- hold now (convergence), are below: both send only the device's working set (issue 26,
-- public.working_set_source in functions/working_set.sql). A round asks them in one request
-- through public.pull_round (functions/pull_round.sql), a new device through
-- public.first_sync (functions/first_sync.sql).

-- Rows by id in the pull's shape (change_xid as text), for reconcileScope.
create or replace function public.rows_by_id(p_table text, p_ids uuid[])
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  batch jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object(''change_xid'', t.change_xid::text)), ''[]''::jsonb)
     from public.%I t where t.id = any ($1)', p_table)
  into batch using p_ids;
  return batch;
end;
$$;

revoke execute on function public.rows_by_id(text, uuid[]) from public, anon;

grant execute on function public.rows_by_id(text, uuid[]) to authenticated, service_role;

-- Pull -----------------------------------------------------------------------------------
-- Only the working set (working_set.sql), and a checkpoint past the rows left out. jit off (here and below): a plan's cost is estimated over the
-- whole history before the indexes narrow it, and on PostgreSQL that estimate alone made
-- the JIT compile each statement, seconds for a pull that runs in milliseconds.
create or replace function public.pull_changes(
  p_table text,
  p_after_xid text default null,
  p_after_id uuid default null,
  p_limit integer default 1000
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_cutoff timestamptz := public.working_set_cutoff();
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  batch jsonb;
  n integer;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format(
    $q$
      select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text)
                                order by t.change_xid, t.id), '[]'::jsonb),
             count(*)
      from (
        select t.* from %s
        where (t.change_xid, t.id) > ($3, $4) and t.change_xid < $5
        order by t.change_xid, t.id
        limit $6
      ) t
    $q$, public.working_set_source(p_table))
  into batch, n
  using v_cutoff,
        public.dm_jakarta_date(v_cutoff),
        coalesce(p_after_xid, '0')::xid8,
        coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid),
        horizon,
        v_limit;
  return jsonb_build_object(
    'rows', batch,
    'horizon', horizon::text,
    'cutoff', v_cutoff,
    -- Not full: every row of the set below the horizon is out, so the next pull starts there.
    'checkpoint', case when n < v_limit and horizon::text::numeric > 0 then
      jsonb_build_object('xid', (horizon::text::numeric - 1)::text, 'id', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
    end
  );
end;
$$;

comment on function public.pull_changes(text, text, uuid, integer) is
  'Rows of p_table''s working set after the checkpoint (change_xid, id), in checkpoint order, only from committed transactions below the snapshot xmin (the horizon, returned too), with the server''s cutoff and, when the batch is not full, the checkpoint past everything below the horizon. RLS applies.';

revoke execute on function public.pull_changes(text, text, uuid, integer) from public, anon;

grant execute on function public.pull_changes(text, text, uuid, integer) to authenticated, service_role;

-- Convergence: the ids of the working set the user may read now, with the snapshot's
-- horizon and the cutoff.
create or replace function public.visible_ids(p_table text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  ids jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  -- A deleted row (a tombstone of the set) is not listed: no device holds one, and a listed id
  -- it lacks would be fetched again at every reconcile.
  execute format('select coalesce(jsonb_agg(t.id), ''[]''::jsonb) from %s where not t.deleted',
                 public.working_set_source(p_table))
    into ids using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return jsonb_build_object('ids', ids, 'horizon', pg_snapshot_xmin(pg_current_snapshot())::text, 'cutoff', v_cutoff);
end;
$$;

comment on function public.visible_ids(text) is
  'Every id of p_table''s working set the caller may read now (RLS), deleted rows left out, the snapshot horizon and the cutoff: a device drops rows not listed and fetches listed rows it lacks.';

revoke execute on function public.visible_ids(text) from public, anon;

grant execute on function public.visible_ids(text) to authenticated, service_role;

-- Which tables have changes past the device's checkpoints (issues 10, 13, 14; with
-- has_changes, its answer with the cutoff):
-- a sync round asks this once, then pulls only those tables, instead of one
-- pull_changes request per table every round. On a patchy network fewer
-- requests per round means fewer rounds lost; on the server, one statement per
-- table instead of one HTTP request per table. Each test is an index probe on
-- (change_xid, id), stopped at the first row found.
--
-- Commit-safe like pull_changes: a row counts only below the snapshot's xmin,
-- and the answer carries that horizon. A table left out had no row past its
-- checkpoint below the horizon, so the device's pulled state is complete up
-- to the horizon for it without asking.
create or replace function public.changed_tables(p_checkpoints jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  t text;
  cp jsonb;
  found_one boolean;
  changed text[] := '{}';
begin
  if jsonb_typeof(p_checkpoints) is distinct from 'object' then
    raise exception 'checkpoints must be an object of {xid, id} by table' using errcode = '22023';
  end if;
  foreach t in array public.replicated_tables() loop
    cp := p_checkpoints -> t;
    execute format(
      'select exists (select 1 from public.%I r where (r.change_xid, r.id) > ($1, $2) and r.change_xid < $3)', t)
      into found_one
      using case when jsonb_typeof(cp -> 'xid') = 'string' and (cp ->> 'xid') ~ '^\d{1,20}$' then (cp ->> 'xid')::xid8 else '0'::xid8 end,
            case when jsonb_typeof(cp -> 'id') = 'string'
                      and (cp ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                 then (cp ->> 'id')::uuid else '00000000-0000-0000-0000-000000000000'::uuid end,
            horizon;
    if found_one then
      changed := changed || t;
    end if;
  end loop;
  -- The cutoff rides along: every round asks this first, so the device's rule uses the
  -- server's clock (sync/replication/working-set.ts).
  return jsonb_build_object('tables', to_jsonb(changed), 'horizon', horizon::text, 'cutoff', public.working_set_cutoff());
end;
$$;

comment on function public.changed_tables(jsonb) is
  'The tables the caller may read that have a row past its checkpoint and below the commit-safe horizon (a row outside the working set too: the pull then moves the checkpoint past it), that horizon, and the working set''s cutoff.';

revoke execute on function public.changed_tables(jsonb) from public, anon;

grant execute on function public.changed_tables(jsonb) to authenticated, service_role;

-- "Has anything changed for me?": the idle probe of older app versions (a
-- device online and idle asked it every few seconds instead of pulling every
-- table; only a "yes" started a pull). The same question as changed_tables.
create or replace function public.has_changes(p_checkpoints jsonb)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_array_length(public.changed_tables(p_checkpoints) -> 'tables') > 0
$$;

comment on function public.has_changes(jsonb) is
  'True when any table the caller may read has a row past its checkpoint and below the commit-safe horizon.';

revoke execute on function public.has_changes(jsonb) from public, anon;

grant execute on function public.has_changes(jsonb) to authenticated, service_role;
