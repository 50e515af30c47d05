-- Issue 43, P2: cmd_time_floor does not look up the ids under the keys that name a hub, a
-- warehouse, a vendor, a vehicle type or a stock booking. Every id of a payload was looked up
-- in shipments and in vehicles: a floor command's hub id was two look-ups that never find a
-- row, a stock booking's warehouse and booking ids four. Such an id is never a shipment's or a
-- vehicle's (a command whose hub id were a shipment's is refused by its own check of the hub),
-- so no applied command's time moves. The current definition is in
-- supabase/schemas/functions/cmd_lookups.sql; it was first defined in
-- 20261128020000_baseline.sql, and last in 20261129010000_messages_by_key.sql.

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
