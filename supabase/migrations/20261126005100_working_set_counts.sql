-- A new device's first sync asks its counts in one request (issue 26's first-sync goal;
-- docs/performance.md, "A device's working set").
--
-- The first sync's progress ("rows so far of about how many", per table) needs each table's
-- working-set count before its first pull. The app asked public.working_set_count(table)
-- once per table: eleven requests before the first row was pulled, each a round trip through
-- the gateway and PostgREST, and on PGlite's single backend eleven statements queued behind
-- one another (1.2 to 3.3 s). working_set_counts(tables) answers them all in one request,
-- with the same rule, the same row-level security (security invoker) and the same cutoff
-- for every table (one call, one now()). working_set_count (20261126004100_working_set.sql)
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
