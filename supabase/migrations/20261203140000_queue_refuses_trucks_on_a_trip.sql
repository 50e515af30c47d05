-- A truck on a trip is not queued (the floor's trap: ready is not free). A vehicle stays
-- ready from its loading to its unloading (spec 4.1), so queue_vehicles took a truck on its
-- way, arrived or being unloaded into any hub's Siap Muat queue, and Selesai Bongkar then took
-- it off that queue again. Now a vehicle with a shipment not unloaded (not selesai_bongkar,
-- not deleted) is refused with vehicleNotReady, through a partial index of the open rows
-- (a truck's closed history is never walked). The device offers such a truck nowhere
-- (src/features/hub-ops/queueable-trucks.ts), and offers a truck back from this hub's
-- shipment at another hub once it is unloaded there.
-- The current definitions are in supabase/schemas/functions/cmd_vehicle_queue.sql and
-- supabase/schemas/tables/shipments.sql; cmd_queue_vehicles was first defined in
-- 20261128020000_baseline.sql, and last in 20261129010000_messages_by_key.sql.

-- A vehicle's open shipments (queue_vehicles refuses a truck on a trip: cmd_vehicle_on_trip).
create index shipments_vehicle_open_idx on public.shipments (vehicle_id) where not selesai_bongkar and not deleted;

-- A vehicle is on a trip while a shipment of its own is not unloaded (nor voided): not
-- selesai_bongkar, not deleted. Through shipments_vehicle_open_idx (only the open rows: a truck's
-- history of closed shipments is never walked).
create or replace function public.cmd_vehicle_on_trip(p_vehicle uuid)
returns boolean
language sql
stable
as $$
  select exists (select 1 from public.shipments s
                  where s.vehicle_id = p_vehicle and not s.selesai_bongkar and not s.deleted);
$$;

revoke execute on function public.cmd_vehicle_on_trip(uuid) from public, anon, authenticated;

-- queue_vehicles: Ready -> Siap Muat at the hub, for each vehicle named (not one on a trip).
create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
  ok text;
  imgs jsonb[] := '{}';
  was jsonb;
  after jsonb;
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'chooseAtLeastOneVehicle')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'chooseAtLeastOneVehicle')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    update public.vehicles t
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
      from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
     where t.id = o.id and o.is_active and o.ready
       and (hub.type not in ('poljak', 'polsub') or coalesce(btrim(o.nama_kapal), '') <> '')
       and not public.cmd_vehicle_on_trip(o.id)
    returning to_jsonb(o), to_jsonb(t) into was, after;
    if not found then
      -- Refused below (the checks of before, in their order).
      v := public.cmd_lock_vehicle(vehicle_id);
      -- Ready is not free: a truck stays ready from its loading to its unloading (spec 4.1), so
      -- one on a shipment not yet unloaded (on its way, arrived, being unloaded) is not ready to
      -- queue anywhere (Selesai Bongkar would take it off that queue again).
      if not v.is_active or not v.ready or public.cmd_vehicle_on_trip(v.id) then
        ok := public.cmd_reject('precondition',
          'vehicleNotReady', jsonb_build_object('plate', v.license_plate))::text;
      end if;
      -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
      if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
        ok := public.cmd_reject('precondition',
          'notSeaFleet', jsonb_build_object('plate', v.license_plate))::text;
      end if;
      update public.vehicles
         set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
             queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
       where id = vehicle_id
      returning to_jsonb(vehicles) into after;
      was := to_jsonb(v);
    end if;
    -- (A vehicle named twice is refused above: it is no longer ready.)
    imgs := imgs || jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after);
  end loop;
  perform public.undo_keep_images(ctx, to_jsonb(imgs));
  return hub_id;
end;
$$;

revoke execute on function public.cmd_queue_vehicles(public.command_context, jsonb) from public, anon, authenticated;
