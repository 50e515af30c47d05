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
-- The triggers hand it only the columns poke_fields keeps (below): a column read here is kept
-- there too (realtime-pokes.test.ts checks it from both functions' source).
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

-- The part of a row poke_topics_of reads: the hubs, the warehouse, the shipment, the user, and a
-- vehicle's id and whether it is free to queue. Rows that differ elsewhere (a version, a time)
-- concern the same topics, so a batch's statements come down to a few distinct ones (below).
-- The fields a row lacks are left out (poke_topics_of reads a missing field as null), which
-- halves a held line. Stable (jsonb_build_object is) and without a SET clause, so it is
-- inlined into the trigger's query (given the row as a column, not as an expression: an
-- expensive argument used more than once is not inlined).
create or replace function public.poke_fields(p_table text, r jsonb)
returns jsonb
language sql
stable
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'origin_hub_id', r -> 'origin_hub_id', 'destination_hub_id', r -> 'destination_hub_id',
    'current_hub_id', r -> 'current_hub_id', 'hub_id', r -> 'hub_id',
    'warehouse_id', r -> 'warehouse_id', 'shipment_id', r -> 'shipment_id', 'user_id', r -> 'user_id',
    'is_active', r -> 'is_active', 'ready', r -> 'ready',
    'id', case when p_table = 'vehicles' then r -> 'id' end))
$$;

revoke execute on function public.poke_fields(text, jsonb) from public, anon, authenticated;

grant execute on function public.poke_fields(text, jsonb) to service_role;

-- A statement's rows (poke_fields, as jsonb) of one table: their topics, each poked.
create or replace function public.poke_rows(p_table text, p_rows jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  t text;
begin
  foreach t in array coalesce(public.poke_topics_of(p_table, p_rows), '{}') loop
    perform public.poke_topic(t);
  end loop;
end;
$$;

revoke execute on function public.poke_rows(text, jsonb) from public, anon, authenticated;

-- The trigger runs as the writer: service_role writes these tables directly.
grant execute on function public.poke_rows(text, jsonb) to service_role;

-- The statement trigger on each replicated table: one call per statement, whatever its rows.
-- Outside apply_commands it pokes the rows' topics (poke_rows). Inside it (dermaga.pokes_held
-- = 'on') it holds them instead, in transaction-local settings: a line
-- "<table><tab><the rows' poke_fields as a JSON array>" for each statement whose line is not
-- there yet (compared as text: jsonb's text is canonical, and a floor batch's statements
-- repeat a few lines). The lines go in chunks of about 2 KB (dermaga.poke_rows, then
-- dermaga.poke_rows_2, ...; dermaga.poke_chunk names the one being filled), and a line is
-- looked for in that chunk only: setting a value costs by its length, so one setting that grew
-- by every distinct line made a batch over many trucks pay for its length at every statement
-- (a line can then stand in two chunks; poke_held_scopes pokes each topic once all the same).
-- poke_held_scopes pokes their topics once, after the batch's last command (issue 43, P2: each
-- statement worked out and poked the same topics, about a third of a floor batch's time on the
-- server). A refused command's subtransaction rolls its lines back out of the settings with
-- everything else it did.
-- Neither security definer nor a SET clause (each costs at every call, and this runs at every
-- statement): it runs as the writer, and reaches nothing beyond the writer's rights but
-- poke_rows. The writers are the owner's security definer functions and service_role.
create or replace function public.poke_changed_scopes()
returns trigger
language plpgsql
as $$
declare
  changed jsonb;
  line text;
  held text;
  chunk integer;
  setting text;
begin
  -- One query over the statement's rows (old and new versions): their poke_fields. Each
  -- subquery is fenced (offset 0): pulled up, its to_jsonb would be computed once for every
  -- field poke_fields reads, ten times a row (a UNION ALL's branches keep theirs, but the
  -- fence says so in each).
  if tg_op = 'INSERT' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n offset 0) x;
  elsif tg_op = 'UPDATE' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n
          union all
          select pg_catalog.to_jsonb(o) from old_rows o
          offset 0) x;
  else
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(o) r from old_rows o offset 0) x;
  end if;
  if changed is null then
    return null;
  end if;
  if pg_catalog.current_setting('dermaga.pokes_held', true) = 'on' then
    line := tg_table_name || E'\t' || changed::text || E'\n';
    chunk := coalesce(nullif(pg_catalog.current_setting('dermaga.poke_chunk', true), '')::integer, 1);
    setting := case when chunk = 1 then 'dermaga.poke_rows' else 'dermaga.poke_rows_' || chunk end;
    held := coalesce(pg_catalog.current_setting(setting, true), '');
    if pg_catalog.strpos(held, line) = 0 then
      if pg_catalog.octet_length(held) >= 2048 then
        chunk := chunk + 1;
        setting := 'dermaga.poke_rows_' || chunk;
        held := pg_catalog.set_config('dermaga.poke_chunk', chunk::text, true);
        held := '';
      end if;
      line := pg_catalog.set_config(setting, held || line, true);
    end if;
  else
    perform public.poke_rows(tg_table_name, changed);
  end if;
  return null;
end;
$$;

revoke execute on function public.poke_changed_scopes() from public, anon, authenticated;

-- The end of holding (apply_commands, after its last command): the held rows' topics, each
-- poked once; statements after it poke at once again.
create or replace function public.poke_held_scopes()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  held text := coalesce(current_setting('dermaga.poke_rows', true), '');
  chunks integer := coalesce(nullif(current_setting('dermaga.poke_chunk', true), '')::integer, 1);
  topics text[] := '{}';
  tbl text;
  t_rows jsonb;
  t text;
begin
  t := set_config('dermaga.pokes_held', '', true);
  t := set_config('dermaga.poke_rows', '', true);
  t := set_config('dermaga.poke_chunk', '', true);
  for i in 2 .. chunks loop
    held := held || coalesce(current_setting('dermaga.poke_rows_' || i, true), '');
    t := set_config('dermaga.poke_rows_' || i, '', true);
  end loop;
  for tbl, t_rows in
    select split_part(l, E'\t', 1), jsonb_agg(e)
    from regexp_split_to_table(held, E'\n') l,
      jsonb_array_elements(split_part(l, E'\t', 2)::jsonb) e
    where l <> ''
    group by 1
  loop
    topics := topics || coalesce(public.poke_topics_of(tbl, t_rows), '{}');
  end loop;
  foreach t in array array(select distinct x from unnest(topics) x order by x) loop
    perform public.poke_topic(t);
  end loop;
end;
$$;

revoke execute on function public.poke_held_scopes() from public, anon, authenticated;

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
