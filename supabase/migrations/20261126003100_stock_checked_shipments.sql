-- Issue 29: stock-aware shipping forms, and corrections of a shipment sent by
-- mistake. Device twins: sync/commands/shipping.ts (the forms) and
-- sync/commands/shipment-correction.ts (correct_shipment_counts, void_shipment).
--
-- * A shipment takes no more than its origin warehouse (the hub's first, where
--   its negative stock row goes) holds: the warehouse row is locked first
--   (cmd_require_stock), so two commands from the same hub cannot both pass on
--   the same stock; every command that takes stock out takes that lock.
-- * Quantities are whole numbers: a fraction is refused with its own message
--   instead of being cut.
-- * A batch number is used by one live shipment (a voided one frees it); an
--   advisory lock on the number serialises two commands naming it.
-- * Tower control and admin may correct the counts of a shipment still on its
--   way (status otw_*, not yet received), or void it, with a reason. A
--   correction rewrites the shipment's counts and its stock row; a void sets the
--   status 'dibatalkan' and selesai_bongkar (nothing is in transit any more, spec
--   4.2), removes its stock row (the stock returns) and frees the vehicle. The
--   reason stays in the command's payload: the audit trail and the shipment's
--   history (shipment_history, moved here, now also returns the payload).
-- Moved here from 20261126001000_cmd_shipping.sql: cmd_create_shipment_darat,
-- cmd_create_sea_shipment, cmd_create_shipment_poljak, cmd_create_shipment_polsub;
-- from 20261126001600_audit_trail.sql: shipment_history. The four shipping functions have
-- since moved on to 20261128004000_shipments_not_empty.sql (issue 41).

-- A form's quantity: a number, whole (else 'Jumlah harus bilangan bulat.'), in
-- [0, 1000000] (else the form's own message).
create or replace function public.cmd_shipment_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number' then
    perform public.cmd_reject('validation', p_message);
  end if;
  if (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric) then
    perform public.cmd_reject('validation', 'Jumlah harus bilangan bulat.');
  end if;
  if (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

-- Locks the warehouse row (every command taking stock out of it takes this
-- lock first, so the second of two waits and then sees what the first took),
-- then refuses taking more than it holds (a stock below zero counts as none,
-- spec 9). The message names the first item short.
create or replace function public.cmd_require_stock(p_warehouse_id uuid, p_smartboards integer, p_brackets integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  wh public.warehouses;
  have_tv bigint;
  have_br bigint;
begin
  select * into wh from public.warehouses where id = p_warehouse_id for update;
  if not found then
    perform public.cmd_reject('precondition', 'Gudang hub asal tidak ditemukan.');
  end if;
  -- The balance as this transaction sees it (20261126003400_stock_balances.sql): the
  -- sum of the warehouse's live ledger rows, earlier commands of this call included.
  select greatest(h.smartboard_quantity, 0), greatest(h.bracket_quantity, 0)
    into have_tv, have_br
  from public.stock_on_hand(p_warehouse_id) h;
  if p_smartboards > have_tv then
    perform public.cmd_reject('precondition',
      format('Stok Smartboard di %s tidak cukup: tersedia %s, diminta %s.', wh.name, have_tv, p_smartboards));
  end if;
  if p_brackets > have_br then
    perform public.cmd_reject('precondition',
      format('Stok Bracket di %s tidak cukup: tersedia %s, diminta %s.', wh.name, have_br, p_brackets));
  end if;
end;
$$;

-- A batch number names one live shipment; a voided one ('dibatalkan') no longer
-- holds it. The advisory lock makes a second command naming it wait for the first.
create or replace function public.cmd_require_unused_batch(p_batch text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('shipment-batch:' || p_batch, 0));
  if exists (select 1 from public.shipments s
             where s.batch_number = p_batch and not s.deleted and s.status <> 'dibatalkan') then
    perform public.cmd_reject('conflict', format('Nomor batch %s sudah dipakai pengiriman lain.', p_batch));
  end if;
end;
$$;

-- create_shipment_darat: cmd_create_shipment_darat moved to 20261128004000_shipments_not_empty.sql (issue 41).

-- The PolJak and PolSub forms: cmd_create_sea_shipment, cmd_create_shipment_poljak and
-- cmd_create_shipment_polsub moved to 20261128004000_shipments_not_empty.sql (issue 41).

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
  v_id := public.cmd_uuid(p, 'shipment_id', 'Shipment not found');
  perform public.cmd_req_text(p, 'reason', 'Alasan harus diisi.');
  s := public.cmd_lock_shipment(v_id);
  if s.selesai_bongkar or s.status not like 'otw\_%' then
    perform public.cmd_reject('precondition',
      'Pengiriman ini sudah diterima atau dibatalkan; jumlahnya tidak dapat diubah lagi.');
  end if;
  return s;
end;
$$;

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
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'Must be 0 or greater');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'Must be 0 or greater');
  s := public.cmd_lock_correctable_shipment(p, ctx);
  if v_smartboards = s.smartboard_quantity and v_brackets = s.bracket_quantity then
    perform public.cmd_reject('precondition', 'Jumlah baru sama dengan jumlah yang tercatat.');
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
  return s.id;
end;
$$;

-- Moved from 20261126001600_audit_trail.sql: the payload too, so the history
-- shows a correction's new counts and its reason.
drop function if exists public.shipment_history(uuid);
create function public.shipment_history(p_shipment_id uuid)
returns table (
  seq bigint,
  type text,
  actor_email text,
  actor_name text,
  issued_at timestamptz,
  received_at timestamptz,
  outcome text,
  message text,
  payload jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_staff();
  return query
  select c.seq, c.type, c.actor_email, p.full_name, c.issued_at, c.received_at, c.outcome, c.message, c.payload
  from public.commands c
  left join public.profiles p on p.user_id = c.actor_id
  where c.entity_id = p_shipment_id or c.payload ->> 'shipment_id' = p_shipment_id::text
  order by c.seq;
end;
$$;
comment on function public.shipment_history(uuid) is
  'Admin and tower control only: every command on one shipment (applied and rejected), in the order the server received them, with its payload.';
revoke execute on function public.shipment_history(uuid) from public, anon;
grant execute on function public.shipment_history(uuid) to authenticated;

revoke execute on function
  public.cmd_shipment_quantity(jsonb, text, text),
  public.cmd_require_stock(uuid, integer, integer),
  public.cmd_require_unused_batch(text),
  public.cmd_lock_correctable_shipment(jsonb, public.command_context),
  public.cmd_correct_shipment_counts(public.command_context, jsonb),
  public.cmd_void_shipment(public.command_context, jsonb)
  from public, anon, authenticated;
