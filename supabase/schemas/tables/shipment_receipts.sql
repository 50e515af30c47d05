-- Issue 28: the handover's evidence. Three tables of a shipment, each written
-- only by commands (functions/cmd_handover.sql, cmd_arrival.sql, cmd_pod.sql), read under RLS:
--   shipment_documents  one row per stored file (surat jalan, BAST, signatures,
--                       discrepancy photos), by attach_document once the object
--                       is in the bucket: no row points at a missing file;
--   shipment_receipts   the counted receipt, at most one live one per shipment,
--                       by complete_unloading / pod_complete with a receipt;
--   discrepancies       each difference of that count (kurang, lebih, rusak),
--                       in the same transaction; resolve_discrepancy closes one.
-- Who reads them (RLS and so the pull): admin and tower control every row; a hub
-- user the rows of shipments leaving from or going to its hubs (my_hub_ids: a POD
-- user's hubs are every POD hub of its city) or currently at one, as shipments.
--
-- Devices replicate shipment_documents and discrepancies (collections of the same
-- name). shipment_receipts is not replicated: RxDB's open-core build allows 13
-- collections per JavaScript context, the device had 11, and a 14th waits 1.8 s at
-- every start (a 15th fails). A device that counts has its receipt in hand (the
-- BAST is made from it); others read it online (RLS below). Its rows carry the
-- replicated columns all the same, so it can join replication without a migration
-- of its rows.
create table public.shipment_receipts (
  id uuid primary key,
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  warehouse_id uuid not null references public.warehouses (id) on delete restrict,
  smartboard_sent integer not null check (smartboard_sent >= 0),
  bracket_sent integer not null check (bracket_sent >= 0),
  smartboard_received integer not null check (smartboard_received between 0 and 100000),
  bracket_received integer not null check (bracket_received between 0 and 100000),
  smartboard_damaged integer not null check (smartboard_damaged between 0 and 100000),
  bracket_damaged integer not null check (bracket_damaged between 0 and 100000),
  receiver_name text not null check (char_length(receiver_name) between 1 and 100),
  driver_name text not null check (char_length(driver_name) between 1 and 100),
  receiver_signature_id uuid not null,
  driver_signature_id uuid not null,
  signed_at timestamptz not null,
  counted_by uuid not null,
  received_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  constraint shipment_receipts_damaged_within_received
    check (smartboard_damaged <= smartboard_received and bracket_damaged <= bracket_received)
);

-- One live receipt per shipment (an undone completion leaves a tombstone; the recount is new).
create unique index shipment_receipts_one_per_shipment on public.shipment_receipts (shipment_id) where not deleted;

create index shipment_receipts_pull_idx on public.shipment_receipts (change_xid, id);

-- Perlu perhatian (evidence_awaited): the receipts of the last days, whatever the history.
create index shipment_receipts_received_idx on public.shipment_receipts (received_at) where not deleted;

comment on table public.shipment_receipts is
  'Issue 28: the counted receipt of a shipment (what arrived against what was sent), with both signatures'' document ids. Written by complete_unloading / pod_complete with a receipt.';

comment on column public.shipment_receipts.received_at is 'Server time the receipt was stored (the BAST''s receipt time).';

comment on column public.shipment_receipts.signed_at is 'Device time the receiver and the driver signed.';

-- Reads only, for signed-in users, under RLS; the commands write (security definer apply_commands).
alter table public.shipment_receipts enable row level security;
