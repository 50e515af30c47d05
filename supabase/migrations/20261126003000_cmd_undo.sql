-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands moved here from 20261126000900_cmd_vehicle_queue.sql,
-- 20261126001100_cmd_arrival.sql and 20261126001200_cmd_pod.sql: each now
-- reads its rows locked before it writes them (the queue's four lost their
-- one-UPDATE fast path: they need the row as it was) and ends with
-- undo_keep_images. Otherwise the same checks, in the same order, the same
-- rejections and the same writes. Device twins: sync/commands/undo.ts (and
-- vehicle-queue.ts, arrival.ts, pod.ts).

create table public.command_images (
  command_id uuid primary key,
  type text not null,
  actor_id uuid not null references auth.users (id) on delete cascade,
  -- The actor's hub when it acted: a hub user undoes only from there.
  hub_id uuid,
  -- [{t: table, id, before: row or null (made by the command), after: row}], in lock order.
  images jsonb not null,
  -- The undo_command that reversed it.
  undone_by uuid,
  recorded_at timestamptz not null default now()
);
create index command_images_recorded_idx on public.command_images (recorded_at);
alter table public.command_images enable row level security;
-- No policy: only apply_commands (security definer) reads and writes it.
revoke all on table public.command_images from public, anon, authenticated;
comment on table public.command_images is
  'Issue 29: the rows each floor command changed, before and after, so that undo_command can reverse exactly it. Kept 30 days.';

-- A floor row as jsonb (null when there is none).
create or replace function public.undo_row(p_table text, p_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  case p_table
    when 'vehicles' then select to_jsonb(t) into r from public.vehicles t where t.id = p_id;
    when 'shipments' then select to_jsonb(t) into r from public.shipments t where t.id = p_id;
    when 'inventory' then select to_jsonb(t) into r from public.inventory t where t.id = p_id;
  end case;
  return r;
end;
$$;

-- A row's values as this session writes them, without what the server stamps on every write.
create or replace function public.undo_norm(p_table text, p jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'vehicles' then to_jsonb(jsonb_populate_record(null::public.vehicles, p))
    when 'shipments' then to_jsonb(jsonb_populate_record(null::public.shipments, p))
    when 'inventory' then to_jsonb(jsonb_populate_record(null::public.inventory, p))
  end - 'updated_at' - 'change_xid'
$$;

-- Called last by each floor command (not named cmd_*: apply_commands would let a client
-- call a cmd_<name>(command_context, jsonb) by name and forge images): p_rows = [{t, id, before, after?}] in lock order; a row
-- without its after image (one written by a helper) is read as it is now. A row that is not
-- there and was not before is left out. On the hot path of the queue's commands: no
-- `set search_path` (every name is qualified; 20261126000700_baseline_command_helpers.sql).
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
begin
  if ctx.command_id is null then
    return;
  end if;
  for e in select value from jsonb_array_elements(p_rows) loop
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  insert into public.command_images (command_id, type, actor_id, hub_id, images)
  values (ctx.command_id, ctx.type, ctx.user_id, ctx.hub_id, to_jsonb(imgs));
  -- An undo comes within seconds, or when a device that acted offline is back: images are
  -- kept 30 days, the older ones pruned by about one command in a hundred (an index range).
  if random() < 0.01 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;

-- One image as a {t, id, before} element of undo_keep_images' list (with its after image
-- when the command has it at hand: an UPDATE's RETURNING, no look-up).
create or replace function public.undo_img(p_table text, p_id uuid, p_before jsonb, p_after jsonb default null)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('t', p_table, 'id', p_id, 'before', coalesce(p_before, 'null'::jsonb))
         || case when p_after is null then '{}'::jsonb else jsonb_build_object('after', p_after) end
$$;

-- The plain refusal when a row moved on since the command.
create or replace function public.undo_moved_on(p_table text, p_row jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_row is null then 'Tidak dapat diurungkan: data tindakan ini sudah tidak ada.'
    when p_table = 'shipments' then format(
      'Tidak dapat diurungkan: pengiriman %s sudah berlanjut (status sekarang: %s).',
      p_row ->> 'batch_number',
      coalesce((select s.label from public.shipment_statuses s where s.key = p_row ->> 'status'),
               p_row ->> 'status'))
    when p_table = 'vehicles' then format(
      'Tidak dapat diurungkan: kendaraan %s sudah berubah sejak tindakan ini.', p_row ->> 'license_plate')
    else 'Tidak dapat diurungkan: stok dari tindakan ini sudah berubah.'
  end
$$;

-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'Tindakan yang akan diurungkan tidak ditemukan.');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'Tindakan yang akan diurungkan tidak ditemukan.');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'Hanya pengguna yang melakukan tindakan ini yang dapat mengurungkannya.');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'Tindakan ini sudah diurungkan.');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it.
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      perform public.cmd_reject('conflict', public.undo_moved_on(tbl, cur));
    end if;
  end loop;
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    if jsonb_typeof(e -> 'before') is distinct from 'object' then
      -- A row the command made (an unloading's stock row): it goes, as a tombstone.
      execute format('update public.%I set deleted = true where id = $1', tbl) using rid;
      if tbl = 'inventory' then
        warehouses := warehouses || (e -> 'after' ->> 'warehouse_id')::uuid;
      end if;
    else
      -- The columns the command changed, back to what they were.
      select string_agg(format('%I = r.%I', k, k), ', ') into sets
      from jsonb_object_keys(e -> 'before') k
      where k not in ('id', 'updated_at', 'change_xid', 'created_at')
        and (e -> 'before' -> k) is distinct from (e -> 'after' -> k);
      if sets is not null then
        execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                       tbl, sets, tbl)
          using e -> 'before', rid;
      end if;
    end if;
  end loop;
  -- Stock booked by the step and shipped out since cannot be taken back.
  if exists (select 1 from public.inventory i
             where i.warehouse_id = any (warehouses) and not i.deleted
             group by i.warehouse_id
             having sum(i.smartboard_quantity) < 0 or sum(i.bracket_quantity) < 0) then
    perform public.cmd_reject('conflict', 'Tidak dapat diurungkan: stok dari bongkaran ini sudah dipakai.');
  end if;
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

-- The vehicle queue (moved from 20261126000900_cmd_vehicle_queue.sql) -------------------

-- queue_vehicles: Ready -> Siap Muat at the hub, for each vehicle named.
create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
  ok text;
  imgs jsonb := '[]';
  after jsonb;
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'Pilih minimal satu kendaraan')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'Pilih minimal satu kendaraan')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    v := public.cmd_lock_vehicle(vehicle_id);
    if not v.is_active or not v.ready then
      ok := public.cmd_reject('precondition',
        format('Kendaraan %s tidak siap untuk diantrikan.', v.license_plate))::text;
    end if;
    -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
    if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
      ok := public.cmd_reject('precondition',
        format('Kendaraan %s bukan armada laut.', v.license_plate))::text;
    end if;
    update public.vehicles
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
     where id = vehicle_id
    returning to_jsonb(vehicles) into after;
    -- (A vehicle named twice is refused above: it is no longer ready.)
    imgs := imgs || public.undo_img('vehicles', vehicle_id, to_jsonb(v), after);
  end loop;
  perform public.undo_keep_images(ctx, imgs);
  return hub_id;
end;
$$;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat',
    'Kendaraan %s tidak ada di antrian Siap Muat hub ini.');
  after jsonb;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- remove_from_queue (Keluarkan): out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'queued',
    'Kendaraan %s tidak ada di antrian hub ini.');
  after jsonb;
begin
  update public.vehicles
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  v public.vehicles := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat',
    'Kendaraan %s tidak sedang dimuat di hub ini.');
  after jsonb;
begin
  update public.vehicles
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
   where id = v.id
  returning to_jsonb(vehicles) into after;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('vehicles', v.id, to_jsonb(v), after)));
  return v.id;
end;
$$;

-- Arrival at a hub (moved from 20261126001100_cmd_arrival.sql) ---------------------------

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  vehicle jsonb;
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'Kedatangan sudah dikonfirmasi', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Pengiriman ini tidak sedang dalam perjalanan.');
  end if;
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_gdt = ctx.issued_at, current_hub_id = s.destination_hub_id
   where id = s.id;
  -- Spec 4.2: the vehicle is now at the destination.
  update public.vehicles set current_hub_id = s.destination_hub_id where id = s.vehicle_id;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar
create or replace function public.cmd_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
begin
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['start_unloading', 'pod_start_unloading'],
                                         'Bongkar sudah dimulai', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Kedatangan pengiriman ini belum dikonfirmasi.');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id}: sedang_bongkar -> selesai
create or replace function public.cmd_complete_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_notes text := public.cmd_opt_text(p, 'notes');
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'Perintah tidak valid.');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'Perintah tidak valid.');
  wh public.warehouses;
  vehicle jsonb;
begin
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['complete_unloading', 'pod_complete'],
                                         'Bongkar sudah diselesaikan', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Bongkar pengiriman ini belum dimulai.');
  end if;
  wh := public.cmd_first_warehouse(s.destination_hub_id);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'Gudang hub ini tidak ditemukan.');
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai', selesai_bongkar = true, notes = v_notes, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, s, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

-- The POD flow (moved from 20261126001200_cmd_pod.sql) ------------------------------------

-- pod_confirm_arrival {shipment_id}
create or replace function public.cmd_pod_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  who text;
  target public.hubs;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if left(s.status, 4) <> 'otw_' then
    -- A second tablet was late: name the first. Anything else is the spec's message.
    who := public.cmd_who_when(s.id, array['pod_confirm_arrival', 'confirm_arrival']);
    if who is not null and s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject('conflict', 'Kedatangan sudah dikonfirmasi oleh ' || who);
    end if;
    perform public.cmd_reject('precondition', 'Invalid status format');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  -- Spec 4.2: the hub whose city or name matches; when there is none the
  -- current hub stays as it is (the original only warned in the console).
  target := public.cmd_city_hub(v_city, s.destination_hub_id);
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_destination = ctx.issued_at,
         current_hub_id = coalesce(target.id, s.current_hub_id)
   where id = s.id;
  -- Past the spec, as at the hubs: the sea fleet unit is now at the POD.
  if target.id is not null then
    update public.vehicles set current_hub_id = target.id where id = s.vehicle_id;
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

-- pod_start_unloading {shipment_id}
create or replace function public.cmd_pod_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_start_unloading', 'start_unloading'],
                                         'Bongkar sudah dimulai', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Kedatangan pengiriman ini belum dikonfirmasi.');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

-- pod_complete {shipment_id, smartboard_inventory_id, bracket_inventory_id}
create or replace function public.cmd_pod_complete(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'Perintah tidak valid.');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'Perintah tidak valid.');
  wh public.warehouses;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_complete', 'complete_unloading'],
                                         'Bongkar sudah diselesaikan', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Bongkar pengiriman ini belum dimulai.');
  end if;
  wh := public.cmd_city_warehouse(v_city);
  if wh.id is null then
    perform public.cmd_reject('precondition', format('Warehouse tidak ditemukan untuk kota %s', v_city));
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai_pod', selesai_bongkar = true, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, s, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

revoke execute on function
  public.undo_row(text, uuid), public.undo_norm(text, jsonb), public.undo_img(text, uuid, jsonb, jsonb),
  public.undo_moved_on(text, jsonb), public.undo_keep_images(public.command_context, jsonb),
  public.cmd_undo_command(public.command_context, jsonb),
  public.cmd_queue_vehicles(public.command_context, jsonb), public.cmd_start_loading(public.command_context, jsonb),
  public.cmd_remove_from_queue(public.command_context, jsonb), public.cmd_finish_loading(public.command_context, jsonb),
  public.cmd_confirm_arrival(public.command_context, jsonb),
  public.cmd_start_unloading(public.command_context, jsonb),
  public.cmd_complete_unloading(public.command_context, jsonb),
  public.cmd_pod_confirm_arrival(public.command_context, jsonb),
  public.cmd_pod_start_unloading(public.command_context, jsonb),
  public.cmd_pod_complete(public.command_context, jsonb)
  from public, anon, authenticated;
