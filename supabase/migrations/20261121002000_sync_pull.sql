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

create or replace function public.replicated_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['hubs', 'warehouses', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
               'vehicles', 'shipments', 'containers', 'inventory']
$$;
comment on function public.replicated_tables() is 'The tables the offline clients replicate, in pull order.';

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
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  batch jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format(
    $q$
      select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text)
                                order by t.change_xid, t.id), '[]'::jsonb)
      from (
        select * from public.%I t
        where (t.change_xid, t.id) > ($1, $2) and t.change_xid < $3
        order by t.change_xid, t.id
        limit $4
      ) t
    $q$, p_table)
  into batch
  using coalesce(p_after_xid, '0')::xid8,
        coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid),
        horizon,
        least(greatest(coalesce(p_limit, 1000), 1), 5000);
  return jsonb_build_object('rows', batch, 'horizon', horizon::text);
end;
$$;
comment on function public.pull_changes(text, text, uuid, integer) is
  'Rows of p_table after the checkpoint (change_xid, id), in checkpoint order, only from committed transactions below the snapshot xmin (the horizon, returned too). RLS applies.';

-- Convergence: the ids a user may read now, with the snapshot's horizon. A
-- client drops local rows that are not listed and were written below the
-- horizon (rows that left the user's scope never come back as changes), and
-- fetches listed rows it lacks (rows that entered its scope without changing).
create or replace function public.visible_ids(p_table text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  ids jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format('select coalesce(jsonb_agg(id), ''[]''::jsonb) from public.%I', p_table) into ids;
  return jsonb_build_object('ids', ids, 'horizon', pg_snapshot_xmin(pg_current_snapshot())::text);
end;
$$;
comment on function public.visible_ids(text) is
  'Every id of p_table the caller may read now (RLS) and the snapshot horizon, for dropping rows that left its scope and fetching rows that entered it.';

revoke execute on function public.pull_changes(text, text, uuid, integer), public.visible_ids(text) from public, anon;
grant execute on function public.pull_changes(text, text, uuid, integer), public.visible_ids(text) to authenticated, service_role;
grant execute on function public.replicated_tables() to authenticated, service_role;

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
