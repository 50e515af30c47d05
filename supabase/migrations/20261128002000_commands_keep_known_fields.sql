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
-- apply_commands (its earlier definition is in 20261126000800_baseline_commands.sql, whose
-- header holds the numbered notes its comments name: "see 2. above"): the payload is cut
-- first; a replay is recognised by the cut payload, or by the payload as sent (a record
-- written before this change holds it whole).
--
-- The helpers are on apply_commands' hot path (every command): like the others there they
-- carry no `set search_path` (20261126000700_baseline_command_helpers.sql says why that is safe:
-- not security definer, not callable by the API roles, reached only from apply_commands, which
-- runs with an empty path; everything of ours they name is schema-qualified).

-- The fields a command type's payload may hold: true for a value kept as sent, an object for
-- a nested object's own fields, a one-element array for each element of an array of objects.
-- Null for a type the catalogue does not know (refused as unknown_command, kept as sent).
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
    when 'create_shipment_darat' then '{"hub_id":true,"shipment_id":true,"vehicle_id":true,"destination_warehouse_id":true,"batch_number":true,"smartboard_quantity":true,"bracket_quantity":true,"inventory_id":true,"image_count":true}'::jsonb
    when 'create_shipment_poljak' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true}'::jsonb
    when 'create_shipment_polsub' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true}'::jsonb
    when 'set_shipment_image' then '{"shipment_id":true,"slot":true,"path":true}'::jsonb
    when 'confirm_arrival' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'start_unloading' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'complete_unloading' then '{"hub_id":true,"shipment_id":true,"notes":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}]}}'::jsonb
    when 'pod_confirm_arrival' then '{"shipment_id":true}'::jsonb
    when 'pod_start_unloading' then '{"shipment_id":true}'::jsonb
    when 'pod_complete' then '{"shipment_id":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}]}}'::jsonb
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
    when 'edit_hub' then '{"hub_id":true,"changes":{"name":true,"city":true}}'::jsonb
    when 'delete_hub' then '{"hub_id":true}'::jsonb
    when 'set_warehouse_capacity' then '{"warehouse_id":true,"capacity":true}'::jsonb
    when 'undo_command' then '{"command_id":true,"hub_id":true,"shipment_id":true,"rows":[{"table":true,"id":true,"before":true,"after":true}]}'::jsonb
    when 'correct_shipment_counts' then '{"shipment_id":true,"smartboard_quantity":true,"bracket_quantity":true,"reason":true}'::jsonb
    when 'void_shipment' then '{"shipment_id":true,"reason":true}'::jsonb
    when 'resolve_discrepancy' then '{"discrepancy_id":true,"note":true}'::jsonb
    when 'attach_document' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true}'::jsonb
    else null::jsonb
  end
$$;

-- p with only the fields shape names, recursively (a nested object: a receipt, an edit's
-- changes, undo's rows). A value of another JSON type than the shape
-- expects is kept as sent (the command's readers refuse it, and the record shows what came).
create or replace function public.cmd_known_fields(p jsonb, shape jsonb)
returns jsonb
language plpgsql
immutable
as $$
declare
  out jsonb := p;
  k text;
  i integer;
begin
  if jsonb_typeof(shape) = 'object' and jsonb_typeof(p) = 'object' then
    out := out - array(select e from jsonb_object_keys(p) e where not shape ? e);
    for k in select e.key from jsonb_each(shape) e where jsonb_typeof(e.value) <> 'boolean' loop
      if out ? k then
        out := jsonb_set(out, array[k], public.cmd_known_fields(out -> k, shape -> k));
      end if;
    end loop;
  elsif jsonb_typeof(shape) = 'array' and jsonb_typeof(p) = 'array' then
    for i in 0 .. jsonb_array_length(p) - 1 loop
      out := jsonb_set(out, array[i::text], public.cmd_known_fields(p -> i, shape -> 0));
    end loop;
  end if;
  return out;
end;
$$;

-- The same fields as arrays, for the path every command takes (public.cmd_payload_shape's
-- top-level keys; and those whose shape is nested): `p - keys` is a plain operator, so a
-- payload with nothing unknown is checked without running a query (see the note above).
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
    when 'create_shipment_darat' then array['hub_id', 'shipment_id', 'vehicle_id', 'destination_warehouse_id', 'batch_number', 'smartboard_quantity', 'bracket_quantity', 'inventory_id', 'image_count']
    when 'create_shipment_poljak' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number']
    when 'create_shipment_polsub' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number']
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
    else null
  end
$$;

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
    else null
  end
$$;

-- The payload as it is run and recorded: the fields of its type only; for undo_command the
-- hub and shipment of the undone command as its record has them (none when there is no such
-- record of this user's).
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
  if keys is null or jsonb_typeof(v) is distinct from 'object' then
    return v;
  end if;
  if (v - keys) <> '{}'::jsonb then
    v := v - array(select jsonb_object_keys(v - keys));
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
revoke execute on function public.cmd_payload_shape(text), public.cmd_known_fields(jsonb, jsonb),
  public.cmd_payload_keys(text), public.cmd_payload_nested(text), public.cmd_trail_payload(text, jsonb, uuid)
  from public, anon, authenticated;

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
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), one element a command.
  q_id uuid[] := '{}';
  q_type text[] := '{}';
  q_payload jsonb[] := '{}';
  q_issued timestamptz[] := '{}';
  q_received timestamptz[] := '{}';
  q_outcome text[] := '{}';
  q_code text[] := '{}';
  q_message text[] := '{}';
  q_entity uuid[] := '{}';
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
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command', 'message', 'Perintah tidak valid.');
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- other than the queue's four runs.
    if cardinality(q_id) > 0
       and (v_id = any (q_id)
            or v_type not in ('queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue')) then
      insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                                   outcome, code, message, entity_id)
      select q.id, uid, me.email, q.type, q.payload, q.issued_at, q.received_at,
             q.outcome, q.code, q.message, q.entity_id
      from unnest(q_id, q_type, q_payload, q_issued, q_received, q_outcome, q_code, q_message, q_entity)
           with ordinality as q(id, type, payload, issued_at, received_at, outcome, code, message, entity_id, n)
      order by q.n;
      q_id := '{}'; q_type := '{}'; q_payload := '{}'; q_issued := '{}'; q_received := '{}';
      q_outcome := '{}'; q_code := '{}'; q_message := '{}'; q_entity := '{}';
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    -- Only the fields its type knows are run and recorded (the header above).
    v_raw := coalesce(cmd -> 'payload', 'null'::jsonb);
    v_payload := public.cmd_trail_payload(v_type, v_raw, uid);
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_payload and prior.payload <> v_raw) then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', 'Id perintah ini sudah dipakai oleh perintah lain.');
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'Perintah tidak valid.');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'Perintah ini dibuat atas nama pengguna lain.');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'Profil pengguna tidak ditemukan.');
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
        else
          -- Not a listed type: as before, by name.
          if v_type !~ '^[a-z_]+$'
             or to_regprocedure(format('public.cmd_%s(public.command_context,jsonb)', v_type)) is null then
            perform public.cmd_reject('unknown_command', format('Perintah tidak dikenal: %s', v_type));
          end if;
          execute format('select public.%I($1, $2)', 'cmd_' || v_type)
            into v_entity
            using ctx, v_payload;
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          v_code := substr(v_detail, 9);
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its record, written later (6. above): the same values, in the same order.
    q_id := q_id || v_id;
    q_type := q_type || v_type;
    q_payload := q_payload || v_payload;
    q_issued := q_issued || coalesce(v_issued, v_received);
    q_received := q_received || v_received;
    q_outcome := q_outcome || v_outcome;
    q_code := q_code || v_code;
    q_message := q_message || v_message;
    q_entity := q_entity || v_entity;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message);
  end loop;

  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id)
  select q.id, uid, me.email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id
  from unnest(q_id, q_type, q_payload, q_issued, q_received, q_outcome, q_code, q_message, q_entity)
       with ordinality as q(id, type, payload, issued_at, received_at, outcome, code, message, entity_id, n)
  order by q.n;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;
comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;
grant execute on function public.apply_commands(jsonb) to authenticated;
