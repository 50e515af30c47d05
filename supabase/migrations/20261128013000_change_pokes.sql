-- Changes pushed, not polled (issue 44): a commit that changes what a scope can see sends a
-- small poke naming that scope (no row data) to a topic of its own, through Supabase
-- Realtime's Broadcast from the database (realtime.send). A device subscribed to its scopes'
-- topics starts a sync round when poked; the pull stays the one way rows arrive (docs/sync.md).
--
-- Topics:
--   dermaga:hub:<hub id>   rows a user of that hub reads (shipments from, to or at it, their
--                          containers, documents and discrepancies, its warehouses' stock,
--                          vehicles at it or on its shipments)
--   dermaga:company        the company-wide tables every signed-in user reads (hubs,
--                          warehouses, statuses, vendors, vehicle types) and free vehicles
--   dermaga:user:<user id> the user's own profile
--   dermaga:desk           every change (admin and tower control read every row)
-- Who may join which is RLS on realtime.messages (realtime.topic()), below: the same policy
-- hosted Realtime checks on a private channel's join and the local gateway evaluates as the
-- joining user (supabase/local/realtime.ts). realtime.messages, realtime.topic() and
-- realtime.send() are hosted's; the local stack's bootstrap makes them where absent.

-- At most one poke per topic per 250 ms: the last one sent, per topic. Unlogged (a crash
-- forgets it, which only lets a poke through); nobody but the trigger reads it.
create unlogged table if not exists public.realtime_pokes (
  topic text primary key,
  sent_at timestamptz not null
);
alter table public.realtime_pokes enable row level security;
revoke all on table public.realtime_pokes from public, anon, authenticated;

-- Sends the poke for one topic unless one went out in the last 250 ms. A concurrent
-- transaction sending to the same topic holds its row: this one skips it rather than wait
-- (no commit waits on another's poke, no lock order across topics to deadlock on). A poke
-- held back this way is covered on the device: a poked device runs a second round a second
-- later (sync/replication/pokes.ts), and the safety probe runs every minute regardless.
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
    -- None yet, or a concurrent sender holds it: the first sender of a topic inserts it.
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
create or replace function public.poke_topics_of(p_table text, p_rows jsonb)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  with r as (select e from jsonb_array_elements(p_rows) e),
  -- The shipments the rows name (their own id for shipments, shipment_id for the rest).
  ships as (
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table in ('containers', 'shipment_documents', 'discrepancies')
      and s.id in (select (e ->> 'shipment_id')::uuid from r)
    union all
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table = 'vehicles' and s.vehicle_id in (select (e ->> 'id')::uuid from r)
  ),
  hubs as (
    select (e ->> k)::uuid as hub_id
    from r, unnest(array['origin_hub_id', 'destination_hub_id', 'current_hub_id']) k
    where p_table in ('shipments', 'discrepancies', 'vehicles')
    union
    select unnest(array[origin_hub_id, destination_hub_id, current_hub_id]) from ships
    union
    -- Stock: the warehouse's hub, and the POD hubs of the city the warehouse is in.
    select h.id
    from public.warehouses w
    join public.hubs h on h.id = w.hub_id
      or (h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(w.location)))
    where p_table in ('inventory', 'stock_balances')
      and w.id in (select (e ->> 'warehouse_id')::uuid from r)
  )
  select array_agg(distinct t) from (
    select 'dermaga:desk' as t
    union all
    select 'dermaga:hub:' || hub_id::text from hubs where hub_id is not null
    union all
    select 'dermaga:company'
    where p_table in ('hubs', 'warehouses', 'shipment_statuses', 'vendors', 'vehicle_types')
       or (p_table = 'vehicles'
           and exists (select 1 from r where (e ->> 'is_active')::boolean and (e ->> 'ready')::boolean))
    union all
    select 'dermaga:user:' || (e ->> 'user_id') from r where p_table = 'profiles' and e ? 'user_id'
  ) topics
  -- A row without its hub or user (a profile whose user is gone) names no topic.
  where t is not null
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

do $$
declare
  tbl text;
begin
  foreach tbl in array public.replicated_tables() loop
    execute format('drop trigger if exists poke_on_insert on public.%I', tbl);
    execute format('drop trigger if exists poke_on_update on public.%I', tbl);
    execute format('drop trigger if exists poke_on_delete on public.%I', tbl);
    execute format(
      'create trigger poke_on_insert after insert on public.%I referencing new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_update after update on public.%I referencing old table as old_rows new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_delete after delete on public.%I referencing old table as old_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
  end loop;
end
$$;

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

drop policy if exists "Signed-in users hear the pokes of the scopes they read" on realtime.messages;
create policy "Signed-in users hear the pokes of the scopes they read"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select public.may_hear_topic((select realtime.topic())))
  );
