-- Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar,
-- Selesai Bongkar at Cikarang, PolJak or PolSub. Each transition is
-- first-writer-wins: the precondition is checked under the shipment's row lock,
-- and a second tablet's late command is refused with code 'conflict' and a
-- message naming who did it first and when (from public.commands).
-- Lock order everywhere: the shipment, then its vehicle.
-- Device twins: sync/commands/arrival.ts.

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
    perform public.cmd_reject('precondition', 'Pengiriman ini tidak menuju hub ini.');
  end if;
  select * into dest from public.hubs where id = s.destination_hub_id;
  if public.hub_kind(dest.name, dest.type) = 'pod' then
    perform public.cmd_reject('precondition', 'Pengiriman ke POD diproses di halaman POD.');
  end if;
  return s;
end;
$$;

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba -------------------------
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'Kedatangan sudah dikonfirmasi', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Pengiriman ini tidak sedang dalam perjalanan.');
  end if;
  update public.shipments
     set status = 'confirm_tiba', arrival_gdt = ctx.issued_at, current_hub_id = s.destination_hub_id
   where id = s.id;
  -- Spec 4.2: the vehicle is now at the destination.
  update public.vehicles set current_hub_id = s.destination_hub_id where id = s.vehicle_id;
  return s.id;
end;
$$;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar ------------------
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
  return s.id;
end;
$$;

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

-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id}: sedang_bongkar -> selesai ----------------------------------------
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

  update public.shipments
     set status = 'selesai', selesai_bongkar = true, notes = v_notes, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, s, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  return s.id;
end;
$$;

revoke execute on function
  public.cmd_lock_arriving_shipment(public.command_context, uuid, uuid),
  public.cmd_book_unloaded(public.command_context, public.shipments, uuid, uuid, uuid),
  public.cmd_confirm_arrival(public.command_context, jsonb),
  public.cmd_start_unloading(public.command_context, jsonb),
  public.cmd_complete_unloading(public.command_context, jsonb)
  from public, anon, authenticated;
