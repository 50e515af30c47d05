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

revoke execute on function
  public.cmd_lock_arriving_shipment(public.command_context, uuid, uuid),
  public.cmd_book_unloaded(public.command_context, public.shipments, uuid, uuid, uuid)
  from public, anon, authenticated;
