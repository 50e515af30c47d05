-- Issue 43, P2: public.poke_topics_of finds the rows' shipments, vehicles' shipments and
-- warehouses by index. Its plan is made once a session for any rows (PL/pgSQL's generic plan),
-- and `in (select ... from jsonb_array_elements(p_rows))` was planned as a hash join over a scan
-- of every shipment: 0.9 ms a call with the bench's 10,740 shipments (63% of a floor command's
-- server time), growing with the history. `= any (array(...))` is an index lookup of the few
-- ids. Same topics for the same rows. The current definition is in
-- supabase/schemas/functions/realtime_pokes.sql.
-- poke_topics_of was first defined in 20261128020000_baseline.sql (re-created in
-- 20261129030000_tv_serials.sql and 20261129070000_poke_topics_planned_once.sql).

-- The topics a statement's rows (old and new versions, as jsonb) concern, for one table.
-- PL/pgSQL, one plain query a kind of table (issue 43): each is planned once a session, where
-- the one SQL-language query over every table's cases was planned again at every call (a
-- security definer function is never inlined). It cost 1.6 ms a statement, most of a floor
-- command's time on the server (P2, docs/performance.md). The rows' shipments, vehicles and
-- warehouses are matched with `= any (array(...))`, an index lookup of the few ids: planned once
-- for any rows, `in (select ... from jsonb_array_elements(...))` was a hash join over a scan of
-- every shipment (0.9 ms a call with 10,740 shipments, and growing with them).
create or replace function public.poke_topics_of(p_table text, p_rows jsonb)
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- The hubs the rows concern; topics beyond the hubs'.
  hubs uuid[] := '{}';
  more text[] := '{}';
begin
  if p_table in ('shipments', 'discrepancies', 'vehicles') then
    -- The rows' own hubs.
    select coalesce(array_agg(h), '{}') into hubs
    from jsonb_array_elements(p_rows) e,
      unnest(array[(e ->> 'origin_hub_id')::uuid, (e ->> 'destination_hub_id')::uuid,
                   (e ->> 'current_hub_id')::uuid]) h;
  elsif p_table = 'tv_units' then
    -- A TV unit in stock: its hub (on a shipment: the shipment's hubs, below).
    select coalesce(array_agg((e ->> 'hub_id')::uuid), '{}') into hubs from jsonb_array_elements(p_rows) e;
  elsif p_table in ('inventory', 'stock_balances') then
    -- Stock: the warehouse's hub, and the POD hubs of the city the warehouse is in.
    select coalesce(array_agg(h.id), '{}') into hubs
    from public.warehouses w
    join public.hubs h on h.id = w.hub_id
      or (h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(w.location)))
    where w.id = any (array(select (e ->> 'warehouse_id')::uuid from jsonb_array_elements(p_rows) e));
  end if;
  -- The hubs of the shipments the rows name (shipment_id; a vehicle's: the shipments it carries).
  if p_table in ('containers', 'shipment_documents', 'discrepancies', 'tv_units') then
    select hubs || coalesce(array_agg(h), '{}') into hubs
    from public.shipments s, unnest(array[s.origin_hub_id, s.destination_hub_id, s.current_hub_id]) h
    where s.id = any (array(select (e ->> 'shipment_id')::uuid from jsonb_array_elements(p_rows) e));
  elsif p_table = 'vehicles' then
    select hubs || coalesce(array_agg(h), '{}') into hubs
    from public.shipments s, unnest(array[s.origin_hub_id, s.destination_hub_id, s.current_hub_id]) h
    where s.vehicle_id = any (array(select (e ->> 'id')::uuid from jsonb_array_elements(p_rows) e));
  end if;
  if p_table in ('hubs', 'warehouses', 'shipment_statuses', 'vendors', 'vehicle_types')
     or (p_table = 'vehicles' and exists (
       select 1 from jsonb_array_elements(p_rows) e
       where (e ->> 'is_active')::boolean and (e ->> 'ready')::boolean)) then
    more := array['dermaga:company'];
  elsif p_table = 'profiles' then
    select coalesce(array_agg('dermaga:user:' || (e ->> 'user_id')), '{}') into more
    from jsonb_array_elements(p_rows) e where e ? 'user_id';
  end if;
  -- A row without its hub or user (a profile whose user is gone) names no topic.
  return (
    select array_agg(distinct t)
    from unnest(array['dermaga:desk'] || more
                || array(select 'dermaga:hub:' || h::text from unnest(hubs) h)) t
    where t is not null
  );
end;
$$;

revoke execute on function public.poke_topics_of(text, jsonb) from public, anon, authenticated;
