-- correct_shipment_counts and void_shipment -----------------------------------
-- The shipment, locked, once the caller may correct it: tower control or admin,
-- a reason given, and the shipment still on its way (not received, not voided).
-- (Not (command_context, jsonb): only commands have that signature.)
create or replace function public.cmd_lock_correctable_shipment(p jsonb, ctx public.command_context)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  s public.shipments;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_id := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
  perform public.cmd_req_text(p, 'reason', 'reasonRequired');
  s := public.cmd_lock_shipment(v_id);
  if s.selesai_bongkar or s.status not like 'otw\_%' then
    perform public.cmd_reject('precondition',
      'shipmentNotCorrectable');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_correctable_shipment(jsonb, public.command_context) from public, anon, authenticated;

-- {shipment_id, smartboard_quantity, bracket_quantity, reason}
create or replace function public.cmd_correct_shipment_counts(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_smartboards integer;
  v_brackets integer;
  s public.shipments;
  row_ public.inventory;
  v_units integer;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'poljak.quantity');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'poljak.quantity');
  s := public.cmd_lock_correctable_shipment(p, ctx);
  if v_smartboards = s.smartboard_quantity and v_brackets = s.bracket_quantity then
    perform public.cmd_reject('precondition', 'correctionUnchanged');
  end if;
  -- Issue 42: a shipment carrying TVs by serial counts them by their serials.
  select count(*) into v_units from public.tv_units u where u.shipment_id = s.id and u.state = 'in_transit';
  if v_units > 0 and v_smartboards <> v_units then
    perform public.cmd_reject('validation', 'serial.countMismatch',
      jsonb_build_object('count', v_units, 'quantity', v_smartboards));
  end if;
  -- Its stock row: taking more out needs the stock (under the warehouse's lock).
  select * into row_ from public.inventory i
  where i.shipment_id = s.id and not i.deleted
  order by i.created_at, i.id
  limit 1;
  if found then
    perform public.cmd_require_stock(row_.warehouse_id,
      greatest(v_smartboards - s.smartboard_quantity, 0), greatest(v_brackets - s.bracket_quantity, 0));
    update public.inventory set smartboard_quantity = -v_smartboards, bracket_quantity = -v_brackets
     where id = row_.id;
  end if;
  update public.shipments set smartboard_quantity = v_smartboards, bracket_quantity = v_brackets
   where id = s.id;
  return s.id;
end;
$$;

revoke execute on function public.cmd_correct_shipment_counts(public.command_context, jsonb) from public, anon, authenticated;

-- {shipment_id, reason}
create or replace function public.cmd_void_shipment(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_correctable_shipment(p, ctx);
begin
  -- The stock returns: its stock row goes (a tombstone, like any soft delete).
  update public.inventory set deleted = true where shipment_id = s.id and not deleted;
  perform public.cmd_ensure_status('dibatalkan', 'Dibatalkan');
  update public.shipments set status = 'dibatalkan', selesai_bongkar = true where id = s.id;
  -- The vehicle did not leave after all: ready again (unless it was queued meanwhile).
  update public.vehicles set ready = true
   where id = s.vehicle_id and not deleted and is_active and not siap_muat and not sedang_muat;
  -- Issue 42: its TVs by serial are back in stock at the origin ('returned' events).
  perform public.cmd_serials_return(ctx, s.id, s.origin_hub_id);
  return s.id;
end;
$$;

revoke execute on function public.cmd_void_shipment(public.command_context, jsonb) from public, anon, authenticated;
