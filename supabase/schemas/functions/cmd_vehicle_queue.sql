-- Commands of the vehicle queue at a hub (spec 4.1, 4.3): queue vehicles, start loading
-- (Proses Muat), remove from queue, finish loading. Each returns the id of the row it acted on
-- (for conflict messages) and ends with undo_keep_images (cmd_undo.sql). Device twin:
-- sync/commands/vehicle-queue.ts.
--
-- The most frequent commands, on apply_commands' measured hot path (apply_commands.sql,
-- notes 2., 4. and 5.): no `set search_path` (why that is safe: cmd_helpers.sql); a void
-- helper is called by assigning its result cast to text, not by PERFORM. Each takes the
-- vehicle as it was in the UPDATE that changes it (issue 43): an UPDATE ... FROM a locked read
-- of the same row (FOR UPDATE: the row as it is when locked, also after waiting for another
-- transaction), RETURNING both rows (PostgreSQL 17 has no RETURNING OLD), with the command's
-- preconditions in the WHERE. When it changes nothing, the command takes the slower path
-- (cmd_vehicle_at_hub, cmd_lock_vehicle), which refuses it with the same check in the same
-- order and the same message; the hub check (cmd_require_hub) comes first.

-- The vehicle, locked, or a not_found rejection.
create or replace function public.cmd_lock_vehicle(p_vehicle_id uuid)
returns public.vehicles
language plpgsql
as $$
declare
  v public.vehicles;
begin
  select * into v from public.vehicles where id = p_vehicle_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vehicleNotFound');
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_vehicle(uuid) from public, anon, authenticated;

-- The shape the transitions of the queue share: the hub of the payload (that of the caller,
-- cmd_require_hub), the vehicle locked, and the vehicle at that hub in the
-- state the transition starts from ('siap_muat', 'sedang_muat', or 'queued':
-- either), else a precondition rejection naming its plate (p_refusal: the key of its message, given the plate).
create or replace function public.cmd_vehicle_at_hub(
  ctx public.command_context, p jsonb, p_state text, p_refusal text)
returns public.vehicles
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v public.vehicles;
  in_state boolean;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  v := public.cmd_lock_vehicle(public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound'));
  -- (A CASE cannot stand in an IF condition: plpgsql reads it up to the first THEN.)
  in_state := case p_state
                when 'siap_muat' then v.siap_muat
                when 'sedang_muat' then v.sedang_muat
                when 'queued' then v.siap_muat or v.sedang_muat
              end;
  if v.current_hub_id is distinct from hub_id or not coalesce(in_state, false) then
    perform public.cmd_reject('precondition', p_refusal, jsonb_build_object('plate', v.license_plate));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text) from public, anon, authenticated;

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

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.siap_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat', 'notInReadyQueue');
    update public.vehicles
       set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_start_loading(public.command_context, jsonb) from public, anon, authenticated;

-- remove_from_queue (Keluarkan): out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and (o.siap_muat or o.sedang_muat)
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'queued', 'notInQueue');
    update public.vehicles
       set siap_muat = false, sedang_muat = false, ready = true,
           queued_at = null, loading_started_at = null, loading_finished_at = null
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_remove_from_queue(public.command_context, jsonb) from public, anon, authenticated;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.sedang_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat', 'notLoadingHere');
    update public.vehicles
       set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_finish_loading(public.command_context, jsonb) from public, anon, authenticated;
