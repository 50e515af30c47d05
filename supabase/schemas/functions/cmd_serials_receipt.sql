-- Issue 42: the receipt by serial, server side (the contract: docs/sync.md, "TVs by serial
-- number"). Device twins: checkReceipt / the completions' predictions in
-- sync/commands/handover-receipt.ts and tallySerials in sync/domain/serials.ts.
--
-- * A shipment is received by serial when units are on it (tv_units in_transit with its
--   shipment_id: its "loaded" serials); otherwise by count, as before, and a non-empty
--   receipt.tv_serials is refused (invalidCommand).
-- * receipt.tv_serials {received: string[], damaged: string[]} (absent or null: not scanned;
--   each list absent or null: empty) is read with the receipt's fields (cmd_serials_scan) and
--   checked after the receipt's own rules, before its discrepancies (cmd_serials_tally), in
--   order: not scanned (serial.scanRequired), a list over 500 (serial.tooMany {max}), each
--   received serial in order (serial.invalid {serial}, serial.alreadyScanned {serial}), each
--   damaged one in order (serial.invalid, serial.alreadyScanned, serial.damagedNotReceived
--   {serial}), TVs received unlike the serials scanned (serial.receivedMismatch {quantity,
--   count}), TVs damaged unlike the serials marked (serial.damagedMismatch {quantity, count}).
-- * The tally: missing = loaded and not received (serial order, code point by code point: the
--   loaded list is the units in that order on both sides), unexpected = received and not loaded (scan order), damaged = marked (scan
--   order). The TV discrepancies then must be kurang = missing, lebih = unexpected, rusak =
--   damaged (their quantities), and each names its serials (discrepancies.serials).
-- * The completion moves the loaded units (cmd_serials_receive), locked in serial order:
--   arrived in good order -> in_stock at the destination hub ('received'); arrived damaged ->
--   damaged at the destination hub, still naming the shipment ('damaged'); not arrived ->
--   missing, at no hub, naming the shipment ('missing'). A known unit that arrived unexpected
--   is not moved ('unexpected' event, at the destination, this shipment); an unknown serial is
--   only in the discrepancy. At a POD (pod_complete) Dermaga's custody ends: a unit arrived in
--   good order is 'delivered' at the POD hub, still naming the shipment ('delivered' event), so
--   it leaves the working set with its shipment (working_set.sql) instead of staying in stock.
--   The moved units' images go with the completion's undo images, so undo_command puts them
--   back in_transit on the shipment (cmd_undo.sql) and appends an 'undone' event to each unit
--   the completion wrote an event for.

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

-- The completion's unit moves and events at p_hub_id (the destination hub); p_delivered: a POD's
-- receipt (pod_complete), the units arrived whole are delivered there, not in stock. Answers the
-- moved units' undo images [{t, id, before, after}] in serial order (empty by count).
create or replace function public.cmd_serials_receive(ctx public.command_context, s public.shipments, p_hub_id uuid,
                                                      tally jsonb, p_delivered boolean)
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
                        when t.serial = any (bad) then 'damaged'
                        when p_delivered then 'delivered' else 'in_stock' end,
           hub_id = case when t.serial = any (got) then p_hub_id end,
           shipment_id = case when t.serial = any (got) and not (t.serial = any (bad)) and not p_delivered then null
                              else s.id end
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

revoke execute on function public.cmd_serials_receive(public.command_context, public.shipments, uuid, jsonb, boolean) from public, anon, authenticated;

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
