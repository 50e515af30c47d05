-- Commands of the vehicle queue at a hub (spec 4.1, 4.3): queue vehicles,
-- start loading (Proses Muat), remove from queue, finish loading.
-- Each returns the id of the row it acted on (for conflict messages).

-- Dock times (issue 6): when a vehicle joined the queue, started and finished
-- loading, by the time the user acted (clamped to the server's receipt).
alter table public.vehicles
  add column queued_at timestamptz,
  add column loading_started_at timestamptz,
  add column loading_finished_at timestamptz;
comment on column public.vehicles.queued_at is 'When the vehicle joined its hub''s queue (Siap Muat).';
comment on column public.vehicles.loading_started_at is 'When Proses Muat moved it to loading (Sedang Muat).';
comment on column public.vehicles.loading_finished_at is 'When its loading finished.';

-- The vehicle, locked, or a not_found rejection.
create or replace function public.cmd_lock_vehicle(p_vehicle_id uuid)
returns public.vehicles
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles;
begin
  select * into v from public.vehicles where id = p_vehicle_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Kendaraan tidak ditemukan.');
  end if;
  return v;
end;
$$;

create or replace function public.cmd_hub(p_hub_id uuid)
returns public.hubs
language plpgsql
set search_path = ''
as $$
declare
  h public.hubs;
begin
  select * into h from public.hubs where id = p_hub_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tidak ditemukan.');
  end if;
  return h;
end;
$$;

create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    perform public.cmd_reject('validation', 'Pilih minimal satu kendaraan');
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'Pilih minimal satu kendaraan')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    v := public.cmd_lock_vehicle(vehicle_id);
    if not v.is_active or not v.ready then
      perform public.cmd_reject('precondition',
        format('Kendaraan %s tidak siap untuk diantrikan.', v.license_plate));
    end if;
    -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
    if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
      perform public.cmd_reject('precondition',
        format('Kendaraan %s bukan armada laut.', v.license_plate));
    end if;
    update public.vehicles
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
     where id = vehicle_id;
  end loop;
  return hub_id;
end;
$$;

-- The shape the transitions of the queue share: the hub of the payload (that of the caller,
-- cmd_require_hub), the vehicle locked, and the vehicle at that hub in the
-- state the transition starts from ('siap_muat', 'sedang_muat', or 'queued':
-- either), else a precondition rejection naming its plate (the %s of p_refusal).
create or replace function public.cmd_vehicle_at_hub(
  ctx public.command_context, p jsonb, p_state text, p_refusal text)
returns public.vehicles
language plpgsql
set search_path = ''
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  v public.vehicles;
  in_state boolean;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  v := public.cmd_lock_vehicle(public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.'));
  -- (A CASE cannot stand in an IF condition: plpgsql reads it up to the first THEN.)
  in_state := case p_state
                when 'siap_muat' then v.siap_muat
                when 'sedang_muat' then v.sedang_muat
                when 'queued' then v.siap_muat or v.sedang_muat
              end;
  if v.current_hub_id is distinct from hub_id or not coalesce(in_state, false) then
    perform public.cmd_reject('precondition', format(p_refusal, v.license_plate));
  end if;
  return v;
end;
$$;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat',
    'Kendaraan %s tidak ada di antrian Siap Muat hub ini.');
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
   where id = v.id;
  return v.id;
end;
$$;

-- remove_from_queue: out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'queued',
    'Kendaraan %s tidak ada di antrian hub ini.');
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
   where id = v.id;
  return v.id;
end;
$$;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat',
    'Kendaraan %s tidak sedang dimuat di hub ini.');
begin
  update public.vehicles
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
   where id = v.id;
  return v.id;
end;
$$;

revoke execute on function
  public.cmd_lock_vehicle(uuid), public.cmd_hub(uuid),
  public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text),
  public.cmd_queue_vehicles(public.command_context, jsonb), public.cmd_start_loading(public.command_context, jsonb),
  public.cmd_remove_from_queue(public.command_context, jsonb), public.cmd_finish_loading(public.command_context, jsonb)
  from public, anon, authenticated;
