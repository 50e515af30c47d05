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

-- public.replicated_tables(), the list of tables, is in 20261126004000_handover_tables.sql.

-- public.pull_changes(), the pull itself, and public.visible_ids(), the ids a device may
-- hold now (convergence), are in 20261126004100_working_set.sql: both send only the
-- device's working set (issue 26).

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

-- public.changed_tables(checkpoints), which tables have changes past the device's
-- checkpoints, and public.has_changes(checkpoints), the same question for older app
-- versions, are in 20261126004100_working_set.sql (the answer carries the working set's
-- cutoff too).
