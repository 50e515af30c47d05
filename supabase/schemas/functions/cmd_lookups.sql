-- The rows the command families look up, lock and name in a refusal, and the time a command
-- happened: the hub's first warehouse, a city's hub and warehouse, a shipment locked for its
-- transition, who got there first (a conflict's parameters), the time floor and the device's
-- clock. Called by the cmd_* functions (functions/apply_commands.sql runs them) after the
-- checks of functions/cmd_helpers.sql; not callable by the API roles (execute is revoked after
-- each). cmd_time_floor, cmd_device_time, cmd_hub and cmd_require_new_id are on the measured hot
-- path and carry no `set search_path` (cmd_helpers.sql says why that is safe).

-- The id a command gives a new row must be new; reusing one is a device bug
-- (a replayed command never gets here: apply_commands answers it from its record).
create or replace function public.cmd_require_new_id(p_table text, p_id uuid)
returns void
language plpgsql
as $$
declare
  taken boolean;
begin
  -- The tables the commands make rows in, each a static query (planned once a session); any
  -- other by name (dynamic SQL is parsed and planned at every call: twice the time).
  case p_table
    when 'inventory' then taken := exists (select 1 from public.inventory t where t.id = p_id);
    when 'shipments' then taken := exists (select 1 from public.shipments t where t.id = p_id);
    when 'containers' then taken := exists (select 1 from public.containers t where t.id = p_id);
    when 'vendors' then taken := exists (select 1 from public.vendors t where t.id = p_id);
    when 'vehicles' then taken := exists (select 1 from public.vehicles t where t.id = p_id);
    when 'vehicle_types' then taken := exists (select 1 from public.vehicle_types t where t.id = p_id);
    when 'hubs' then taken := exists (select 1 from public.hubs t where t.id = p_id);
    when 'warehouses' then taken := exists (select 1 from public.warehouses t where t.id = p_id);
    when 'discrepancies' then taken := exists (select 1 from public.discrepancies t where t.id = p_id);
    when 'shipment_receipts' then
      taken := exists (select 1 from public.shipment_receipts t where t.id = p_id);
    else
      execute format('select exists (select 1 from public.%I where id = $1)', p_table) into taken using p_id;
  end case;
  if taken then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
end;
$$;

revoke execute on function public.cmd_require_new_id(text, uuid) from public, anon, authenticated;

-- Spec 9: "the hub's first warehouse": the oldest live one, then by name.
create or replace function public.cmd_first_warehouse(p_hub_id uuid)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where w.hub_id = p_hub_id and not w.deleted
  order by w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_first_warehouse(uuid) from public, anon, authenticated;

-- Spec 4.2, POD: the warehouse whose location matches the city (an exact
-- match before one that merely contains it), or null.
create or replace function public.cmd_city_warehouse(p_city text)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where not w.deleted
    and public.dm_slug(p_city) is not null
    and position(public.dm_slug(p_city) in coalesce(public.dm_slug(w.location), '')) > 0
  order by public.dm_slug(w.location) = public.dm_slug(p_city) desc, w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_city_warehouse(text) from public, anon, authenticated;

-- Spec 4.2, POD: the hub whose city or name matches the city, or null. The
-- shipment's own destination first, then POD hubs, then the oldest.
create or replace function public.cmd_city_hub(p_city text, p_prefer uuid)
returns public.hubs
language sql
stable
set search_path = ''
as $$
  select h.* from public.hubs h
  where not h.deleted
    and public.dm_slug(p_city) is not null
    and (public.dm_slug(h.city) = public.dm_slug(p_city)
         or position(public.dm_slug(p_city) in coalesce(public.dm_slug(h.name), '')) > 0)
  order by h.id = p_prefer desc, public.hub_kind(h.name, h.type) = 'pod' desc,
           h.created_at, h.name collate "C", h.id
  limit 1
$$;

revoke execute on function public.cmd_city_hub(text, uuid) from public, anon, authenticated;

-- A status key used by a new shipment exists (spec 4.2 names otw_ plus any
-- city): added with its label when missing, brought back when removed.
create or replace function public.cmd_ensure_status(p_key text, p_label text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.shipment_statuses (key, label, color, sort_order)
  values (p_key, p_label, 'primary',
          (select coalesce(max(s.sort_order), 0) + 10 from public.shipment_statuses s))
  on conflict (key) do nothing;
  update public.shipment_statuses set deleted = false where key = p_key and deleted;
end;
$$;

revoke execute on function public.cmd_ensure_status(text, text) from public, anon, authenticated;

-- The shipment, locked, or not_found.
create or replace function public.cmd_lock_shipment(p_shipment_id uuid)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments;
begin
  select * into s from public.shipments where id = p_shipment_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'shipmentNotFound');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_shipment(uuid) from public, anon, authenticated;

-- Who did it and when, from the audit trail, as a refusal's parameters:
-- {who: 'cikarang@demo.local', when: '21 Nov 2026 14:05 WIB'} for the last applied command of
-- those types on the entity (who: the key anotherUser when the actor has no e-mail); null when none.
create or replace function public.cmd_who_when(p_entity uuid, p_types text[])
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'who', coalesce(to_jsonb(c.actor_email), jsonb_build_object('key', 'anotherUser')),
    'when', public.dm_format_wib(c.issued_at))
  from public.commands c
  where c.entity_id = p_entity and c.outcome = 'applied' and c.type = any (p_types)
  order by c.received_at desc
  limit 1
$$;

revoke execute on function public.cmd_who_when(uuid, text[]) from public, anon, authenticated;

-- First writer wins (docs/sync.md): the later command is refused with code
-- 'conflict' and a message naming who got there first and when (p_what: the key of what
-- happened, such as arrivalAlreadyConfirmed).
create or replace function public.cmd_reject_conflict(p_entity uuid, p_types text[], p_what text, p_status text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  who jsonb := public.cmd_who_when(p_entity, p_types);
  what jsonb := jsonb_build_object('what', jsonb_build_object('key', p_what));
  status_label text;
begin
  if who is not null then
    perform public.cmd_reject('conflict', 'conflictBy', what || who);
  end if;
  select s.label into status_label from public.shipment_statuses s where s.key = p_status;
  perform public.cmd_reject('conflict', 'conflictStatus',
    what || jsonb_build_object('status', coalesce(status_label, p_status)));
end;
$$;

revoke execute on function public.cmd_reject_conflict(uuid, text[], text, text) from public, anon, authenticated;

-- The latest transition time of the payload's shipments and vehicles (apply_commands.sql,
-- note 3.): each id by primary key. The ids under the keys that name a hub, a warehouse, a
-- vendor, a vehicle type or a stock booking are not looked up (issue 43, P2: a floor command's
-- hub and a stock booking's two ids were two look-ups each that never find a row; a command
-- whose hub id were a shipment's would be refused by its own check of the hub).
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
as $$
declare
  vals jsonb;
  v jsonb;
  e jsonb;
  t text;
  ids uuid[] := '{}';
  i integer;
  k integer;
  latest timestamptz;
  found_at timestamptz;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return null;
  end if;
  -- The values of the object's members ('strict': arrays among them stay arrays).
  vals := jsonb_path_query_array(p - array['hub_id', 'current_hub_id', 'destination_hub_id', 'warehouse_id',
                                           'destination_warehouse_id', 'vendor_id', 'vehicle_type_id',
                                           'inventory_id', 'smartboard_inventory_id', 'bracket_inventory_id'],
                                 'strict $.*');
  for i in 0 .. jsonb_array_length(vals) - 1 loop
    v := vals -> i;
    if jsonb_typeof(v) = 'string' then
      t := v #>> '{}';
      if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        ids := ids || t::uuid;
      end if;
    elsif jsonb_typeof(v) = 'array' then
      for k in 0 .. jsonb_array_length(v) - 1 loop
        e := v -> k;
        if jsonb_typeof(e) = 'string' then
          t := e #>> '{}';
          if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
            ids := ids || t::uuid;
          end if;
        end if;
      end loop;
    end if;
  end loop;
  -- The latest non-null time of the rows (greatest() passes over nulls; null when none).
  for i in 1 .. cardinality(ids) loop
    select greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                    s.unloading_finished_at)
      into found_at from public.shipments s where s.id = ids[i];
    latest := greatest(latest, found_at);
    select greatest(x.queued_at, x.loading_started_at, x.loading_finished_at)
      into found_at from public.vehicles x where x.id = ids[i];
    latest := greatest(latest, found_at);
  end loop;
  return latest;
end;
$$;

revoke execute on function public.cmd_time_floor(jsonb) from public, anon, authenticated;

-- The time the user acted, by the device clock: an ISO 8601 time with a zone
-- ('2026-11-21T07:05:00.123Z', '2026-11-21T14:05:00+07:00'), else null (the
-- caller refuses the command). Clamped to [floor, receipt].
create or replace function public.cmd_device_time(p_issued jsonb, p_payload jsonb, p_received timestamptz)
returns timestamptz
language plpgsql
stable
as $$
declare
  t timestamptz;
begin
  if jsonb_typeof(p_issued) is distinct from 'string'
     or (p_issued #>> '{}') !~ '^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    return null;
  end if;
  begin
    t := (p_issued #>> '{}')::timestamptz;
  exception when others then
    return null;
  end;
  return least(p_received, greatest(t, p_received - interval '30 days', public.cmd_time_floor(p_payload)));
end;
$$;

revoke execute on function public.cmd_device_time(jsonb, jsonb, timestamptz) from public, anon, authenticated;

create or replace function public.cmd_hub(p_hub_id uuid)
returns public.hubs
language plpgsql
as $$
declare
  h public.hubs;
begin
  select * into h from public.hubs where id = p_hub_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  return h;
end;
$$;

revoke execute on function public.cmd_hub(uuid) from public, anon, authenticated;
