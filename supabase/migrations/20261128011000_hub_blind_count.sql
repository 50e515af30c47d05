-- Issue 41: blind counting per hub. An admin decides, on the Hubs screen, that a hub counts
-- blind: its Selesai Bongkar (or POD completion) receipt opens with empty counts, so the worker
-- enters what is there and sees the difference to the sent count only after (the device's
-- form: src/components/counted-receipt). The server already insists on the counts of every
-- receipt (20261128002200_receipt_required.sql); this only adds the hub's setting.
--   hubs.blind_count  boolean, false by default (every hub counts as before), replicated to
--                     devices with the hub's row (pull_changes sends whole rows);
--   edit_hub          changes gain blind_count (a JSON boolean), admin only as every hub edit.
-- Replaced here (create or replace; appended migrations are never edited):
--   cmd_edit_hub, first defined in 20261126001300_cmd_master_data.sql, with the blind_count change;
--   cmd_payload_shape, first defined in 20261128002000_commands_keep_known_fields.sql and
--   moved from 20261128002400_attach_correction_fields.sql, whose edit_hub
--   line gains blind_count (cmd_payload_keys is unchanged: edit_hub keeps hub_id and changes).
-- Device twin: sync/commands/master-data.ts (editHub).

alter table public.hubs add column blind_count boolean not null default false;
comment on column public.hubs.blind_count is
  'Issue 41: the hub counts blind: its receipt opens with empty counts (the sent counts are shown only after the worker has entered what arrived). Set by edit_hub (admin).';

-- edit_hub {hub_id, changes: {name?, city?, blind_count?}}: admin only ----------------------
create or replace function public.cmd_edit_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  c jsonb;
  v_name text;
  v_blind boolean;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'Hub tidak ditemukan.');
  c := public.cmd_changes(p);
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'Hub name is required');
  end if;
  if c ? 'blind_count' then
    if jsonb_typeof(c -> 'blind_count') <> 'boolean' then
      perform public.cmd_reject('validation', 'Perintah tidak valid.');
    end if;
    v_blind := (c ->> 'blind_count')::boolean;
  end if;
  perform 1 from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tidak ditemukan.');
  end if;
  begin
    update public.hubs
       set name = coalesce(v_name, name),
           city = case when c ? 'city' then public.cmd_opt_text(c, 'city') else city end,
           blind_count = coalesce(v_blind, blind_count)
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Hub "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

-- The payload shapes (issue 40 keeps only known fields): edit_hub's changes gain blind_count.
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
    when 'edit_hub' then '{"hub_id":true,"changes":{"name":true,"city":true,"blind_count":true}}'::jsonb
    when 'delete_hub' then '{"hub_id":true}'::jsonb
    when 'set_warehouse_capacity' then '{"warehouse_id":true,"capacity":true}'::jsonb
    when 'undo_command' then '{"command_id":true,"hub_id":true,"shipment_id":true,"rows":[{"table":true,"id":true,"before":true,"after":true}]}'::jsonb
    when 'correct_shipment_counts' then '{"shipment_id":true,"smartboard_quantity":true,"bracket_quantity":true,"reason":true}'::jsonb
    when 'void_shipment' then '{"shipment_id":true,"reason":true}'::jsonb
    when 'resolve_discrepancy' then '{"discrepancy_id":true,"note":true}'::jsonb
    when 'attach_document' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true}'::jsonb
    when 'attach_correction' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true,"replaces":true}'::jsonb
    else null::jsonb
  end
$$;
