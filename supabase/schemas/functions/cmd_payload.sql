-- Issue 40, "an honest trail": each command's stored payload holds only the fields its
-- schema knows. The devices' zod schemas are not strict: z.object() drops the keys it does
-- not know, and dispatch queues what the schema returns (sync/engine.ts), so a device never
-- sends a key its schema lacks. The server does the same: before a command runs, and before
-- its record is written to public.commands, its payload is cut to the fields its type knows
-- (public.cmd_payload_shape, the zod schemas' shapes; tests/integration/commands-trail.test.ts
-- holds the two equal). A key the schema does not know is dropped rather than refused: an
-- outbox written by an older release may carry a field since retired, and refusing it would
-- strand that work; what was dropped could never have done anything (no cmd_* reads it).
-- The audit trail (audit_command_hub: hub_id, current_hub_id) and a shipment's history
-- (shipment_history: shipment_id) read payload fields, so only a field the command carries
-- by its schema can place it under a hub or a shipment.
--
-- undo_command names the hub and the shipment of the command it undoes (for the trail); the
-- server takes them from that command's record, never from the device (a device could name
-- any shipment).
--
-- apply_commands runs them (apply_commands.sql).
--
-- The helpers are on apply_commands' hot path (every command): like the others there they
-- carry no `set search_path` (cmd_helpers.sql says why that is safe:
-- not security definer, not callable by the API roles, reached only from apply_commands, which
-- runs with an empty path; everything of ours they name is schema-qualified).

-- The payload shapes (issue 40 keeps only known fields): edit_hub's changes gain blind_count;
-- issue 42: serial_tracking, the shipping forms' tv_serials and register_serials, and the
-- receipt's tv_serials {received, damaged} (the receipt by serial).
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

-- p with only the fields shape names, recursively (a nested object: a receipt, an edit's
-- changes, undo's rows). A value of another JSON type than the shape
-- expects is kept as sent (the command's readers refuse it, and the record shows what came).
-- Linear in p: an object with keys the shape does not name, and a list, are rebuilt in one
-- pass (a list of objects with flat shapes, as every list of a command is, in one SQL
-- expression), and a list whose elements the shape keeps whole (true) is kept as it is. (It ran before any check of the caller, for every command; it set
-- each element of a list with jsonb_set, which copies the whole list each time, so a sign-up's
-- 128 kB list of 16,000 objects took 16 s and held a connection until the statement timeout.)
create or replace function public.cmd_known_fields(p jsonb, shape jsonb)
returns jsonb
language plpgsql
immutable
as $$
declare
  out jsonb := p;
  k text;
  each_shape jsonb;
begin
  if jsonb_typeof(shape) = 'object' and jsonb_typeof(p) = 'object' then
    if exists (select 1 from jsonb_object_keys(p) e where not shape ? e) then
      out := coalesce((select jsonb_object_agg(j.key, j.value) from jsonb_each(p) j where shape ? j.key), '{}'::jsonb);
    end if;
    for k in select e.key from jsonb_each(shape) e where jsonb_typeof(e.value) <> 'boolean' loop
      if out ? k then
        out := jsonb_set(out, array[k], public.cmd_known_fields(out -> k, shape -> k));
      end if;
    end loop;
  elsif jsonb_typeof(shape) = 'array' and jsonb_typeof(p) = 'array' then
    each_shape := shape -> 0;
    if jsonb_typeof(each_shape) = 'object'
       and not exists (select 1 from jsonb_each(each_shape) f where jsonb_typeof(f.value) <> 'boolean') then
      select coalesce(jsonb_agg(case when jsonb_typeof(e.value) = 'object'
                                     then coalesce((select jsonb_object_agg(x.key, x.value) from jsonb_each(e.value) x
                                                     where each_shape ? x.key), '{}'::jsonb)
                                     else e.value end order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    elsif jsonb_typeof(each_shape) in ('object', 'array') then
      select coalesce(jsonb_agg(public.cmd_known_fields(e.value, each_shape) order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    end if;
  end if;
  return out;
end;
$$;

revoke execute on function public.cmd_known_fields(jsonb, jsonb) from public, anon, authenticated;

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

-- The payload as it is run and recorded: the fields of its type only; for undo_command the
-- hub and shipment of the undone command as its record has them (none when there is no such
-- record of this user's). A type no command has keeps no field at all ('{}': it is refused as
-- unknown_command, and its record must not name a hub or a shipment; security audit
-- 2026-12-03). A payload that is not an object is returned as it came, so apply_commands
-- refuses it (invalid_command); apply_commands records it as '{}'.
create or replace function public.cmd_trail_payload(p_type text, p jsonb, p_actor uuid)
returns jsonb
language plpgsql
stable
as $$
declare
  keys text[] := public.cmd_payload_keys(p_type);
  nested text[];
  k text;
  v jsonb := p;
  undone public.commands;
begin
  if jsonb_typeof(v) is distinct from 'object' then
    return v;
  end if;
  if keys is null then
    return '{}'::jsonb;
  end if;
  if (v - keys) <> '{}'::jsonb then
    -- Rebuilt in one pass: `v - array(the unknown keys)` took time in their number squared,
    -- never looking at the statement timeout (118,000 keys from a sign-up: 31 s).
    v := coalesce((select jsonb_object_agg(j.key, j.value) from jsonb_each(v) j where j.key = any (keys)),
                  '{}'::jsonb);
  end if;
  nested := public.cmd_payload_nested(p_type);
  if nested is not null then
    foreach k in array nested loop
      if v ? k then
        v := jsonb_set(v, array[k], public.cmd_known_fields(v -> k, public.cmd_payload_shape(p_type) -> k));
      end if;
    end loop;
  end if;
  if p_type = 'undo_command' then
    v := v - 'hub_id' - 'shipment_id';
    if jsonb_typeof(v -> 'command_id') = 'string'
       and (v ->> 'command_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into undone from public.commands c
       where c.id = (v ->> 'command_id')::uuid and c.actor_id = p_actor;
      if found then
        if jsonb_typeof(undone.payload -> 'hub_id') = 'string' then
          v := v || jsonb_build_object('hub_id', undone.payload -> 'hub_id');
        end if;
        if jsonb_typeof(undone.payload -> 'shipment_id') = 'string' then
          v := v || jsonb_build_object('shipment_id', undone.payload -> 'shipment_id');
        end if;
      end if;
    end if;
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_trail_payload(text, jsonb, uuid) from public, anon, authenticated;

-- What is recorded of a REJECTED command (security audit 2026-12-03): its known fields, each
-- bounded. A command that applied passed its own checks, which bound every field it keeps, and
-- is recorded as it ran; a refused one stopped at its first failing check, so the fields after
-- it were recorded as sent (a 900,000-character name, 100,000 vehicle ids, a 1 MB note: about
-- 1 MB of anything in public.commands, and so in the audit trail and a shipment's history, per
-- request of any signed-in user). apply_commands records a refusal through
-- cmd_bounded_payload; the bounds are the largest values a command accepts:
--   * a text: 2,000 characters, '…' appended when cut. The longest text any command accepts
--     is 2,000 characters (cmd_require_text_bound's bound for what no one types: a storage
--     path, a kind; what is typed is at most 500, a note or a reason; a serial at most 64, a
--     uuid 36). A number's text and an object's key are bounded alike (a number longer than
--     that is recorded as its text, cut);
--   * an array or an object: its first 520 elements or keys. The longest list a command accepts
--     is undo_command's rows (MAX_UNDO_ROWS = 20 + MAX_SERIALS, sync/commands/undo.ts); the
--     serial lists (tv_serials, a receipt's received and damaged, register_serials' units) at
--     most MAX_SERIALS = 500 (sync/domain/serials.ts), a receipt's discrepancies 6, their
--     photos 10; vehicle_ids has no bound but the hub's trucks;
--   * nesting: 8 levels, the payload the first (a command nests at most 5: the payload, its
--     receipt, the discrepancies, one of them, its photo_ids; undo's rows, a row, its image, a
--     column's array); a deeper array or object is recorded as '…';
--   * the whole: 65,536 bytes of its text (jsonb::text; a create_shipment's 500 serials of
--     typical length are about 10 kB). A payload still over it after the cuts is recorded as its
--     fields that are uuids only (hub_id, shipment_id, vehicle_id, ...: what the audit trail and
--     a shipment's history file it by).
-- A payload within every bound is recorded as it came. Not on the hot path (refusals only):
-- each keeps its own `set search_path`.

-- v with each text, list and nesting bounded (above); SQL null when its text is found over
-- 65,536 bytes (the caller records the uuids only). p_depth: the levels above v (the payload 0).
-- Work is bounded by the output: each list stops at 520 entries or when what it keeps is over
-- the size, so a huge payload is not walked whole.
create or replace function public.cmd_bounded_value(v jsonb, p_depth integer)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  t text;
  k text;
  e jsonb;
  keys text[] := '{}';
  vals jsonb[] := '{}';
  total bigint := 0;
  i integer;
begin
  case jsonb_typeof(v)
    when 'string', 'number' then
      t := case when jsonb_typeof(v) = 'string' then v #>> '{}' else v::text end;
      if char_length(t) > 2000 then
        return to_jsonb(left(t, 2000) || '…');
      end if;
      return v;
    when 'array' then
      if p_depth >= 8 then
        return to_jsonb('…'::text);
      end if;
      for i in 0 .. least(jsonb_array_length(v), 520) - 1 loop
        e := public.cmd_bounded_value(v -> i, p_depth + 1);
        total := total + octet_length(e::text);
        if e is null or total > 65536 then
          return null;
        end if;
        vals := vals || e;
      end loop;
      return to_jsonb(vals);
    when 'object' then
      if p_depth >= 8 then
        return to_jsonb('…'::text);
      end if;
      for k, e in select j.key, j.value from jsonb_each(v) j limit 520 loop
        e := public.cmd_bounded_value(e, p_depth + 1);
        if char_length(k) > 2000 then
          k := left(k, 2000) || '…';
        end if;
        total := total + octet_length(k) + octet_length(e::text);
        if e is null or total > 65536 then
          return null;
        end if;
        keys := keys || k;
        vals := vals || e;
      end loop;
      return coalesce((select jsonb_object_agg(q.k, q.v) from unnest(keys, vals) as q(k, v)), '{}'::jsonb);
    else
      return v; -- true, false, null
  end case;
end;
$$;

revoke execute on function public.cmd_bounded_value(jsonb, integer) from public, anon, authenticated;

-- The payload a rejected command is recorded with (above): p bounded, or, when that is still
-- over 65,536 bytes, its top-level fields that are uuids (at most 50; a known type has fewer).
-- The same p always gives the same record (apply_commands compares a replay's payload with it).
create or replace function public.cmd_bounded_payload(p jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v jsonb := public.cmd_bounded_value(p, 0);
begin
  if v is not null and octet_length(v::text) <= 65536 then
    return v;
  end if;
  return coalesce((select jsonb_object_agg(f.key, f.value)
                   from (select j.key, j.value
                         from jsonb_each(case when jsonb_typeof(p) = 'object' then p else '{}'::jsonb end) j
                         where char_length(j.key) <= 40 and jsonb_typeof(j.value) = 'string'
                           and (j.value #>> '{}') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                         limit 50) f), '{}'::jsonb);
end;
$$;

revoke execute on function public.cmd_bounded_payload(jsonb) from public, anon, authenticated;
