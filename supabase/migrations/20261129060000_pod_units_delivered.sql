-- Issue 42 follow-up: Dermaga's custody of a TV ends at the POD. pod_complete by serial now puts
-- a unit that arrived in good order in the new state 'delivered' (at the POD hub, still naming
-- the shipment it came on; event kind 'delivered') instead of in the POD's stock, so it stays on
-- the devices exactly while its shipment is in the working set (working_set.sql's "units of a
-- shipment of the set") instead of in every set that reads the POD's stock for ever. Damaged
-- and missing units, the stock booked, complete_unloading (in stock at the destination) and the
-- undo (back in transit, an 'undone' event) are as before. The current definitions are in
-- supabase/schemas: tables/tv_units.sql, tables/tv_unit_events.sql,
-- functions/cmd_serials_receipt.sql (cmd_serials_receive takes p_delivered), cmd_arrival.sql and
-- cmd_pod.sql (their completions, re-created whole below).
-- cmd_complete_unloading and cmd_pod_complete were first defined in 20261128020000_baseline.sql,
-- cmd_serials_receive in 20261129040000_receipt_serials.sql.

-- tables/tv_units.sql
alter table public.tv_units drop constraint tv_units_state_known;

alter table public.tv_units
  add constraint tv_units_state_known check (state in ('in_stock', 'in_transit', 'missing', 'damaged', 'delivered'));

alter table public.tv_units drop constraint tv_units_place;

alter table public.tv_units
  add constraint tv_units_place check (
    (state <> 'in_stock' or (hub_id is not null and shipment_id is null))
    and (state <> 'in_transit' or (shipment_id is not null and hub_id is null))
    and (state <> 'damaged' or hub_id is not null)
    and (state <> 'delivered' or hub_id is not null));

comment on table public.tv_units is
  'Issue 42: a smartboard TV by its serial number and where it is now (in stock at a hub, on the way on a shipment, missing, damaged at a hub, or delivered to a POD: the end of Dermaga''s custody). Written by the commands only; its history is tv_unit_events.';

comment on column public.tv_units.state is
  'in_stock (at hub_id), in_transit (on the open shipment shipment_id), missing (not found at a receipt; shipment_id the last shipment, hub_id null), damaged (arrived damaged: at hub_id, the receiving hub; shipment_id the shipment it came on), delivered (received whole at a POD by pod_complete: at hub_id, the POD hub; shipment_id the shipment it came on; nothing leaves a POD).';

comment on column public.tv_units.hub_id is 'The hub holding the unit while in_stock or damaged, the POD hub it was delivered to; null otherwise.';

comment on column public.tv_units.shipment_id is
  'The open shipment carrying the unit while in_transit; the last shipment when missing, damaged or delivered; null in stock.';

-- tables/tv_unit_events.sql
alter table public.tv_unit_events drop constraint tv_unit_events_kind_known;

alter table public.tv_unit_events
  add constraint tv_unit_events_kind_known check (kind in ('registered', 'loaded', 'returned', 'received', 'damaged',
                                                           'missing', 'unexpected', 'undone', 'delivered'));

comment on table public.tv_unit_events is
  'Issue 42: the history of each TV unit (registered at a hub, loaded on a shipment, returned to stock by a void; at a receipt by serial received, damaged, missing or unexpected, or at a POD delivered; undone when that receipt was undone), written by the commands, never updated or deleted. Read through tv_unit_path.';

-- functions/cmd_serials_receipt.sql: cmd_serials_receive takes p_delivered (a new signature).
drop function public.cmd_serials_receive(public.command_context, public.shipments, uuid, jsonb);

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
    imgs := imgs || public.cmd_serials_receive(ctx, s, s.destination_hub_id, r -> 'tv_serials', false);
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
    -- Issue 42: by serial, the units too (cmd_serials_receipt.sql), at the POD hub it was sent to:
    -- the end of the line, those arrived whole are delivered (nothing leaves a POD).
    imgs := imgs || public.cmd_serials_receive(ctx, s, s.destination_hub_id, r -> 'tv_serials', true);
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
