-- Issue 43, P2: the Realtime pokes of an apply_commands call are worked out and sent once,
-- after its last command, instead of at every statement. Inside apply_commands
-- (dermaga.pokes_held = 'on') the statement trigger keeps its rows' poke_fields (the columns
-- poke_topics_of reads) in a transaction-local setting, once for each distinct line, and
-- poke_held_scopes pokes their topics at the end; outside it, the trigger pokes at once as
-- before (poke_rows). The trigger function is no longer security definer nor has a SET clause
-- (both cost at every statement); poke_rows and poke_held_scopes are. Same topics for the same
-- rows. The current definitions are in supabase/schemas/functions/realtime_pokes.sql and
-- apply_commands.sql (note 7.).
-- poke_changed_scopes was first defined in 20261128020000_baseline.sql; apply_commands was
-- last re-created in 20261129030000_tv_serials.sql.

-- The part of a row poke_topics_of reads: the hubs, the warehouse, the shipment, the user, and a
-- vehicle's id and whether it is free to queue. Rows that differ elsewhere (a version, a time)
-- concern the same topics, so a batch's statements come down to a few distinct ones (below).
-- Stable (jsonb_build_object is) and without a SET clause, so it is inlined into the trigger's
-- query (given the row as a column, not as an expression: an expensive argument used more
-- than once is not inlined).
create or replace function public.poke_fields(p_table text, r jsonb)
returns jsonb
language sql
stable
as $$
  select jsonb_build_object(
    'origin_hub_id', r -> 'origin_hub_id', 'destination_hub_id', r -> 'destination_hub_id',
    'current_hub_id', r -> 'current_hub_id', 'hub_id', r -> 'hub_id',
    'warehouse_id', r -> 'warehouse_id', 'shipment_id', r -> 'shipment_id', 'user_id', r -> 'user_id',
    'is_active', r -> 'is_active', 'ready', r -> 'ready',
    'id', case when p_table = 'vehicles' then r -> 'id' end)
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
-- = 'on') it holds them instead, in the transaction-local setting dermaga.poke_rows: a line
-- "<table><tab><the rows' poke_fields as a JSON array>" for each statement whose line is not
-- there yet (compared as text: jsonb's text is canonical, and a floor batch's statements
-- repeat a few lines). poke_held_scopes pokes their topics once, after the batch's last command
-- (issue 43, P2: each statement worked out and poked the same topics, about a third of a floor
-- batch's time on the server). A refused command's subtransaction rolls its lines back out of
-- the setting with everything else it did.
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
begin
  -- One query over the statement's rows (old and new versions): their poke_fields.
  if tg_op = 'INSERT' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n) x;
  elsif tg_op = 'UPDATE' then
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(n) r from new_rows n
          union all
          select pg_catalog.to_jsonb(o) from old_rows o) x;
  else
    select pg_catalog.jsonb_agg(public.poke_fields(tg_table_name, x.r)) into changed
    from (select pg_catalog.to_jsonb(o) r from old_rows o) x;
  end if;
  if changed is null then
    return null;
  end if;
  if pg_catalog.current_setting('dermaga.pokes_held', true) = 'on' then
    line := tg_table_name || E'\t' || changed::text || E'\n';
    held := coalesce(pg_catalog.current_setting('dermaga.poke_rows', true), '');
    if pg_catalog.strpos(held, line) = 0 then
      line := pg_catalog.set_config('dermaga.poke_rows', held || line, true);
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
  topics text[] := '{}';
  tbl text;
  t_rows jsonb;
  t text;
begin
  t := set_config('dermaga.pokes_held', '', true);
  t := set_config('dermaga.poke_rows', '', true);
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
    'attach_document', 'attach_correction', 'register_serials'];
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
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_payload and prior.payload <> v_raw) then
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
    -- Its record, written later (6. above).
    held := held || row(v_id, null, uid, me.email, v_type, v_payload, coalesce(v_issued, v_received),
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
