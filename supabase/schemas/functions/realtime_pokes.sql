-- public.poke_topic never waits (issue 44). A topic's row held by a concurrent sender (FOR
-- UPDATE SKIP LOCKED finds nothing) must not go on to INSERT ... ON CONFLICT DO NOTHING: that
-- insert would wait for the holder's transaction to
-- end (its update made a row version the unique check must see settled): commits of one hub
-- would queue behind each other, and two transactions holding each other's topics across
-- statements could deadlock (npm run load saw lock waits in 7 of 81 samples). A row that exists is never inserted again: held by someone else, the poke is skipped at
-- once (that sender's poke is delivered at its commit; the device's second round a second
-- after a poke and the safety probe cover the rest). The insert is left for a topic's very
-- first poke only.
create or replace function public.poke_topic(p_topic text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
  sent text;
begin
  select p.sent_at into last from public.realtime_pokes p where p.topic = p_topic for update skip locked;
  if found then
    if last > clock_timestamp() - interval '250 milliseconds' then
      return;
    end if;
    update public.realtime_pokes set sent_at = clock_timestamp() where topic = p_topic;
  else
    -- Held by a concurrent sender (its committed version is seen without waiting): skip.
    if exists (select 1 from public.realtime_pokes p where p.topic = p_topic) then
      return;
    end if;
    insert into public.realtime_pokes (topic, sent_at) values (p_topic, clock_timestamp())
    on conflict (topic) do nothing
    returning topic into sent;
    if sent is null then
      return;
    end if;
  end if;
  perform realtime.send(jsonb_build_object('scope', p_topic), 'poke', p_topic, true);
end;
$$;

revoke execute on function public.poke_topic(text) from public, anon, authenticated;

-- The topics a statement's rows (old and new versions, as jsonb) concern, for one table.
-- PL/pgSQL, one plain query a kind of table (issue 43): each is planned once a session, where
-- the one SQL-language query over every table's cases was planned again at every call (a
-- security definer function is never inlined). It cost 1.6 ms a statement, most of a floor
-- command's time on the server (P2, docs/performance.md). The rows' shipments (by id, or a
-- vehicle's by vehicle_id) and warehouses are matched with `= any (array(...))`, an index lookup
-- of the few ids: planned once for any rows, `in (select ... from jsonb_array_elements(...))` was
-- a hash join over a scan of every shipment (0.9 ms a call with 10,740 shipments, and growing).
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

-- The statement trigger on each replicated table: one call per statement, whatever its rows.
create or replace function public.poke_changed_scopes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed jsonb := '[]';
  t text;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select changed || coalesce(jsonb_agg(to_jsonb(n)), '[]') into changed from new_rows n;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select changed || coalesce(jsonb_agg(to_jsonb(o)), '[]') into changed from old_rows o;
  end if;
  if jsonb_array_length(changed) = 0 then
    return null;
  end if;
  foreach t in array coalesce(public.poke_topics_of(tg_table_name, changed), '{}') loop
    perform public.poke_topic(t);
  end loop;
  return null;
end;
$$;

revoke execute on function public.poke_changed_scopes() from public, anon, authenticated;

-- Who may hear a topic: the scopes whose rows the user reads (the read policies' own tests,
-- is_staff and my_hub_ids). Anon has no policy, so no topic at all.
create or replace function public.may_hear_topic(p_topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case
      when p_topic is null or (select public.my_role()) is null then false
      when (select public.is_staff()) then p_topic like 'dermaga:%'
      when p_topic = 'dermaga:company' then true
      when p_topic = 'dermaga:user:' || (select auth.uid())::text then true
      when p_topic like 'dermaga:hub:%' then
        substr(p_topic, length('dermaga:hub:') + 1) = any (
          select h::text from unnest((select public.my_hub_ids())) h)
      else false
    end, false)
$$;

revoke execute on function public.may_hear_topic(text) from public, anon;

grant execute on function public.may_hear_topic(text) to authenticated, service_role;
