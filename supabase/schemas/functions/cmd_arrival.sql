-- Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar,
-- Selesai Bongkar at Cikarang, PolJak or PolSub. Each transition is
-- first-writer-wins: the precondition is checked under the shipment's row lock,
-- and a second tablet's late command is refused with code 'conflict' and a
-- message naming who did it first and when (from public.commands).
-- Lock order everywhere: the shipment, then its vehicle.
-- Each ends with undo_keep_images (cmd_undo.sql). Device twin: sync/commands/arrival.ts.

-- The shipment bound for this hub, locked; the actor must act for its destination.
-- (Not named like a command: its arguments are not (command_context, jsonb).)
create or replace function public.cmd_lock_arriving_shipment(ctx public.command_context, p_hub_id uuid, p_shipment_id uuid)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(p_shipment_id);
  dest public.hubs;
begin
  -- Who may act is decided by where the shipment goes, whatever hub the payload names.
  perform public.cmd_require_hub(ctx, s.destination_hub_id);
  if s.destination_hub_id <> p_hub_id then
    perform public.cmd_reject('precondition', 'shipmentNotForHub');
  end if;
  select * into dest from public.hubs where id = s.destination_hub_id;
  if public.hub_kind(dest.name, dest.type) = 'pod' then
    perform public.cmd_reject('precondition', 'podShipmentElsewhere');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_arriving_shipment(public.command_context, uuid, uuid) from public, anon, authenticated;

-- What completing an unloading books, at a hub and at a POD: spec 7.2's
-- inventory rows at the warehouse (one per item type, each only when above
-- zero, dated by the device's day in Jakarta), and spec 4.2's vehicle free
-- again where it unloaded (at a POD too: otherwise it could never be queued again).
create or replace function public.cmd_book_unloaded(
  ctx public.command_context, s public.shipments, p_warehouse_id uuid,
  p_smartboard_inventory_id uuid, p_bracket_inventory_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if s.smartboard_quantity > 0 then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (p_smartboard_inventory_id, p_warehouse_id, public.dm_jakarta_date(ctx.issued_at),
            s.smartboard_quantity, 0, s.batch_number, s.id);
  end if;
  if s.bracket_quantity > 0 then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (p_bracket_inventory_id, p_warehouse_id, public.dm_jakarta_date(ctx.issued_at),
            0, s.bracket_quantity, s.batch_number, s.id);
  end if;
  update public.vehicles set ready = true, siap_muat = false, sedang_muat = false where id = s.vehicle_id;
end;
$$;

revoke execute on function public.cmd_book_unloaded(public.command_context, public.shipments, uuid, uuid, uuid) from public, anon, authenticated;

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  vehicle jsonb;
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'arrivalAlreadyConfirmed', s.status);
    end if;
    perform public.cmd_reject('precondition', 'notInTransit');
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

revoke execute on function public.cmd_confirm_arrival(public.command_context, jsonb) from public, anon, authenticated;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar
create or replace function public.cmd_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
begin
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['start_unloading', 'pod_start_unloading'],
                                         'unloadingAlreadyStarted', s.status);
    end if;
    perform public.cmd_reject('precondition', 'arrivalNotConfirmed');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

revoke execute on function public.cmd_start_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 40, "the receipt is required": complete_unloading (and pod_complete, cmd_pod.sql)
-- refuse an unloading completion without its counted
-- receipt: the counts, both names and both signatures (public.handover_receipt checks each,
-- with the form's words, sync/messages-handover.ts). A command without a receipt at all (queued
-- by an app from before issue 28, or sent by any client straight to apply_commands) is refused
-- with code 'validation' and the words the device's schema uses (HANDOVER_MESSAGES.receiptRequired):
-- the tablet shows it among its rejected actions as "count again", and the shipment stays
-- sedang_bongkar, so the receipt can be counted and sent. Nothing is booked without a count.
-- With the receipt (issue 28; cmd_handover.sql), the stock booked at the receiving warehouse
-- is received - damaged per item, and the receipt and its discrepancies are written in the
-- same transaction.

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
