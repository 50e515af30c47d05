-- Issue 40, "the receipt is required": complete_unloading and pod_complete (moved here from
-- 20261126004020_handover_commands.sql) refuse an unloading completion without its counted
-- receipt: the counts, both names and both signatures (public.handover_receipt checks each,
-- with the form's words, sync/messages-handover.ts). A command without a receipt at all (queued
-- by an app from before issue 28, or sent by any client straight to apply_commands) is refused
-- with code 'validation' and the words the device's schema uses (HANDOVER_MESSAGES.receiptRequired):
-- the tablet shows it among its rejected actions as "count again", and the shipment stays
-- sedang_bongkar, so the receipt can be counted and sent. Nothing is booked without a count.

-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id, receipt}: sedang_bongkar -> selesai
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
  vehicle jsonb;
  r jsonb;
  counted public.shipments;
  imgs jsonb := '[]';
begin
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'Hitung ulang: jumlah diterima serta nama dan tanda tangan penerima dan sopir wajib diisi');
  end if;
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
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_first_warehouse(s.destination_hub_id);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'Gudang hub ini tidak ditemukan.');
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
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

-- pod_complete {shipment_id, smartboard_inventory_id, bracket_inventory_id, receipt}
create or replace function public.cmd_pod_complete(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'Perintah tidak valid.');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'Perintah tidak valid.');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  imgs jsonb := '[]';
begin
  perform public.cmd_require_pod(ctx, v_city);
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'Hitung ulang: jumlah diterima serta nama dan tanda tangan penerima dan sopir wajib diisi');
  end if;
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_complete', 'complete_unloading'],
                                         'Bongkar sudah diselesaikan', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Bongkar pengiriman ini belum dimulai.');
  end if;
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_city_warehouse(v_city);
  if wh.id is null then
    perform public.cmd_reject('precondition', format('Warehouse tidak ditemukan untuk kota %s', v_city));
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
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;
