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
--     the cutoff's Jakarta date, or while its shipment is in the set;
--   * a TV unit (issue 42): while in stock or on the way (state in_stock, in_transit), or while
--     its shipment is in the set (a unit a receipt found missing or damaged, or delivered at a
--     POD where Dermaga's custody ends, reaches the devices that held it on the way, and leaves
--     with its shipment).
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
-- shipment's containers, ledger rows and TV units by their shipment_id indexes), never by walking
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

revoke execute on function public.working_set_settings() from public, anon;

grant execute on function public.working_set_settings() to authenticated, service_role;

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

revoke execute on function public.set_working_set_settings(jsonb) from public, anon;

grant execute on function public.set_working_set_settings(jsonb) to authenticated, service_role;

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

revoke execute on function public.working_set_cutoff() from public, anon;

grant execute on function public.working_set_cutoff() to authenticated, service_role;

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

revoke execute on function public.working_set_shipment_branches(text, text) from public, anon;

grant execute on function public.working_set_shipment_branches(text, text) to authenticated, service_role;

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

revoke execute on function public.working_set_of_shipments(text) from public, anon;

grant execute on function public.working_set_of_shipments(text) to authenticated, service_role;

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
    -- A shipment's containers and its handover records (tables/shipment_receipts.sql:
    -- each by its shipment_id index) follow their shipment.
    when 'containers' then public.working_set_of_shipments('containers')
    when 'shipment_documents' then public.working_set_of_shipments('shipment_documents')
    when 'shipment_receipts' then public.working_set_of_shipments('shipment_receipts')
    when 'discrepancies' then public.working_set_of_shipments('discrepancies')
    -- Issue 42: the TV units in stock or on the way, by the partial index tv_units_live_pull_idx,
    -- and the others (missing, damaged) of a shipment of the set, by tv_units_shipment_id_idx:
    -- two disjoint parts; and a unit removed in stock (remove_serials) as a tombstone for the
    -- window, as a deleted shipment, then never again (tv_units_removed_pull_idx).
    when 'tv_units' then
      '(select u.* from public.tv_units u where u.state in (''in_stock'', ''in_transit'') and not u.deleted
        union all select u.* from public.tv_units u where u.deleted and u.state = ''in_stock'' and u.updated_at >= $1
        union all '
        || public.working_set_shipment_branches('c.*',
             'cross join lateral (select c.* from public.tv_units c where c.shipment_id = s.id
                and c.state not in (''in_stock'', ''in_transit'') offset 0) c') || ') t'
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
revoke execute on function public.working_set_source(text) from public, anon;

grant execute on function public.working_set_source(text) to authenticated, service_role;

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

revoke execute on function public.working_set_count(text) from public, anon;

grant execute on function public.working_set_count(text) to authenticated, service_role;

-- A new device's first sync asks its counts in one request (issue 26's first-sync goal;
-- docs/performance.md, "A device's working set").
--
-- The first sync's progress ("rows so far of about how many", per table) needs each table's
-- working-set count before its first pull. The app asked public.working_set_count(table)
-- once per table: eleven requests before the first row was pulled, each a round trip through
-- the gateway and PostgREST, and on PGlite's single backend eleven statements queued behind
-- one another (1.2 to 3.3 s). working_set_counts(tables) answers them all in one request,
-- with the same rule, the same row-level security (security invoker) and the same cutoff
-- for every table (one call, one now()). working_set_count (above)
-- stays for app versions that still ask one table at a time; both read
-- public.working_set_source, so they cannot disagree.
create or replace function public.working_set_counts(p_tables text[])
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  v_day date := public.dm_jakarta_date(v_cutoff);
  t text;
  n integer;
  counts jsonb := '{}'::jsonb;
begin
  if p_tables is null or cardinality(p_tables) > 64 then
    raise exception 'Tables must be a list of at most 64 names' using errcode = '22023';
  end if;
  foreach t in array p_tables loop
    if t is null or not (t = any (public.replicated_tables())) then
      raise exception 'Unknown table %', left(coalesce(t, 'null'), 40) using errcode = '22023';
    end if;
    if counts ? t then
      continue;
    end if;
    execute format('select count(*) from %s', public.working_set_source(t))
      into n using v_cutoff, v_day;
    counts := counts || jsonb_build_object(t, n);
  end loop;
  return counts;
end;
$$;

comment on function public.working_set_counts(text[]) is
  'How many rows of each named table''s working set the caller may read now (RLS), as {table: count}: a new device''s first sync, in one request.';

revoke execute on function public.working_set_counts(text[]) from public, anon;

grant execute on function public.working_set_counts(text[]) to authenticated, service_role;
