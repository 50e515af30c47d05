-- public.pull_round: a sync round's pull in one request (issue 44: a poked device heard of a
-- change within a second only if its round was quick; issue 43: fewer round trips where a
-- worker waits). A round asked changed_tables, then pull_changes for each table it named: two
-- round trips at least before a change reached the screen. pull_round answers both at once:
--
--   {horizon, cutoff, changed: [table], tables: {table: {rows, limit, checkpoint}}}
--
-- It is changed_tables and each named table's pull_changes in one call, and cannot disagree
-- with them:
-- - security invoker: row-level security decides what the caller sees, as in both;
-- - one snapshot (a stable function): one horizon (its xmin) and one cutoff for every table;
-- - `changed` is changed_tables' answer: the tables with a row past the device's checkpoint
--   below the horizon (a row outside the working set too: the batch is then empty and its
--   checkpoint moves past it, as pull_changes' does);
-- - each changed table's batch is pull_changes' batch after the device's checkpoint: rows of
--   public.working_set_source in (change_xid, id) order below the horizon, at most `limit`, and
--   when not full the checkpoint past everything below the horizon;
-- - bounded like first_sync: at most 5,000 rows a table and 20,000 in all; a changed table past
--   the budget is named in `changed` without a batch, and the device pulls it with
--   pull_changes (sync/replication/pull-round.ts).
create or replace function public.pull_round(
  p_checkpoints jsonb,
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
  cp jsonb;
  after_xid xid8;
  after_id uuid;
  found_one boolean;
  k integer;
  n integer;
  batch jsonb;
  changed text[] := '{}';
  tables jsonb := '{}'::jsonb;
begin
  if jsonb_typeof(p_checkpoints) is distinct from 'object' then
    raise exception 'checkpoints must be an object of {xid, id} by table' using errcode = '22023';
  end if;
  foreach t in array public.replicated_tables() loop
    cp := p_checkpoints -> t;
    after_xid := case when jsonb_typeof(cp -> 'xid') = 'string' and (cp ->> 'xid') ~ '^\d{1,20}$'
                      then (cp ->> 'xid')::xid8 else '0'::xid8 end;
    after_id := case when jsonb_typeof(cp -> 'id') = 'string'
                          and (cp ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                     then (cp ->> 'id')::uuid else '00000000-0000-0000-0000-000000000000'::uuid end;
    -- changed_tables' test: an index probe on (change_xid, id), stopped at the first row.
    execute format(
      'select exists (select 1 from public.%I r where (r.change_xid, r.id) > ($1, $2) and r.change_xid < $3)', t)
      into found_one
      using after_xid, after_id, horizon;
    continue when not found_one;
    changed := changed || t;
    k := least(v_limit, v_left);
    continue when k <= 0;
    -- pull_changes' batch after the device's checkpoint.
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
      $q$, public.working_set_source(t))
    into batch, n
    using v_cutoff, v_day, after_xid, after_id, horizon, k;
    v_left := v_left - n;
    tables := tables || jsonb_build_object(t, jsonb_build_object(
      'rows', batch,
      'limit', k,
      -- Not full: every row of the set below the horizon is out (pull_changes' rule).
      'checkpoint', case when n < k then v_caught_up end
    ));
  end loop;
  return jsonb_build_object('horizon', horizon::text, 'cutoff', v_cutoff, 'changed', to_jsonb(changed), 'tables', tables);
end;
$$;

comment on function public.pull_round(jsonb, integer, integer) is
  'A sync round''s pull in one request: changed_tables'' answer (the tables with a row past the caller''s checkpoints below the horizon) and, for each, pull_changes'' batch after its checkpoint (at most p_limit rows, p_budget in all) with the checkpoint when not full, under one horizon and cutoff. RLS applies (security invoker).';

revoke execute on function public.pull_round(jsonb, integer, integer) from public, anon;

grant execute on function public.pull_round(jsonb, integer, integer) to authenticated, service_role;
