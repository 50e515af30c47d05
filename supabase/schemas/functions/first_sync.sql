-- public.first_sync: a new device's first sync in one request (issue 43, "First sync in one
-- round trip"): the working-set counts and every table's first batch with its checkpoint.
-- Added by 20261128030000_first_sync.sql; its notes there say how it agrees with pull_changes
-- and working_set_counts (pull.sql, working_set.sql).
create or replace function public.first_sync(
  p_tables text[],
  p_limit integer default 5000,
  p_budget integer default 20000
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
  v_day date := public.dm_jakarta_date(v_cutoff);
  v_limit integer := least(greatest(coalesce(p_limit, 5000), 1), 5000);
  v_left integer := least(greatest(coalesce(p_budget, 20000), 0), 20000);
  v_caught_up jsonb := case when horizon::text::numeric > 0 then
    jsonb_build_object('xid', (horizon::text::numeric - 1)::text, 'id', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
  end;
  t text;
  n integer;
  k integer;
  batch jsonb;
  counts jsonb := '{}'::jsonb;
  tables jsonb := '{}'::jsonb;
begin
  if p_tables is null or cardinality(p_tables) > 64 then
    raise exception 'Tables must be a list of at most 64 names' using errcode = '22023';
  end if;
  foreach t in array p_tables loop
    if t is null or not (t = any (public.replicated_tables())) then
      raise exception 'Unknown table %', left(coalesce(t, 'null'), 40) using errcode = '22023';
    end if;
  end loop;
  foreach t in array p_tables loop
    if counts ? t then
      continue;
    end if;
    k := least(v_limit, v_left);
    if k <= 0 then
      execute format('select count(*) from %s', public.working_set_source(t))
        into n using v_cutoff, v_day;
      counts := counts || jsonb_build_object(t, n);
      continue;
    end if;
    execute format(
      $q$
        select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text)
                                  order by t.change_xid, t.id), '[]'::jsonb),
               count(*)
        from (
          select t.* from %s
          where (t.change_xid, t.id) > ('0'::xid8, '00000000-0000-0000-0000-000000000000'::uuid)
            and t.change_xid < $3
          order by t.change_xid, t.id
          limit $4
        ) t
      $q$, public.working_set_source(t))
    into batch, n
    using v_cutoff, v_day, horizon, k;
    v_left := v_left - n;
    -- A batch that is not full is the table's whole set below the horizon: its count, without
    -- reading the set twice (rows of transactions still running come in a later round). A full
    -- one is counted as working_set_counts counts.
    if n = k then
      execute format('select count(*) from %s', public.working_set_source(t))
        into n using v_cutoff, v_day;
    end if;
    counts := counts || jsonb_build_object(t, n);
    tables := tables || jsonb_build_object(t, jsonb_build_object(
      'rows', batch,
      'limit', k,
      -- Not full: every row of the set below the horizon is out (pull_changes' rule).
      'checkpoint', case when jsonb_array_length(batch) < k then v_caught_up end
    ));
  end loop;
  return jsonb_build_object('horizon', horizon::text, 'cutoff', v_cutoff, 'counts', counts, 'tables', tables);
end;
$$;
comment on function public.first_sync(text[], integer, integer) is
  'A new device''s first sync in one request: for each named table, its working-set count and pull_changes'' first batch (at most p_limit rows, p_budget in all) with its checkpoint, under one horizon and cutoff. RLS applies (security invoker).';

revoke execute on function public.first_sync(text[], integer, integer) from public, anon;
grant execute on function public.first_sync(text[], integer, integer) to authenticated, service_role;
