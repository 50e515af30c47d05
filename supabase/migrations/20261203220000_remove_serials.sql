-- A serial registered by mistake can be taken back (remove_serials). register_serials is not
-- undoable and a serial was unique across every unit ever made, so a mistyped serial stayed in
-- a hub's stock for ever and a serial registered at the wrong hub kept the TV from being
-- registered where it is (security audit 2026-12-03, left open; docs/sync.md, "A serial
-- registered by mistake").
--   * tv_units: the serial is unique among the live units only (tv_units_serial_live_key, a
--     partial unique index, replaces the constraint tv_units_serial_unique); register_serials
--     looks up, and waits on, the live units only, and the shipping forms lock those.
--   * tv_unit_events: a 'removed' kind; tv_units.moved (a unit loaded since it was registered,
--     set by cmd_serials_load, which the devices hold), filled for the units already moved.
--   * cmd_remove_serials (new; supabase/schemas/functions/cmd_serials_remove.sql), dispatched by
--     apply_commands, its payload's fields in cmd_payload_shape, cmd_payload_keys and
--     cmd_payload_nested.
--   * working_set_source: a unit removed in stock goes out as a tombstone for the window only
--     (tv_units_live_pull_idx holds the live units only; tv_units_removed_pull_idx the removed);
--     visible_ids leaves deleted rows out (no device holds a tombstone; a listed one was fetched
--     again at every reconcile).
--   * tv_unit_path: a serial taken back and not registered again answers its last removed unit,
--     state 'removed' (by the partial index tv_units_serial_removed_idx).
--   * the message serial.removeMoved.
-- The current definitions are in supabase/schemas/functions/cmd_serials.sql (cmd_register_serials
-- and cmd_serials_to_load, first and last defined in 20261129030000_tv_serials.sql),
-- apply_commands.sql (apply_commands: first in 20261128020000_baseline.sql, last in
-- 20261203180000_rejected_commands_bounded.sql), cmd_payload.sql (cmd_payload_shape: first in
-- 20261128020000_baseline.sql, last in 20261129040000_receipt_serials.sql; cmd_payload_keys:
-- first in 20261128020000_baseline.sql, last in 20261129030000_tv_serials.sql;
-- cmd_payload_nested: first and last in 20261129030000_tv_serials.sql) and
-- working_set.sql (working_set_source: first in 20261128020000_baseline.sql, last in
-- 20261129040000_receipt_serials.sql); tv_unit_path is in cmd_serials.sql (first in
-- 20261129030000_tv_serials.sql, last in 20261203170000_unit_path_not_by_unexpected.sql);
-- visible_ids is in pull.sql (first and last in 20261128020000_baseline.sql); cmd_serials_load
-- in cmd_serials.sql (first and last in 20261129030000_tv_serials.sql).

alter table public.tv_units drop constraint tv_units_serial_unique;

-- A serial is unique among the live units (a unit removed by remove_serials, a serial
-- registered by mistake, frees it: functions/cmd_serials_remove.sql); the look-ups by serial.
create unique index tv_units_serial_live_key on public.tv_units (serial) where not deleted;

-- A serial's removed units (tv_unit_path, for a serial taken back and not registered again).
create index tv_units_serial_removed_idx on public.tv_units (serial) where deleted;

-- The working set's pull: the live units only; the units removed in stock, by when (each a
-- tombstone for the window only, so removals do not pile up in the pull).
drop index public.tv_units_live_pull_idx;

create index tv_units_live_pull_idx on public.tv_units (change_xid, id)
  where state in ('in_stock', 'in_transit') and not deleted;

create index tv_units_removed_pull_idx on public.tv_units (updated_at)
  where deleted and state = 'in_stock';

comment on column public.tv_units.serial is
  'The serial''s one form (public.cmd_serial_normal; sync/domain/serials.ts normalizeSerial): upper case, 3 to 64 letters, digits or - _ / ., unique across the company''s live units (tv_units_serial_live_key; a unit removed by remove_serials frees its serial).';

comment on column public.tv_units.deleted is
  'Soft delete (remove_serials: a serial registered by mistake, taken back in stock): the row stays so devices pull the deletion and its history keeps its unit; readers filter it out.';

alter table public.tv_unit_events drop constraint tv_unit_events_kind_known;

alter table public.tv_unit_events add constraint tv_unit_events_kind_known check (kind in ('registered', 'loaded',
  'returned', 'received', 'damaged', 'missing', 'unexpected', 'undone', 'delivered', 'removed'));

comment on table public.tv_unit_events is
  'Issue 42: the history of each TV unit (registered at a hub, loaded on a shipment, returned to stock by a void; at a receipt by serial received, damaged, missing or unexpected, or at a POD delivered; undone when that receipt was undone; removed when a serial registered by mistake was taken back), written by the commands, never updated or deleted. Read through tv_unit_path.';

-- A unit loaded on a shipment since it was registered is a real TV: remove_serials refuses it,
-- and the devices, which hold this flag, do not offer its removal. Set by cmd_serials_load; the
-- units already moved (any event but registered and unexpected) now.
alter table public.tv_units add column moved boolean not null default false;

comment on column public.tv_units.moved is
  'The unit has been loaded on a shipment since it was registered (cmd_serials_load): a real TV, which remove_serials refuses (serial.removeMoved). The devices hold it, so they offer the removal only for units that never moved.';

update public.tv_units t set moved = true
where exists (select 1 from public.tv_unit_events e where e.unit_id = t.id and e.kind not in ('registered', 'unexpected'));

insert into public.app_messages (key, text) values
  ('serial.removeMoved', 'Nomor seri {{serial}} sudah pernah dikirim: TV ini nyata, nomor serinya tidak dapat dihapus.')
on conflict (key) do update set text = excluded.text;

-- A serial registered by mistake, taken back (server side). Device twin: removeSerials in
-- sync/commands/serials.ts (the same checks in the same order, with the same keys).
--
-- register_serials is not undoable, and a serial is unique in the company: before this, a
-- mistyped serial stayed in the hub's stock for ever (no one could load it, since no TV
-- carries it), and a serial registered at the wrong hub kept the TV from being registered
-- where it is. Now:
--
-- * remove_serials {hub_id, units: [{unit_id, serial}]} (1 to 500): admin, or a hub user of
--   that hub (tower control does not keep stock). Each unit names its serial as the device
--   shows it, so the trail says which serials were taken back, and the server checks it: a
--   serial that is not that unit's is refused. Refusals, in order: the caller (forbidden), the
--   hub (hubNotFound), the list (invalidCommand: not a non-empty list of {unit_id, serial} with
--   distinct ids; serial.tooMany {max}), then each unit in list order: no such unit, or not
--   the serial named (not_found, invalidCommand), not in this hub's stock now
--   (serial.notInStock {serial}: removed already, loaded, or at another hub), ever moved since
--   it was registered (serial.removeMoved {serial}: a unit that travelled on a shipment is a
--   real TV; its path stays): tv_units.moved, set when the unit is first loaded, which the
--   devices hold too. A receipt that only listed its serial as found in a truck ('unexpected',
--   which moves nothing) does not count: any receiving hub could otherwise keep another hub's
--   mistaken serial from being taken back.
-- * Each unit is soft-deleted where it stands (in_stock at the hub) with a 'removed' event
--   (the history keeps the mistake and who took it back); its serial is free again (the
--   unique index tv_units_serial_live_key holds the live units only), so the right serial,
--   or the same one at the right hub, can be registered. Not undoable: registering again is
--   the way back.
-- * The units are locked (FOR UPDATE) before they are checked, in serial order as the shipping
--   forms, receipts and undo lock them (no deadlock between them): of a removal and a shipping
--   form loading the same unit, the first wins and the other is refused serial.notInStock,
--   writing nothing.
create or replace function public.cmd_remove_serials(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid;
  hub public.hubs;
  list jsonb := p -> 'units';
  n integer;
  i integer;
  ids uuid[] := '{}';
  serials text[] := '{}';
  u public.tv_units;
begin
  perform public.cmd_require_role(ctx, array['admin', 'hub_user']);
  v_hub_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  perform public.cmd_require_hub(ctx, v_hub_id);
  hub := public.cmd_hub(v_hub_id);
  if jsonb_typeof(list) is distinct from 'array' or jsonb_array_length(list) = 0 then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  n := jsonb_array_length(list);
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  for i in 0 .. n - 1 loop
    if jsonb_typeof(list -> i) is distinct from 'object' or jsonb_typeof(list -> i -> 'serial') is distinct from 'string' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    ids := ids || public.cmd_uuid(list -> i, 'unit_id', 'invalidCommand');
    serials := serials || public.cmd_serial_normal(list -> i ->> 'serial');
    if ids[i + 1] = any (ids[1:i]) then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
  end loop;
  perform 1 from public.tv_units t where t.id = any (ids) order by t.serial for update;
  for i in 1 .. n loop
    select * into u from public.tv_units t where t.id = ids[i];
    if not found or u.serial is distinct from serials[i] then
      perform public.cmd_reject('not_found', 'invalidCommand');
    end if;
    if u.deleted or u.state <> 'in_stock' or u.hub_id is distinct from v_hub_id then
      perform public.cmd_reject('precondition', 'serial.notInStock', jsonb_build_object('serial', u.serial));
    end if;
    if u.moved then
      perform public.cmd_reject('precondition', 'serial.removeMoved', jsonb_build_object('serial', u.serial));
    end if;
  end loop;
  update public.tv_units t set deleted = true where t.id = any (ids);
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select t.id, t.serial, 'removed', v_hub_id, null, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_units t where t.id = any (ids);
  return v_hub_id;
end;
$$;

revoke execute on function public.cmd_remove_serials(public.command_context, jsonb) from public, anon, authenticated;

create or replace function public.cmd_register_serials(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid;
  hub public.hubs;
  units jsonb := p -> 'units';
  u jsonb;
  n integer;
  i integer;
  serials text[] := '{}';
  ids uuid[] := '{}';
  known text[];
  written text[];
begin
  -- Admin, or a hub user of this hub (tower control watches, it does not stock).
  perform public.cmd_require_role(ctx, array['admin', 'hub_user']);
  v_hub_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  perform public.cmd_require_hub(ctx, v_hub_id);
  if jsonb_typeof(units) is distinct from 'array' or jsonb_array_length(units) = 0 then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  hub := public.cmd_hub(v_hub_id);
  if not hub.serial_tracking then
    perform public.cmd_reject('precondition', 'serial.trackingOff', jsonb_build_object('hub', hub.name));
  end if;
  n := jsonb_array_length(units);
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  for i in 0 .. n - 1 loop
    u := units -> i;
    if jsonb_typeof(u) is distinct from 'object' or jsonb_typeof(u -> 'serial') is distinct from 'string' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    ids := ids || public.cmd_uuid(u, 'unit_id', 'invalidCommand');
    serials := serials || public.cmd_serial_normal(u ->> 'serial');
  end loop;
  -- The serials known already, in any state, at any hub (a serial is unique among the
  -- company's live units; one removed by remove_serials is free again).
  known := array(select t.serial from public.tv_units t where t.serial = any (serials) and not t.deleted);
  for i in 1 .. n loop
    if serials[i] is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(units -> (i - 1) ->> 'serial')));
    end if;
    if serials[i] = any (serials[1:i - 1]) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', serials[i]));
    end if;
    if ids[i] = any (ids[1:i - 1]) then
      perform public.cmd_reject('duplicate_id', 'duplicateId');
    end if;
    if serials[i] = any (known) then
      perform public.cmd_reject('duplicate', 'serial.alreadyRegistered', jsonb_build_object('serial', serials[i]));
    end if;
  end loop;
  if exists (select 1 from public.tv_units t where t.id = any (ids)) then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  -- A serial registered meanwhile by another transaction is waited for (the unique index)
  -- and left out here: refused as known, the first such in list order.
  with made as (
    insert into public.tv_units (id, serial, state, hub_id)
    select x.id, x.serial, 'in_stock', v_hub_id from unnest(ids, serials) as x (id, serial)
    on conflict (serial) where not deleted do nothing
    returning serial
  )
  select array_agg(m.serial) into written from made m;
  if coalesce(cardinality(written), 0) < n then
    perform public.cmd_reject('duplicate', 'serial.alreadyRegistered', jsonb_build_object('serial',
      (select x.serial from unnest(serials) with ordinality as x (serial, k)
       where x.serial <> all (coalesce(written, '{}')) order by x.k limit 1)));
  end if;
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select x.id, x.serial, 'registered', v_hub_id, null, ctx.command_id, ctx.user_id, ctx.received_at
  from unnest(ids, serials) as x (id, serial);
  return v_hub_id;
end;
$$;

revoke execute on function public.cmd_register_serials(public.command_context, jsonb) from public, anon, authenticated;

create or replace function public.cmd_serials_to_load(p jsonb, hub public.hubs, p_smartboards integer)
returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  raw jsonb := p -> 'tv_serials';
  n integer := 0;
  i integer;
  normal text[] := '{}';
  seen text[] := '{}';
  ids uuid[] := '{}';
  u public.tv_units;
begin
  if raw is not null and jsonb_typeof(raw) <> 'null' then
    if jsonb_typeof(raw) <> 'array' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    n := jsonb_array_length(raw);
    for i in 0 .. n - 1 loop
      if jsonb_typeof(raw -> i) <> 'string' then
        perform public.cmd_reject('validation', 'invalidCommand');
      end if;
    end loop;
  end if;
  if not hub.serial_tracking then
    if n > 0 then
      perform public.cmd_reject('precondition', 'serial.trackingOff', jsonb_build_object('hub', hub.name));
    end if;
    return ids;
  end if;
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  if n <> p_smartboards then
    perform public.cmd_reject('validation', 'serial.countMismatch',
      jsonb_build_object('count', n, 'quantity', p_smartboards));
  end if;
  if n = 0 then
    return ids;
  end if;
  for i in 0 .. n - 1 loop
    normal := normal || public.cmd_serial_normal(raw ->> i);
  end loop;
  -- The units, locked in one order for every command (two loading the same serials never
  -- wait on each other in a circle); the second of two waits and then sees the first's write.
  perform 1 from public.tv_units t where t.serial = any (normal) and not t.deleted order by t.serial for update;
  for i in 1 .. n loop
    if normal[i] is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(raw ->> (i - 1))));
    end if;
    if normal[i] = any (seen) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', normal[i]));
    end if;
    seen := seen || normal[i];
    select * into u from public.tv_units t where t.serial = normal[i] and not t.deleted;
    if found and u.state = 'in_transit' then
      perform public.cmd_reject('conflict', 'serial.inOpenShipment', jsonb_build_object('serial', normal[i]));
    end if;
    if not found or u.state <> 'in_stock' or u.hub_id is distinct from hub.id then
      perform public.cmd_reject('precondition', 'serial.notInStock', jsonb_build_object('serial', normal[i]));
    end if;
    ids := ids || u.id;
  end loop;
  return ids;
end;
$$;

revoke execute on function public.cmd_serials_to_load(jsonb, public.hubs, integer) from public, anon, authenticated;

create or replace function public.cmd_payload_shape(p_type text)
returns jsonb
language sql
immutable
as $$
  select case p_type
    when 'queue_vehicles' then '{"hub_id":true,"vehicle_ids":true}'::jsonb
    when 'start_loading' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'remove_from_queue' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'finish_loading' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'create_shipment_darat' then '{"hub_id":true,"shipment_id":true,"vehicle_id":true,"destination_warehouse_id":true,"batch_number":true,"smartboard_quantity":true,"bracket_quantity":true,"inventory_id":true,"image_count":true,"tv_serials":true}'::jsonb
    when 'create_shipment_poljak' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true,"tv_serials":true}'::jsonb
    when 'create_shipment_polsub' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true,"tv_serials":true}'::jsonb
    when 'set_shipment_image' then '{"shipment_id":true,"slot":true,"path":true}'::jsonb
    when 'confirm_arrival' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'start_unloading' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'complete_unloading' then '{"hub_id":true,"shipment_id":true,"notes":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}],"tv_serials":{"received":true,"damaged":true}}}'::jsonb
    when 'pod_confirm_arrival' then '{"shipment_id":true}'::jsonb
    when 'pod_start_unloading' then '{"shipment_id":true}'::jsonb
    when 'pod_complete' then '{"shipment_id":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}],"tv_serials":{"received":true,"damaged":true}}}'::jsonb
    when 'add_inventory' then '{"inventory_id":true,"warehouse_id":true,"date_recorded":true,"smartboard_quantity":true,"bracket_quantity":true,"batch_number":true}'::jsonb
    when 'add_warehouse' then '{"warehouse_id":true,"name":true,"location":true,"hub_id":true}'::jsonb
    when 'add_vendor' then '{"vendor_id":true,"name":true,"contact_person":true,"phone":true}'::jsonb
    when 'edit_vendor' then '{"vendor_id":true,"changes":{"name":true,"contact_person":true,"phone":true}}'::jsonb
    when 'delete_vendor' then '{"vendor_id":true}'::jsonb
    when 'add_vehicle_type' then '{"vehicle_type_id":true,"name":true}'::jsonb
    when 'add_vehicle' then '{"vehicle_id":true,"vendor_id":true,"mode":true,"license_plate":true,"vehicle_type_id":true,"driver_name":true,"driver_phone":true,"nama_kapal":true,"nama_pelayaran":true,"current_hub_id":true}'::jsonb
    when 'edit_vehicle' then '{"vehicle_id":true,"changes":{"license_plate":true,"vehicle_type_id":true,"driver_name":true,"driver_phone":true,"nama_kapal":true,"nama_pelayaran":true,"is_active":true}}'::jsonb
    when 'delete_vehicle' then '{"vehicle_id":true}'::jsonb
    when 'add_sea_fleet' then '{"vehicle_id":true,"vendor_id":true,"nama_kapal":true,"nama_pelayaran":true,"container_number":true,"current_hub_id":true}'::jsonb
    when 'add_hub' then '{"hub_id":true,"name":true,"city":true}'::jsonb
    when 'edit_hub' then '{"hub_id":true,"changes":{"name":true,"city":true,"blind_count":true,"serial_tracking":true}}'::jsonb
    when 'delete_hub' then '{"hub_id":true}'::jsonb
    when 'set_warehouse_capacity' then '{"warehouse_id":true,"capacity":true}'::jsonb
    when 'undo_command' then '{"command_id":true,"hub_id":true,"shipment_id":true,"rows":[{"table":true,"id":true,"before":true,"after":true}]}'::jsonb
    when 'correct_shipment_counts' then '{"shipment_id":true,"smartboard_quantity":true,"bracket_quantity":true,"reason":true}'::jsonb
    when 'void_shipment' then '{"shipment_id":true,"reason":true}'::jsonb
    when 'resolve_discrepancy' then '{"discrepancy_id":true,"note":true}'::jsonb
    when 'attach_document' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true}'::jsonb
    when 'register_serials' then '{"hub_id":true,"units":[{"unit_id":true,"serial":true}]}'::jsonb
    when 'remove_serials' then '{"hub_id":true,"units":[{"unit_id":true,"serial":true}]}'::jsonb
    when 'attach_correction' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true,"replaces":true}'::jsonb
    else null::jsonb
  end
$$;

revoke execute on function public.cmd_payload_shape(text) from public, anon, authenticated;

create or replace function public.cmd_payload_keys(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'queue_vehicles' then array['hub_id', 'vehicle_ids']
    when 'start_loading' then array['hub_id', 'vehicle_id']
    when 'remove_from_queue' then array['hub_id', 'vehicle_id']
    when 'finish_loading' then array['hub_id', 'vehicle_id']
    when 'create_shipment_darat' then array['hub_id', 'shipment_id', 'vehicle_id', 'destination_warehouse_id', 'batch_number', 'smartboard_quantity', 'bracket_quantity', 'inventory_id', 'image_count', 'tv_serials']
    when 'create_shipment_poljak' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number', 'tv_serials']
    when 'create_shipment_polsub' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number', 'tv_serials']
    when 'set_shipment_image' then array['shipment_id', 'slot', 'path']
    when 'confirm_arrival' then array['hub_id', 'shipment_id']
    when 'start_unloading' then array['hub_id', 'shipment_id']
    when 'complete_unloading' then array['hub_id', 'shipment_id', 'notes', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'pod_confirm_arrival' then array['shipment_id']
    when 'pod_start_unloading' then array['shipment_id']
    when 'pod_complete' then array['shipment_id', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'add_inventory' then array['inventory_id', 'warehouse_id', 'date_recorded', 'smartboard_quantity', 'bracket_quantity', 'batch_number']
    when 'add_warehouse' then array['warehouse_id', 'name', 'location', 'hub_id']
    when 'add_vendor' then array['vendor_id', 'name', 'contact_person', 'phone']
    when 'edit_vendor' then array['vendor_id', 'changes']
    when 'delete_vendor' then array['vendor_id']
    when 'add_vehicle_type' then array['vehicle_type_id', 'name']
    when 'add_vehicle' then array['vehicle_id', 'vendor_id', 'mode', 'license_plate', 'vehicle_type_id', 'driver_name', 'driver_phone', 'nama_kapal', 'nama_pelayaran', 'current_hub_id']
    when 'edit_vehicle' then array['vehicle_id', 'changes']
    when 'delete_vehicle' then array['vehicle_id']
    when 'add_sea_fleet' then array['vehicle_id', 'vendor_id', 'nama_kapal', 'nama_pelayaran', 'container_number', 'current_hub_id']
    when 'add_hub' then array['hub_id', 'name', 'city']
    when 'edit_hub' then array['hub_id', 'changes']
    when 'delete_hub' then array['hub_id']
    when 'set_warehouse_capacity' then array['warehouse_id', 'capacity']
    when 'undo_command' then array['command_id', 'hub_id', 'shipment_id', 'rows']
    when 'correct_shipment_counts' then array['shipment_id', 'smartboard_quantity', 'bracket_quantity', 'reason']
    when 'void_shipment' then array['shipment_id', 'reason']
    when 'resolve_discrepancy' then array['discrepancy_id', 'note']
    when 'attach_document' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id']
    when 'register_serials' then array['hub_id', 'units']
    when 'remove_serials' then array['hub_id', 'units']
    when 'attach_correction' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id', 'replaces']
    else null
  end
$$;

revoke execute on function public.cmd_payload_keys(text) from public, anon, authenticated;

create or replace function public.cmd_payload_nested(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'complete_unloading' then array['receipt']
    when 'pod_complete' then array['receipt']
    when 'edit_vendor' then array['changes']
    when 'edit_vehicle' then array['changes']
    when 'edit_hub' then array['changes']
    when 'undo_command' then array['rows']
    when 'register_serials' then array['units']
    when 'remove_serials' then array['units']
    else null
  end
$$;

revoke execute on function public.cmd_payload_nested(text) from public, anon, authenticated;

create or replace function public.working_set_source(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'shipments' then '(' || public.working_set_shipment_branches('s.*', null) || ') t'
    -- A shipment's containers and its handover records (tables/shipment_receipts.sql:
    -- each by its shipment_id index) follow their shipment.
    when 'containers' then public.working_set_of_shipments('containers')
    when 'shipment_documents' then public.working_set_of_shipments('shipment_documents')
    when 'shipment_receipts' then public.working_set_of_shipments('shipment_receipts')
    when 'discrepancies' then public.working_set_of_shipments('discrepancies')
    -- Issue 42: the TV units in stock or on the way, by the partial index tv_units_live_pull_idx,
    -- and the others (missing, damaged) of a shipment of the set, by tv_units_shipment_id_idx:
    -- two disjoint parts; and a unit removed in stock (remove_serials) as a tombstone for the
    -- window, as a deleted shipment, then never again (tv_units_removed_pull_idx).
    when 'tv_units' then
      '(select u.* from public.tv_units u where u.state in (''in_stock'', ''in_transit'') and not u.deleted
        union all select u.* from public.tv_units u where u.deleted and u.state = ''in_stock'' and u.updated_at >= $1
        union all '
        || public.working_set_shipment_branches('c.*',
             'cross join lateral (select c.* from public.tv_units c where c.shipment_id = s.id
                and c.state not in (''in_stock'', ''in_transit'') offset 0) c') || ') t'
    -- A ledger row of the window's dates, or of a shipment of the set: their ids, then each
    -- row by its primary key.
    when 'inventory' then
      '(select i.* from (select x.id from (select i.id from public.inventory i where i.date_recorded >= $2 union all '
        || public.working_set_shipment_branches('i.id',
             'cross join lateral (select i.id from public.inventory i where i.shipment_id = s.id offset 0) i')
        || ') x group by x.id) ids cross join lateral (select i.* from public.inventory i where i.id = ids.id offset 0) i) t'
    else format('public.%I t', p_table)
  end
$$;

comment on function public.working_set_source(text) is
  'The FROM fragment (alias t) of a replicated table''s working set: $1 the cutoff, $2 its Jakarta date.';

create or replace function public.apply_commands(commands jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  uid uuid := auth.uid();
  me record;
  cmd jsonb;
  prior public.commands%rowtype;
  ctx public.command_context;
  -- One element a command, appended in place (a jsonb array concatenated a command at a
  -- time is copied whole each time: about 35 us a command in a batch of 100).
  results jsonb[] := '{}';
  v_id uuid;
  v_actor uuid;
  v_payload jsonb;
  v_raw jsonb;
  v_record jsonb;
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_key text;
  v_params jsonb;
  v_hint text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), in arrival order.
  held public.commands[] := '{}';
  held_ids uuid[] := '{}'; -- their ids (an array of uuids is searched faster than of rows)
  -- The row images of the held records' commands (command_images_write, below), written
  -- with them.
  images public.command_images[] := '{}';
  v_images text;
  -- The types that run with records and images still held: their functions never read
  -- public.commands or public.command_images (the header above; catalogue-server.test.ts
  -- checks it).
  trail_blind constant text[] := array['queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue',
    'create_shipment_darat', 'create_shipment_poljak', 'create_shipment_polsub', 'set_shipment_image',
    'add_inventory', 'add_vehicle', 'add_sea_fleet', 'edit_vehicle', 'delete_vehicle', 'add_vehicle_type',
    'add_vendor', 'edit_vendor', 'delete_vendor', 'add_hub', 'edit_hub', 'delete_hub', 'add_warehouse',
    'set_warehouse_capacity', 'correct_shipment_counts', 'void_shipment', 'resolve_discrepancy',
    'attach_document', 'attach_correction', 'register_serials', 'remove_serials'];
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '28000';
  end if;
  if jsonb_typeof(commands) is distinct from 'array' or jsonb_array_length(commands) > 500 then
    raise exception 'commands must be an array of at most 500 commands' using errcode = '22023';
  end if;
  -- Bound the time a batch can hold locks; a timeout is transient and retried.
  set local lock_timeout = '5s';
  set local statement_timeout = '30s';
  -- Images are taken only from this call's commands.
  v_locked := set_config('dermaga.images', '', true);
  -- The Realtime pokes of the commands' rows are held and sent once, at the end (7. above).
  v_locked := set_config('dermaga.poke_rows', '', true);
  v_locked := set_config('dermaga.pokes_held', 'on', true);

  select p.role, p.hub_id, p.email into me
  from public.profiles p where p.user_id = uid and not p.deleted;

  for cmd in select value from jsonb_array_elements(commands) loop
    -- Ids are compared in canonical form (the uuid type): the answer carries
    -- the canonical id, which the device matches in the same form.
    v_id := null;
    if jsonb_typeof(cmd -> 'id') = 'string' then
      begin
        v_id := (cmd ->> 'id')::uuid;
      exception when others then
        v_id := null;
      end;
    end if;
    if v_id is null then
      results := results || jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command',
        'message', public.message_text('invalidCommand'), 'key', 'invalidCommand', 'params', '{}'::jsonb);
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- Every command type is ^[a-z_]{1,40}$; any other is unknown and is recorded, answered and
    -- named in its refusal bounded: its first 40 characters, each but a-z and _ as '?', and '…'
    -- when cut (security audit 2026-12-03: no text of any length or kind lands in the trail).
    if v_type !~ '^[a-z_]{1,40}$' then
      v_type := regexp_replace(left(v_type, 40), '[^a-z_]', '?', 'g')
                || case when length(v_type) > 40 then '…' else '' end;
    end if;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- that may read the trail runs.
    if cardinality(held) > 0
       and (v_id = any (held_ids) or v_type <> all (trail_blind)) then
      perform public.commands_write(held);
      held := '{}';
      held_ids := '{}';
      if cardinality(images) > 0 then
        perform public.command_images_write(images);
        images := '{}';
      end if;
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    -- Only the fields its type knows are run and recorded (the header above).
    v_raw := coalesce(cmd -> 'payload', 'null'::jsonb);
    v_payload := public.cmd_trail_payload(v_type, v_raw, uid);
    -- What the record keeps: a payload that is not an object (refused) as '{}'.
    v_record := case when jsonb_typeof(v_payload) = 'object' then v_payload else '{}'::jsonb end;
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      -- (A rejection was recorded bounded: the payload is compared bounded too.)
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_record and prior.payload <> v_raw
             and (prior.outcome <> 'rejected' or prior.payload <> public.cmd_bounded_payload(v_record))) then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', public.message_text('commandIdTaken'), 'key', 'commandIdTaken', 'params', '{}'::jsonb);
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message,
          'key', prior.message_key, 'params', prior.message_params);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_key := null;
    v_params := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'invalidCommand');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'forbiddenActor');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'profileNotFound');
      end if;
      ctx := row(v_id, v_type, uid, me.email, me.role, me.hub_id, v_issued, v_received)::public.command_context;
      -- The command types, the most frequent first (each WHEN is one comparison).
      case v_type
        when 'queue_vehicles' then v_entity := public.cmd_queue_vehicles(ctx, v_payload);
        when 'start_loading' then v_entity := public.cmd_start_loading(ctx, v_payload);
        when 'finish_loading' then v_entity := public.cmd_finish_loading(ctx, v_payload);
        when 'remove_from_queue' then v_entity := public.cmd_remove_from_queue(ctx, v_payload);
        when 'create_shipment_darat' then v_entity := public.cmd_create_shipment_darat(ctx, v_payload);
        when 'create_shipment_poljak' then v_entity := public.cmd_create_shipment_poljak(ctx, v_payload);
        when 'create_shipment_polsub' then v_entity := public.cmd_create_shipment_polsub(ctx, v_payload);
        when 'confirm_arrival' then v_entity := public.cmd_confirm_arrival(ctx, v_payload);
        when 'start_unloading' then v_entity := public.cmd_start_unloading(ctx, v_payload);
        when 'complete_unloading' then v_entity := public.cmd_complete_unloading(ctx, v_payload);
        when 'pod_confirm_arrival' then v_entity := public.cmd_pod_confirm_arrival(ctx, v_payload);
        when 'pod_start_unloading' then v_entity := public.cmd_pod_start_unloading(ctx, v_payload);
        when 'pod_complete' then v_entity := public.cmd_pod_complete(ctx, v_payload);
        when 'set_shipment_image' then v_entity := public.cmd_set_shipment_image(ctx, v_payload);
        when 'add_inventory' then v_entity := public.cmd_add_inventory(ctx, v_payload);
        when 'add_vehicle' then v_entity := public.cmd_add_vehicle(ctx, v_payload);
        when 'add_sea_fleet' then v_entity := public.cmd_add_sea_fleet(ctx, v_payload);
        when 'edit_vehicle' then v_entity := public.cmd_edit_vehicle(ctx, v_payload);
        when 'delete_vehicle' then v_entity := public.cmd_delete_vehicle(ctx, v_payload);
        when 'add_vehicle_type' then v_entity := public.cmd_add_vehicle_type(ctx, v_payload);
        when 'add_vendor' then v_entity := public.cmd_add_vendor(ctx, v_payload);
        when 'edit_vendor' then v_entity := public.cmd_edit_vendor(ctx, v_payload);
        when 'delete_vendor' then v_entity := public.cmd_delete_vendor(ctx, v_payload);
        when 'add_hub' then v_entity := public.cmd_add_hub(ctx, v_payload);
        when 'edit_hub' then v_entity := public.cmd_edit_hub(ctx, v_payload);
        when 'delete_hub' then v_entity := public.cmd_delete_hub(ctx, v_payload);
        when 'add_warehouse' then v_entity := public.cmd_add_warehouse(ctx, v_payload);
        when 'set_warehouse_capacity' then v_entity := public.cmd_set_warehouse_capacity(ctx, v_payload);
        when 'undo_command' then v_entity := public.cmd_undo_command(ctx, v_payload);
        when 'correct_shipment_counts' then v_entity := public.cmd_correct_shipment_counts(ctx, v_payload);
        when 'void_shipment' then v_entity := public.cmd_void_shipment(ctx, v_payload);
        when 'resolve_discrepancy' then v_entity := public.cmd_resolve_discrepancy(ctx, v_payload);
        when 'attach_document' then v_entity := public.cmd_attach_document(ctx, v_payload);
        when 'attach_correction' then v_entity := public.cmd_attach_correction(ctx, v_payload);
        when 'register_serials' then v_entity := public.cmd_register_serials(ctx, v_payload);
        when 'remove_serials' then v_entity := public.cmd_remove_serials(ctx, v_payload);
        else
          perform public.cmd_reject('unknown_command', 'unknownCommand', jsonb_build_object('type', v_type));
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail,
                                v_hint = pg_exception_hint;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          -- cmd_reject's refusal: its code, and its message key and parameters (the hint).
          v_code := substr(v_detail, 9);
          v_key := v_hint::jsonb ->> 'key';
          v_params := v_hint::jsonb -> 'params';
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its images, if it kept any (an applied floor command; a refused one's were rolled back
    -- with its subtransaction), written with its record.
    v_images := current_setting('dermaga.images', true);
    if v_images <> '' then
      images := images || row(v_id, v_type, uid, me.hub_id, v_images::jsonb, null, now())::public.command_images;
      v_locked := set_config('dermaga.images', '', true);
    end if;
    -- Its record, written later (6. above); a rejected command's fields bounded (the header).
    if v_outcome = 'rejected' then
      v_record := public.cmd_bounded_payload(v_record);
    end if;
    held := held || row(v_id, null, uid, me.email, v_type, v_record, coalesce(v_issued, v_received),
                        v_received, v_outcome, v_code, v_message, v_entity, v_key, v_params)::public.commands;
    held_ids := held_ids || v_id;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message, 'key', v_key, 'params', v_params);
  end loop;

  perform public.commands_write(held);
  if cardinality(images) > 0 then
    perform public.command_images_write(images);
  end if;
  perform public.poke_held_scopes();

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;

comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;

grant execute on function public.apply_commands(jsonb) to authenticated;

create or replace function public.tv_unit_path(p_serial text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_serial text;
  u public.tv_units;
  v_hubs uuid[];
  v_params jsonb;
begin
  if (select public.my_role()) is null then
    raise exception 'Profil pengguna tidak ditemukan.' using errcode = '42501';
  end if;
  v_serial := public.cmd_serial_normal(p_serial);
  if v_serial is null then
    v_params := jsonb_build_object('serial', public.cmd_serial_shown(p_serial));
    raise exception '%', public.message_text('serial.invalid', v_params) using errcode = '22023',
      hint = jsonb_build_object('key', 'serial.invalid', 'params', v_params)::text;
  end if;
  select * into u from public.tv_units t where t.serial = v_serial and not t.deleted;
  if not found then
    -- A serial taken back (remove_serials) and not registered again: its last removed unit, one
    -- of the caller's hubs first, answered as 'removed' (where and by whom are in its events).
    select * into u from public.tv_units t where t.serial = v_serial and t.deleted and t.state = 'in_stock'
    order by coalesce(t.hub_id = any ((select public.my_hub_ids())::uuid[]), false) desc, t.updated_at desc, t.id
    limit 1;
    if not found then
      return null;
    end if;
  end if;
  if not coalesce((select public.is_staff()), false) then
    v_hubs := coalesce((select public.my_hub_ids()), '{}'::uuid[]);
    -- (coalesce: a unit at no hub must not make the whole test null, which `if not` passes.)
    if not (coalesce(u.hub_id = any (v_hubs), false)
            or exists (
              select 1 from public.shipments s
              where s.id = u.shipment_id
                and (s.origin_hub_id = any (v_hubs) or s.destination_hub_id = any (v_hubs)
                     or s.current_hub_id = any (v_hubs)))
            or exists (
              -- Not by an 'unexpected' event: a receipt may list any serial of the company as
              -- found in its truck, and that would open the unit's whole path (its hubs,
              -- shipments and each actor's name) to the receiving hub (security audit 2026-12-03).
              select 1 from public.tv_unit_events e
              left join public.shipments s on s.id = e.shipment_id
              where e.unit_id = u.id and e.kind <> 'unexpected'
                and (e.hub_id = any (v_hubs) or s.origin_hub_id = any (v_hubs)
                     or s.destination_hub_id = any (v_hubs) or s.current_hub_id = any (v_hubs)))) then
      return null;
    end if;
  end if;
  return jsonb_build_object(
    'serial', u.serial,
    'state', case when u.deleted then 'removed' else u.state end,
    'hub_id', u.hub_id,
    'hub_name', (select h.name from public.hubs h where h.id = u.hub_id),
    'shipment_id', u.shipment_id,
    'events', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', e.kind,
               'at', e.at,
               'hub_id', e.hub_id,
               'hub_name', h.name,
               'shipment_id', e.shipment_id,
               'batch_number', s.batch_number,
               'origin_hub_name', oh.name,
               'destination_hub_name', dh.name,
               'by', coalesce(nullif(btrim(pr.full_name), ''), pr.email))
             order by e.at, e.id)
      from public.tv_unit_events e
      left join public.hubs h on h.id = e.hub_id
      left join public.shipments s on s.id = e.shipment_id
      left join public.hubs oh on oh.id = s.origin_hub_id
      left join public.hubs dh on dh.id = s.destination_hub_id
      left join public.profiles pr on pr.user_id = e.actor
      where e.unit_id = u.id), '[]'::jsonb));
end;
$$;

comment on function public.tv_unit_path(text) is
  'Issue 42: a TV unit by its serial (any form the scanner or a person gives): where it is now and its events oldest first, with hub, shipment and actor names (a serial taken back by remove_serials and not registered again: its last removed unit, state removed); null when unknown or not readable by the caller (a hub user: a unit at or through its hubs; a receipt that only found it unexpected does not count).';

revoke execute on function public.tv_unit_path(text) from public, anon;

grant execute on function public.tv_unit_path(text) to authenticated;

create or replace function public.visible_ids(p_table text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  ids jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  -- A deleted row (a tombstone of the set) is not listed: no device holds one, and a listed id
  -- it lacks would be fetched again at every reconcile.
  execute format('select coalesce(jsonb_agg(t.id), ''[]''::jsonb) from %s where not t.deleted',
                 public.working_set_source(p_table))
    into ids using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return jsonb_build_object('ids', ids, 'horizon', pg_snapshot_xmin(pg_current_snapshot())::text, 'cutoff', v_cutoff);
end;
$$;

comment on function public.visible_ids(text) is
  'Every id of p_table''s working set the caller may read now (RLS), deleted rows left out, the snapshot horizon and the cutoff: a device drops rows not listed and fetches listed rows it lacks.';

revoke execute on function public.visible_ids(text) from public, anon;

grant execute on function public.visible_ids(text) to authenticated, service_role;

create or replace function public.cmd_serials_load(ctx public.command_context, p_ids uuid[], p_shipment_id uuid,
                                                   p_hub_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if cardinality(p_ids) = 0 then
    return;
  end if;
  update public.tv_units set state = 'in_transit', shipment_id = p_shipment_id, hub_id = null, moved = true
   where id = any (p_ids);
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select t.id, t.serial, 'loaded', p_hub_id, p_shipment_id, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_units t where t.id = any (p_ids);
end;
$$;

revoke execute on function public.cmd_serials_load(public.command_context, uuid[], uuid, uuid) from public, anon, authenticated;
