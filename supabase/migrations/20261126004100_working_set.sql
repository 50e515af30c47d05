-- Issue 26: a device holds its working set, not the history (docs/sync.md, "The working set").
--
-- The rule (its device twin: sync/domain/working-set.ts, the same cases by hand in
-- tests/unit/working-set.test.ts):
--   * master data, profiles, statuses and stock balances: every row the caller may read;
--   * a shipment: while open, and for the retention window after it closed. Open means not
--     closed; closed means selesai_bongkar with a final status ('selesai', 'selesai_pod',
--     'dibatalkan'): the three commands that end a shipment set both in one statement, and a
--     row on which the two disagree counts as open (held, never lost). Its closed time is
--     unloading_finished_at (the time the user finished unloading, clamped by the server),
--     else updated_at (a void: the server's time of the last write). A soft-deleted
--     shipment is closed at its updated_at (its tombstone goes out for the window);
--   * a container: while its shipment is in the set;
--   * a stock ledger row: while its date_recorded (a Jakarta business date) is on or after
--     the cutoff's Jakarta date, or while its shipment is in the set.
-- The cutoff is the server's now() minus the retention window (app setting 'working_set',
-- retention_days, 14 by default, set by an admin: set_working_set_settings()). Every
-- answer that the device's rule depends on carries the cutoff, so the device uses the
-- server's clock, not its own.
--
-- A row that leaves the set is never sent again; a device drops it by the same rule
-- (sync/replication/working-set.ts), or at the latest at its reconcile, since
-- visible_ids lists only the working set. A row that enters the set without a change of
-- its own (an admin lengthened the window) is fetched by the reconcile (rows_by_id).
--
-- The checkpoint: pull_changes hands out only the rows of the set, in (change_xid, id)
-- order, below the commit-safe horizon. A batch that is not full has handed out every row
-- of the set below the horizon, so its answer carries a checkpoint just below the horizon
-- (horizon - 1, the largest uuid): the device's checkpoint moves past every row left out,
-- and changed_tables stops naming the table. A full batch ends at its last row, as before.
--
-- Cost: the rows of the set are found through indexes on their rule (shipments_open_idx,
-- shipments_closed_at_idx, shipments_deleted_at_idx; the ledger's inventory_date_idx; a
-- shipment's containers and ledger rows by their shipment_id indexes), never by walking
-- the history, so a pull costs what the working set costs, not what the history costs.

-- The retention window ------------------------------------------------------------------
create or replace function public.working_set_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('retention_days', 14)
    || coalesce((select s.value from public.app_settings s where s.key = 'working_set'), '{}'::jsonb)
$$;
comment on function public.working_set_settings() is
  'The working set''s settings: retention_days, how long a closed shipment and a ledger row stay on the devices (the admin''s over the default of 14).';

create or replace function public.set_working_set_settings(p jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
begin
  perform public.require_admin('change the retention window');
  if p is null or jsonb_typeof(p) <> 'object' then
    raise exception 'Pengaturan harus berupa objek' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p) loop
    if v_key <> 'retention_days' then
      raise exception 'Pengaturan tidak dikenal: %', left(v_key, 40) using errcode = '22023';
    end if;
  end loop;
  if not p ? 'retention_days' then
    return public.working_set_settings();
  end if;
  if jsonb_typeof(p -> 'retention_days') <> 'number'
     or (p ->> 'retention_days')::numeric <> trunc((p ->> 'retention_days')::numeric)
     or (p ->> 'retention_days')::numeric < 1 or (p ->> 'retention_days')::numeric > 365 then
    raise exception 'Masa simpan riwayat harus bilangan bulat 1 sampai 365 hari' using errcode = '22023';
  end if;
  insert into public.app_settings as s (key, value, updated_at, updated_by)
  values ('working_set', jsonb_build_object('retention_days', (p ->> 'retention_days')::integer), now(), (select auth.uid()))
  on conflict (key) do update
    set value = s.value || excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return public.working_set_settings();
end;
$$;
comment on function public.set_working_set_settings(jsonb) is
  'Admin only: sets retention_days (whole days, 1 to 365); answers the settings.';

-- The server's cutoff: closed shipments and ledger rows older than it are not sent.
create or replace function public.working_set_cutoff()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() - make_interval(days => (public.working_set_settings() ->> 'retention_days')::integer)
$$;
comment on function public.working_set_cutoff() is
  'now() (the server''s clock) minus the retention window: what closed before it, or a ledger row dated before its Jakarta date, is outside the working set.';

-- When a shipment closed; null while it is open (see the rule above).
create or replace function public.shipment_closed_at(
  p_selesai_bongkar boolean,
  p_status text,
  p_deleted boolean,
  p_unloading_finished_at timestamptz,
  p_updated_at timestamptz
)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_deleted then p_updated_at
    when p_selesai_bongkar and p_status in ('selesai', 'selesai_pod', 'dibatalkan')
      then coalesce(p_unloading_finished_at, p_updated_at)
  end
$$;
comment on function public.shipment_closed_at(boolean, text, boolean, timestamptz, timestamptz) is
  'When a shipment left the open work (null while open): unloading_finished_at, else updated_at; a deleted one at its updated_at. Twin of closedAt in sync/domain/working-set.ts.';

-- The shipments of the set, by three index ranges. The conditions use built-in operators
-- only, never a function of ours: under row-level security the planner takes a condition
-- into an index scan only when it cannot leak (leakproof); shipment_closed_at() would be
-- checked row by row after the policy, over the whole history. The three branches are
-- shipment_closed_at() spelled out: open (null), closed at or after the cutoff, deleted.
create index if not exists shipments_open_idx on public.shipments (id)
  where not (selesai_bongkar and status in ('selesai', 'selesai_pod', 'dibatalkan')) and not deleted;
create index if not exists shipments_closed_at_idx on public.shipments
  ((case when unloading_finished_at is null then updated_at else unloading_finished_at end))
  where selesai_bongkar and status in ('selesai', 'selesai_pod', 'dibatalkan') and not deleted;
create index if not exists shipments_deleted_at_idx on public.shipments (updated_at) where deleted;
create index if not exists inventory_date_idx on public.inventory (date_recorded);

-- The three branches, selecting p_select from shipments s and p_lateral (nothing: the
-- shipments themselves); $1 is the cutoff. A shipment's rows in another table are read by
-- a lateral subquery behind "offset 0", which the planner cannot flatten into a join: so
-- they are always read by their shipment_id index, shipment by shipment, never by a hash
-- join over the whole table (which an estimate without statistics can prefer).
create or replace function public.working_set_shipment_branches(p_select text, p_lateral text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format(
    $f$select %1$s from public.shipments s %2$s
         where not (s.selesai_bongkar and s.status in ('selesai', 'selesai_pod', 'dibatalkan')) and not s.deleted
       union all
       select %1$s from public.shipments s %2$s
         where s.selesai_bongkar and s.status in ('selesai', 'selesai_pod', 'dibatalkan') and not s.deleted
           and (case when s.unloading_finished_at is null then s.updated_at else s.unloading_finished_at end) >= $1
       union all
       select %1$s from public.shipments s %2$s
         where s.deleted and s.updated_at >= $1$f$,
    p_select, coalesce(p_lateral, ''))
$$;

-- The rows of a table that follow their shipment (a shipment_id column), as a FROM fragment.
create or replace function public.working_set_of_shipments(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '(' || public.working_set_shipment_branches('c.*',
    format('cross join lateral (select c.* from public.%I c where c.shipment_id = s.id offset 0) c', p_table)) || ') t'
$$;

-- The rows of the set, as a FROM fragment with alias t, for the functions below: $1 is the
-- cutoff, $2 its Jakarta date. Only the tables whose history grows are filtered.
create or replace function public.working_set_source(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'shipments' then '(' || public.working_set_shipment_branches('s.*', null) || ') t'
    -- A shipment's containers and its handover records (20261126004000_handover_tables.sql:
    -- each by its shipment_id index) follow their shipment.
    when 'containers' then public.working_set_of_shipments('containers')
    when 'shipment_documents' then public.working_set_of_shipments('shipment_documents')
    when 'shipment_receipts' then public.working_set_of_shipments('shipment_receipts')
    when 'discrepancies' then public.working_set_of_shipments('discrepancies')
    -- A ledger row of the window's dates, or of a shipment of the set: their ids, then each
    -- row by its primary key.
    when 'inventory' then
      '(select i.* from (select x.id from (select i.id from public.inventory i where i.date_recorded >= $2 union all '
        || public.working_set_shipment_branches('i.id',
             'cross join lateral (select i.id from public.inventory i where i.shipment_id = s.id offset 0) i')
        || ') x group by x.id) ids cross join lateral (select i.* from public.inventory i where i.id = ids.id offset 0) i) t'
    else format('public.%I t', p_table)
  end
$$;
comment on function public.working_set_source(text) is
  'The FROM fragment (alias t) of a replicated table''s working set: $1 the cutoff, $2 its Jakarta date.';
-- Only text; the pull's functions (security invoker) call it as the caller.
revoke execute on function public.working_set_source(text), public.working_set_of_shipments(text),
  public.working_set_shipment_branches(text, text) from public, anon;
grant execute on function public.working_set_source(text), public.working_set_of_shipments(text),
  public.working_set_shipment_branches(text, text) to authenticated, service_role;

-- Pull -----------------------------------------------------------------------------------
-- Moved here from 20261126000500_baseline_sync.sql: only the working set, and a checkpoint
-- past the rows left out. jit off (here and below): a plan's cost is estimated over the
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

-- Convergence: the ids of the working set the user may read now, with the snapshot's
-- horizon and the cutoff. Moved here from 20261126000500_baseline_sync.sql.
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
  execute format('select coalesce(jsonb_agg(t.id), ''[]''::jsonb) from %s', public.working_set_source(p_table))
    into ids using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return jsonb_build_object('ids', ids, 'horizon', pg_snapshot_xmin(pg_current_snapshot())::text, 'cutoff', v_cutoff);
end;
$$;
comment on function public.visible_ids(text) is
  'Every id of p_table''s working set the caller may read now (RLS), the snapshot horizon and the cutoff: a device drops rows not listed and fetches listed rows it lacks.';

-- How many rows a table's first pull brings (the first sync's progress).
create or replace function public.working_set_count(p_table text)
returns integer
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  n integer;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format('select count(*) from %s', public.working_set_source(p_table))
    into n using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return n;
end;
$$;
comment on function public.working_set_count(text) is
  'How many rows of p_table''s working set the caller may read now (RLS): a new device''s first pull.';

-- Which tables have changes past the device's checkpoints (issues 10, 13, 14; moved here
-- from 20261126000500_baseline_sync.sql with has_changes, its answer now with the cutoff):
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

revoke execute on function public.changed_tables(jsonb), public.has_changes(jsonb) from public, anon;
grant execute on function public.changed_tables(jsonb), public.has_changes(jsonb) to authenticated, service_role;

revoke execute on function
  public.pull_changes(text, text, uuid, integer),
  public.visible_ids(text),
  public.working_set_count(text),
  public.working_set_settings(),
  public.set_working_set_settings(jsonb),
  public.working_set_cutoff()
  from public, anon;
grant execute on function
  public.pull_changes(text, text, uuid, integer),
  public.visible_ids(text),
  public.working_set_count(text),
  public.working_set_settings(),
  public.set_working_set_settings(jsonb),
  public.working_set_cutoff()
  to authenticated, service_role;
