-- "Has anything changed for me?" (issue 10): a device that is online and idle
-- asks this every few seconds instead of pulling every table; only a "yes"
-- starts a pull. It answers one boolean: whether any table the caller may read
-- (security invoker: RLS decides) holds a row past the device's checkpoint
-- for that table and below the commit-safe horizon (the same condition
-- pull_changes hands rows out by, docs/sync.md). Each test is an index probe
-- on (change_xid, id), stopped at the first row found.
create or replace function public.has_changes(p_checkpoints jsonb)
returns boolean
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
      return true;
    end if;
  end loop;
  return false;
end;
$$;
comment on function public.has_changes(jsonb) is
  'True when any table the caller may read has a row past its checkpoint and below the commit-safe horizon.';

revoke execute on function public.has_changes(jsonb) from public, anon;
grant execute on function public.has_changes(jsonb) to authenticated, service_role;
