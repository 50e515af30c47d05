-- The POD flow (spec 2.10, 4.2, 8.5): otw_{city} -> Confirm Tiba -> confirm_tiba
-- -> Mulai Bongkar -> sedang_bongkar -> Selesai Bongkar -> selesai_pod.
-- Allowed: admin, tower_control, and a hub user of a POD hub of the shipment's
-- city. First writer wins as at the hubs (cmd_arrival.sql).
-- Device twins: sync/commands/pod.ts.

-- The POD city of a shipment: from its otw_ status while on the way, from its
-- destination hub after arrival (spec 4.2: the Confirm Tiba and Sedang Bongkar
-- tabs take it from the destination hub).
create or replace function public.cmd_pod_city(s public.shipments)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when left(s.status, 4) = 'otw_' then public.pod_city_from_status(s.status)
    else (select public.pod_city_of_hub(h.name, h.city) from public.hubs h where h.id = s.destination_hub_id)
  end
$$;

revoke execute on function public.cmd_pod_city(public.shipments) from public, anon, authenticated;

create or replace function public.cmd_require_pod(ctx public.command_context, p_city text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and public.dm_slug(p_city) is not null and exists (
       select 1 from public.hubs h
       where h.id = ctx.hub_id and not h.deleted
         and public.hub_kind(h.name, h.type) = 'pod'
         and public.dm_slug(public.pod_city_of_hub(h.name, h.city)) = public.dm_slug(p_city)) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenPod');
end;
$$;

revoke execute on function public.cmd_require_pod(public.command_context, text) from public, anon, authenticated;

-- pod_confirm_arrival {shipment_id}
create or replace function public.cmd_pod_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
  who jsonb;
  target public.hubs;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if left(s.status, 4) <> 'otw_' then
    -- A second tablet was late: name the first. Anything else is the spec's message.
    who := public.cmd_who_when(s.id, array['pod_confirm_arrival', 'confirm_arrival']);
    if who is not null and s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject('conflict', 'conflictBy',
        who || jsonb_build_object('what', jsonb_build_object('key', 'arrivalAlreadyConfirmed')));
    end if;
    perform public.cmd_reject('precondition', 'invalidStatusFormat');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
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

revoke execute on function public.cmd_pod_confirm_arrival(public.command_context, jsonb) from public, anon, authenticated;

-- pod_start_unloading {shipment_id}
create or replace function public.cmd_pod_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
  end if;
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_start_unloading', 'start_unloading'],
                                         'unloadingAlreadyStarted', s.status);
    end if;
    perform public.cmd_reject('precondition', 'arrivalNotConfirmed');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

revoke execute on function public.cmd_pod_start_unloading(public.command_context, jsonb) from public, anon, authenticated;

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
