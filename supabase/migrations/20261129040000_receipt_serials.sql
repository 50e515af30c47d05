-- Issue 42, the receipt by serial (server half): complete_unloading and pod_complete of a
-- shipment loaded by serial take receipt.tv_serials {received, damaged}, check it
-- (serial.scanRequired, tooMany, invalid, alreadyScanned, damagedNotReceived, receivedMismatch,
-- and the new serial.damagedMismatch), derive the TV discrepancies from the tally (naming their
-- serials in the new discrepancies.serials) and move the units (received, damaged, missing;
-- an unexpected known unit gets an event only); undo_command puts them back. The current
-- definitions are in supabase/schemas: tables/tv_units.sql, tables/tv_unit_events.sql,
-- tables/discrepancies.sql, functions/cmd_serials_receipt.sql (new; the notes on what it does
-- are in its header), and the functions re-created whole below from cmd_handover.sql,
-- cmd_arrival.sql, cmd_pod.sql, cmd_undo.sql, working_set.sql (a unit is in the working set
-- while in stock or on the way, or while its shipment is) and cmd_payload.sql.
-- The functions re-created here were first defined in 20261128020000_baseline.sql, some replaced
-- since by later migrations; the latest file is the definition that runs.

-- tables/tv_units.sql
alter table public.tv_units drop constraint tv_units_state_known;

alter table public.tv_units
  add constraint tv_units_state_known check (state in ('in_stock', 'in_transit', 'missing', 'damaged'));

alter table public.tv_units drop constraint tv_units_place;

alter table public.tv_units
  add constraint tv_units_place check (
    (state <> 'in_stock' or (hub_id is not null and shipment_id is null))
    and (state <> 'in_transit' or (shipment_id is not null and hub_id is null))
    and (state <> 'damaged' or hub_id is not null));

comment on table public.tv_units is
  'Issue 42: a smartboard TV by its serial number and where it is now (in stock at a hub, on the way on a shipment, missing, or damaged at a hub). Written by the commands only; its history is tv_unit_events.';

comment on column public.tv_units.state is
  'in_stock (at hub_id), in_transit (on the open shipment shipment_id), missing (not found at a receipt; shipment_id the last shipment, hub_id null), damaged (arrived damaged: at hub_id, the receiving hub; shipment_id the shipment it came on).';

comment on column public.tv_units.hub_id is 'The hub holding the unit while in_stock or damaged; null otherwise.';

comment on column public.tv_units.shipment_id is
  'The open shipment carrying the unit while in_transit; the last shipment when missing or damaged; null in stock.';

-- tables/tv_unit_events.sql
alter table public.tv_unit_events drop constraint tv_unit_events_kind_known;

alter table public.tv_unit_events
  add constraint tv_unit_events_kind_known check (kind in ('registered', 'loaded', 'returned', 'received', 'damaged',
                                                           'missing', 'unexpected', 'undone'));

comment on table public.tv_unit_events is
  'Issue 42: the history of each TV unit (registered at a hub, loaded on a shipment, returned to stock by a void; at a receipt by serial received, damaged, missing or unexpected; undone when that receipt was undone), written by the commands, never updated or deleted. Read through tv_unit_path.';

comment on column public.tv_unit_events.hub_id is
  'The hub of the move: where it was registered, loaded from, returned to, or (a receipt and its undo) the receiving hub.';

-- A command's events (undo_command of a receipt by serial appends an 'undone' to each).
create index tv_unit_events_command_idx on public.tv_unit_events (command_id) where command_id is not null;

-- tables/discrepancies.sql
alter table public.discrepancies add column serials text[] not null default '{}';

comment on column public.discrepancies.serials is
  'Issue 42, a receipt by serial: the TVs this row is about, derived by the server from the tally (smartboard kurang: the missing serials in serial order; lebih: the unexpected ones, rusak: the damaged ones, both in scan order); empty for every other row.';

-- functions/cmd_serials_receipt.sql
-- The scan as sent: {received, damaged} (arrays of the texts sent), or null when not scanned.
create or replace function public.cmd_serials_scan(r jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  scan jsonb := r -> 'tv_serials';
  k text;
  out jsonb := '{}';
begin
  if scan is null or jsonb_typeof(scan) = 'null' then
    return null;
  end if;
  if jsonb_typeof(scan) <> 'object' then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  foreach k in array array['received', 'damaged'] loop
    if scan -> k is null or jsonb_typeof(scan -> k) = 'null' then
      out := out || jsonb_build_object(k, '[]'::jsonb);
    elsif jsonb_typeof(scan -> k) <> 'array'
          or exists (select 1 from jsonb_array_elements(scan -> k) e where jsonb_typeof(e) <> 'string') then
      perform public.cmd_reject('validation', 'invalidCommand');
    else
      out := out || jsonb_build_object(k, scan -> k);
    end if;
  end loop;
  return out;
end;
$$;

revoke execute on function public.cmd_serials_scan(jsonb) from public, anon, authenticated;

-- The serial rules (2a to 2f) and the tally against the shipment's loaded units:
-- {received, damaged, missing, unexpected} (normal forms), or null when received by count.
create or replace function public.cmd_serials_tally(p_shipment_id uuid, scan jsonb, p_received integer,
                                                    p_damaged integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  loaded text[];
  raw_in text[];
  raw_bad text[];
  got text[] := '{}';
  bad text[] := '{}';
  v text;
  i integer;
begin
  -- (Code-point order, as the device sorts them: not the database's collation.)
  loaded := array(select t.serial from public.tv_units t
                  where t.shipment_id = p_shipment_id and t.state = 'in_transit' and not t.deleted
                  order by t.serial collate "C");
  raw_in := array(select jsonb_array_elements_text(scan -> 'received'));
  raw_bad := array(select jsonb_array_elements_text(scan -> 'damaged'));
  if cardinality(loaded) = 0 then
    if cardinality(raw_in) > 0 or cardinality(raw_bad) > 0 then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    return null;
  end if;
  if scan is null then
    perform public.cmd_reject('validation', 'serial.scanRequired');
  end if;
  if cardinality(raw_in) > 500 or cardinality(raw_bad) > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  for i in 1 .. coalesce(cardinality(raw_in), 0) loop
    v := public.cmd_serial_normal(raw_in[i]);
    if v is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(raw_in[i])));
    end if;
    if v = any (got) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', v));
    end if;
    got := got || v;
  end loop;
  for i in 1 .. coalesce(cardinality(raw_bad), 0) loop
    v := public.cmd_serial_normal(raw_bad[i]);
    if v is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(raw_bad[i])));
    end if;
    if v = any (bad) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', v));
    end if;
    if not (v = any (got)) then
      perform public.cmd_reject('validation', 'serial.damagedNotReceived', jsonb_build_object('serial', v));
    end if;
    bad := bad || v;
  end loop;
  if p_received <> cardinality(got) then
    perform public.cmd_reject('validation', 'serial.receivedMismatch',
      jsonb_build_object('quantity', p_received, 'count', cardinality(got)));
  end if;
  if p_damaged <> cardinality(bad) then
    perform public.cmd_reject('validation', 'serial.damagedMismatch',
      jsonb_build_object('quantity', p_damaged, 'count', cardinality(bad)));
  end if;
  return jsonb_build_object(
    'received', to_jsonb(got),
    'damaged', to_jsonb(bad),
    'missing', to_jsonb(array(select x from unnest(loaded) with ordinality u (x, k)
                              where not (x = any (got)) order by k)),
    'unexpected', to_jsonb(array(select x from unnest(got) with ordinality u (x, k)
                                 where not (x = any (loaded)) order by k)));
end;
$$;

revoke execute on function public.cmd_serials_tally(uuid, jsonb, integer, integer) from public, anon, authenticated;

-- The serials a receipt's discrepancy names: a TV row of a receipt by serial its tally's list,
-- any other row none.
create or replace function public.cmd_serials_named(tally jsonb, p_item text, p_reason text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when tally is null or jsonb_typeof(tally) = 'null' or p_item <> 'smartboard' then '[]'::jsonb
              else tally -> (case p_reason when 'kurang' then 'missing' when 'lebih' then 'unexpected'
                                           else 'damaged' end) end
$$;

revoke execute on function public.cmd_serials_named(jsonb, text, text) from public, anon, authenticated;

-- The completion's unit moves and events at p_hub_id (the destination hub); answers the moved
-- units' undo images [{t, id, before, after}] in serial order (empty by count).
create or replace function public.cmd_serials_receive(ctx public.command_context, s public.shipments, p_hub_id uuid,
                                                      tally jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  got text[];
  bad text[];
  before jsonb;
  imgs jsonb;
begin
  if tally is null or jsonb_typeof(tally) = 'null' then
    return '[]'::jsonb;
  end if;
  got := array(select jsonb_array_elements_text(tally -> 'received'));
  bad := array(select jsonb_array_elements_text(tally -> 'damaged'));
  -- The loaded units, locked in serial order (as loading locks them), as they were.
  select coalesce(jsonb_object_agg(u.id::text, to_jsonb(u)), '{}'::jsonb) into before
  from (select t.* from public.tv_units t
        where t.shipment_id = s.id and t.state = 'in_transit' and not t.deleted
        order by t.serial for update) u;
  with moved as (
    update public.tv_units t
       set state = case when not (t.serial = any (got)) then 'missing'
                        when t.serial = any (bad) then 'damaged' else 'in_stock' end,
           hub_id = case when t.serial = any (got) then p_hub_id end,
           shipment_id = case when t.serial = any (got) and not (t.serial = any (bad)) then null else s.id end
     where t.shipment_id = s.id and t.state = 'in_transit' and not t.deleted
    returning t.*
  ), events as (
    insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
    select m.id, m.serial, case m.state when 'in_stock' then 'received' else m.state end, p_hub_id, s.id,
           ctx.command_id, ctx.user_id, ctx.received_at
    from moved m
  )
  select coalesce(jsonb_agg(public.undo_img('tv_units', m.id, before -> (m.id::text), to_jsonb(m)) order by m.serial),
                  '[]'::jsonb)
    into imgs
  from moved m;
  -- A known unit found here but not loaded on this shipment stays where it is: an event only.
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select t.id, t.serial, 'unexpected', p_hub_id, s.id, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_units t
  where t.serial = any (array(select jsonb_array_elements_text(tally -> 'unexpected'))) and not t.deleted;
  return imgs;
end;
$$;

revoke execute on function public.cmd_serials_receive(public.command_context, public.shipments, uuid, jsonb) from public, anon, authenticated;

-- undo_command of a receipt by serial: its units are back as they were (cmd_undo_command, by
-- their images); each unit it wrote an event for gets an 'undone' one (the history only grows).
create or replace function public.cmd_serials_undone(ctx public.command_context, p_command_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select e.unit_id, e.serial, 'undone', e.hub_id, e.shipment_id, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_unit_events e
  where e.command_id = p_command_id
  order by e.serial;
end;
$$;

revoke execute on function public.cmd_serials_undone(public.command_context, uuid) from public, anon, authenticated;

-- functions/cmd_handover.sql
-- The receipt of a shipment, checked: its normalized fields, with sent counts, the tally of a
-- receipt by serial (tv_serials; null by count) and the discrepancies as
-- [{id, item, reason, quantity, note, photo_ids, serials}].
create or replace function public.handover_receipt(r jsonb, s public.shipments)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_id uuid;
  tv_in integer; br_in integer; tv_bad integer; br_bad integer;
  v_receiver text; v_driver text;
  sig_receiver uuid; sig_driver uuid;
  v_signed timestamptz;
  d jsonb;
  ds jsonb := '[]';
  v_note text;
  photos uuid[];
  ph jsonb;
  item text;
  reason text;
  sent integer;
  got integer;
  bad integer;
  expected integer;
  found_n integer;
  found_q integer;
  scan jsonb;
  tally jsonb;
begin
  if jsonb_typeof(r) is distinct from 'object' then
    perform public.cmd_reject('validation', invalid);
  end if;
  v_id := public.cmd_uuid(r, 'receipt_id', invalid);
  tv_in := public.handover_count(r, 'smartboard_received');
  br_in := public.handover_count(r, 'bracket_received');
  tv_bad := public.handover_count(r, 'smartboard_damaged');
  br_bad := public.handover_count(r, 'bracket_damaged');
  v_receiver := public.handover_name(r, 'receiver_name', 'handover.receiverNameRequired');
  v_driver := public.handover_name(r, 'driver_name', 'handover.driverNameRequired');
  sig_receiver := public.cmd_uuid(r, 'receiver_signature_id', 'handover.receiverSignature');
  sig_driver := public.cmd_uuid(r, 'driver_signature_id', 'handover.driverSignature');
  if jsonb_typeof(r -> 'signed_at') is distinct from 'string'
     or (r ->> 'signed_at') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_signed := (r ->> 'signed_at')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  if r -> 'discrepancies' is null or jsonb_typeof(r -> 'discrepancies') = 'null' then
    r := r || jsonb_build_object('discrepancies', '[]'::jsonb);
  end if;
  if jsonb_typeof(r -> 'discrepancies') <> 'array' or jsonb_array_length(r -> 'discrepancies') > 6 then
    perform public.cmd_reject('validation', invalid);
  end if;
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    if jsonb_typeof(d) is distinct from 'object' then
      perform public.cmd_reject('validation', invalid);
    end if;
    perform public.cmd_uuid(d, 'id', invalid);
    if jsonb_typeof(d -> 'item') is distinct from 'string' or d ->> 'item' not in ('smartboard', 'bracket')
       or jsonb_typeof(d -> 'reason') is distinct from 'string' or d ->> 'reason' not in ('kurang', 'lebih', 'rusak') then
      perform public.cmd_reject('validation', invalid);
    end if;
    if jsonb_typeof(d -> 'quantity') is distinct from 'number'
       or (d ->> 'quantity')::numeric <> trunc((d ->> 'quantity')::numeric)
       or (d ->> 'quantity')::numeric < 1 or (d ->> 'quantity')::numeric > 100000 then
      perform public.cmd_reject('validation', 'handover.discrepancyRange');
    end if;
    v_note := public.cmd_opt_text(d, 'note');
    if char_length(v_note) > 500 then
      perform public.cmd_reject('validation', 'handover.noteTooLong');
    end if;
    if jsonb_typeof(d -> 'photo_ids') is distinct from 'array' or jsonb_array_length(d -> 'photo_ids') = 0 then
      perform public.cmd_reject('validation', 'handover.photoRequired');
    end if;
    if jsonb_array_length(d -> 'photo_ids') > 10 then
      perform public.cmd_reject('validation', 'handover.maxPhotos');
    end if;
    photos := '{}';
    for ph in select value from jsonb_array_elements(d -> 'photo_ids') loop
      photos := photos || public.cmd_uuid(jsonb_build_object('id', ph), 'id', invalid);
    end loop;
    ds := ds || jsonb_build_object('id', (d ->> 'id')::uuid, 'item', d ->> 'item', 'reason', d ->> 'reason',
                                   'quantity', (d ->> 'quantity')::integer, 'note', v_note,
                                   'photo_ids', to_jsonb(photos));
  end loop;
  scan := public.cmd_serials_scan(r);

  if tv_bad > tv_in or br_bad > br_in then
    perform public.cmd_reject('validation', 'handover.damagedOverReceived');
  end if;
  if sig_receiver = sig_driver
     or (select count(distinct e ->> 'id') from jsonb_array_elements(ds) e) <> jsonb_array_length(ds) then
    perform public.cmd_reject('validation', invalid);
  end if;
  tally := public.cmd_serials_tally(s.id, scan, tv_in, tv_bad);

  foreach item in array array['smartboard', 'bracket'] loop
    sent := case item when 'smartboard' then s.smartboard_quantity else s.bracket_quantity end;
    got := case item when 'smartboard' then tv_in else br_in end;
    bad := case item when 'smartboard' then tv_bad else br_bad end;
    foreach reason in array array['kurang', 'lebih', 'rusak'] loop
      expected := case when tally is not null and item = 'smartboard'
                         then jsonb_array_length(public.cmd_serials_named(tally, item, reason))
                       when reason = 'kurang' then greatest(sent - got, 0)
                       when reason = 'lebih' then greatest(got - sent, 0) else bad end;
      select count(*), max((e ->> 'quantity')::integer) into found_n, found_q
      from jsonb_array_elements(ds) e where e ->> 'item' = item and e ->> 'reason' = reason;
      if expected > 0 and found_n = 0 then
        perform public.cmd_reject('validation',
          'handover.recordDiscrepancy', public.handover_discrepancy_params(item, reason, expected));
      end if;
      if expected = 0 and found_n > 0 then
        perform public.cmd_reject('validation',
          'handover.noDiscrepancy', public.handover_discrepancy_params(item, reason, null));
      end if;
      if found_n > 1 or (found_n = 1 and found_q <> expected) then
        perform public.cmd_reject('validation',
          'handover.discrepancyMustBe', public.handover_discrepancy_params(item, reason, expected));
      end if;
    end loop;
  end loop;

  return jsonb_build_object(
    'id', v_id, 'smartboard_sent', s.smartboard_quantity, 'bracket_sent', s.bracket_quantity,
    'smartboard_received', tv_in, 'bracket_received', br_in, 'smartboard_damaged', tv_bad, 'bracket_damaged', br_bad,
    'receiver_name', v_receiver, 'driver_name', v_driver,
    'receiver_signature_id', sig_receiver, 'driver_signature_id', sig_driver, 'signed_at', v_signed,
    'tv_serials', tally,
    'discrepancies', (select coalesce(jsonb_agg(e || jsonb_build_object('serials',
                        public.cmd_serials_named(tally, e ->> 'item', e ->> 'reason')) order by k), '[]'::jsonb)
                      from jsonb_array_elements(ds) with ordinality x (e, k)));
end;
$$;

revoke execute on function public.handover_receipt(jsonb, public.shipments) from public, anon, authenticated;

-- Writes a checked receipt and its discrepancies (with the serials each names) for the
-- shipment; returns their undo images (rows the command made: undo_command tombstones them
-- with the stock rows).
create or replace function public.handover_store_receipt(ctx public.command_context, s public.shipments,
                                                         p_warehouse_id uuid, r jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  d jsonb;
  imgs jsonb;
begin
  perform public.cmd_require_new_id('shipment_receipts', (r ->> 'id')::uuid);
  insert into public.shipment_receipts (
    id, shipment_id, warehouse_id, smartboard_sent, bracket_sent, smartboard_received, bracket_received,
    smartboard_damaged, bracket_damaged, receiver_name, driver_name, receiver_signature_id, driver_signature_id,
    signed_at, counted_by, received_at)
  values ((r ->> 'id')::uuid, s.id, p_warehouse_id, (r ->> 'smartboard_sent')::integer,
          (r ->> 'bracket_sent')::integer, (r ->> 'smartboard_received')::integer,
          (r ->> 'bracket_received')::integer, (r ->> 'smartboard_damaged')::integer,
          (r ->> 'bracket_damaged')::integer, r ->> 'receiver_name', r ->> 'driver_name',
          (r ->> 'receiver_signature_id')::uuid, (r ->> 'driver_signature_id')::uuid,
          (r ->> 'signed_at')::timestamptz, ctx.user_id, ctx.received_at);
  imgs := jsonb_build_array(public.undo_img('shipment_receipts', (r ->> 'id')::uuid, null));
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    perform public.cmd_require_new_id('discrepancies', (d ->> 'id')::uuid);
    insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, note, photo_ids,
                                      origin_hub_id, destination_hub_id, reported_by, reported_at, serials)
    values ((d ->> 'id')::uuid, s.id, (r ->> 'id')::uuid, d ->> 'item', d ->> 'reason',
            (d ->> 'quantity')::integer, d ->> 'note',
            array(select jsonb_array_elements_text(d -> 'photo_ids'))::uuid[],
            s.origin_hub_id, s.destination_hub_id, ctx.user_id, ctx.received_at,
            array(select jsonb_array_elements_text(d -> 'serials')));
    imgs := imgs || public.undo_img('discrepancies', (d ->> 'id')::uuid, null);
  end loop;
  return imgs;
end;
$$;

revoke execute on function public.handover_store_receipt(public.command_context, public.shipments, uuid, jsonb) from public, anon, authenticated;

-- functions/cmd_arrival.sql
-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id, receipt}: sedang_bongkar -> selesai
create or replace function public.cmd_complete_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_notes text := public.cmd_opt_text(p, 'notes');
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'invalidCommand');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'invalidCommand');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  counted public.shipments;
  imgs jsonb := '[]';
begin
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'handover.receiptRequired');
  end if;
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['complete_unloading', 'pod_complete'],
                                         'unloadingAlreadyFinished', s.status);
    end if;
    perform public.cmd_reject('precondition', 'unloadingNotStarted');
  end if;
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_first_warehouse(s.destination_hub_id);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'hubWarehouseMissing');
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai', selesai_bongkar = true, notes = v_notes, unloading_finished_at = ctx.issued_at
   where id = s.id;
  counted := public.handover_counted(s, r);
  perform public.cmd_book_unloaded(ctx, counted, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
    -- Issue 42: by serial, the units too (cmd_serials_receipt.sql), at the destination hub.
    imgs := imgs || public.cmd_serials_receive(ctx, s, s.destination_hub_id, r -> 'tv_serials');
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

revoke execute on function public.cmd_complete_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- functions/cmd_pod.sql
-- pod_complete {shipment_id, smartboard_inventory_id, bracket_inventory_id, receipt}
create or replace function public.cmd_pod_complete(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'invalidCommand');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'invalidCommand');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  imgs jsonb := '[]';
begin
  perform public.cmd_require_pod(ctx, v_city);
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'handover.receiptRequired');
  end if;
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_complete', 'complete_unloading'],
                                         'unloadingAlreadyFinished', s.status);
    end if;
    perform public.cmd_reject('precondition', 'unloadingNotStarted');
  end if;
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_city_warehouse(v_city);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'warehouseNotFoundForCity', jsonb_build_object('city', v_city));
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai_pod', selesai_bongkar = true, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, public.handover_counted(s, r), wh.id,
                                   v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
    -- Issue 42: by serial, the units too (cmd_serials_receipt.sql), at the POD hub it was sent to.
    imgs := imgs || public.cmd_serials_receive(ctx, s, s.destination_hub_id, r -> 'tv_serials');
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

revoke execute on function public.cmd_pod_complete(public.command_context, jsonb) from public, anon, authenticated;

-- functions/cmd_undo.sql
-- A receipt's units (images of tv_units), locked in serial order and each as the command
-- left it; refused like any row that moved on.
create or replace function public.undo_units_check(p_images jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  moved jsonb;
begin
  perform 1 from public.tv_units t
  where t.id in (select (e ->> 'id')::uuid from jsonb_array_elements(p_images) e where e ->> 't' = 'tv_units')
  order by t.serial for update;
  select public.undo_moved_on('tv_units', to_jsonb(t)) into moved
  from jsonb_array_elements(p_images) e
  left join public.tv_units t on t.id = (e ->> 'id')::uuid
  where e ->> 't' = 'tv_units'
    and (t.id is null or public.undo_norm('tv_units', to_jsonb(t)) is distinct from public.undo_norm('tv_units', e -> 'after'))
  limit 1;
  if moved is not null then
    perform public.cmd_reject('conflict', moved ->> 'key', moved -> 'params');
  end if;
end;
$$;

revoke execute on function public.undo_units_check(jsonb) from public, anon, authenticated;

-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'undoNotFound');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  moved jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'undoNotFound');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'undoOnlyActor');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'forbiddenHub');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'undoAlreadyDone');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it
  -- (a receipt's TV units, up to 500: below, in one statement each).
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    continue when tbl = 'tv_units';
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      moved := public.undo_moved_on(tbl, cur);
      perform public.cmd_reject('conflict', moved ->> 'key', moved -> 'params');
    end if;
  end loop;
  perform public.undo_units_check(rec.images);
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    continue when tbl = 'tv_units';
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
    perform public.cmd_reject('conflict', 'undoStockUsed');
  end if;
  -- Issue 42: a receipt's units back on the shipment as they were, and an 'undone' event each.
  update public.tv_units t set state = b.state, hub_id = b.hub_id, shipment_id = b.shipment_id
  from (select (jsonb_populate_record(null::public.tv_units, x.value -> 'before')).*
        from jsonb_array_elements(rec.images) x where x.value ->> 't' = 'tv_units') b
  where t.id = b.id;
  perform public.cmd_serials_undone(ctx, target);
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

revoke execute on function public.cmd_undo_command(public.command_context, jsonb) from public, anon, authenticated;

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
    when 'shipment_receipts' then select to_jsonb(t) into r from public.shipment_receipts t where t.id = p_id;
    when 'discrepancies' then select to_jsonb(t) into r from public.discrepancies t where t.id = p_id;
    when 'tv_units' then select to_jsonb(t) into r from public.tv_units t where t.id = p_id;
  end case;
  return r;
end;
$$;

revoke execute on function public.undo_row(text, uuid) from public, anon, authenticated;

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
    when 'shipment_receipts' then to_jsonb(jsonb_populate_record(null::public.shipment_receipts, p))
    when 'discrepancies' then to_jsonb(jsonb_populate_record(null::public.discrepancies, p))
    when 'tv_units' then to_jsonb(jsonb_populate_record(null::public.tv_units, p))
  end - 'updated_at' - 'change_xid'
$$;

revoke execute on function public.undo_norm(text, jsonb) from public, anon, authenticated;

-- functions/working_set.sql
-- The rows of the set, as a FROM fragment with alias t, for the functions below: $1 is the
-- cutoff, $2 its Jakarta date. Only the tables whose history grows are filtered.
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
    -- two disjoint parts.
    when 'tv_units' then
      '(select u.* from public.tv_units u where u.state in (''in_stock'', ''in_transit'') union all '
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

-- functions/cmd_payload.sql
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
    when 'attach_correction' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true,"replaces":true}'::jsonb
    else null::jsonb
  end
$$;

revoke execute on function public.cmd_payload_shape(text) from public, anon, authenticated;

-- data/app_messages.sql (npm run messages:sql): the new key.
insert into public.app_messages (key, text) values
  ('serial.damagedMismatch', 'Jumlah TV rusak ({{quantity}}) harus sama dengan nomor seri yang ditandai rusak ({{count}}).');
