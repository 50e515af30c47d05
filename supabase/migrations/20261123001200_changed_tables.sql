-- Which tables have changes past the device's checkpoints (issue 14, and the
-- load run of issue 13): a sync round asks this once, then pulls only those
-- tables, instead of one pull_changes request per table every round. On a
-- patchy network fewer requests per round means fewer rounds lost; on the
-- server, one statement per table instead of one HTTP request per table.
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
  return jsonb_build_object('tables', to_jsonb(changed), 'horizon', horizon::text);
end;
$$;
comment on function public.changed_tables(jsonb) is
  'The tables the caller may read that have a row past its checkpoint and below the commit-safe horizon, and that horizon.';

-- The idle probe of older app versions asks the same question.
create or replace function public.has_changes(p_checkpoints jsonb)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_array_length(public.changed_tables(p_checkpoints) -> 'tables') > 0
$$;

revoke execute on function public.changed_tables(jsonb) from public, anon;
grant execute on function public.changed_tables(jsonb) to authenticated, service_role;
