-- Issue 28: the handover's evidence. Three tables of a shipment, each written
-- only by commands (20261126004010_handover_commands.sql), read under RLS:
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
comment on table public.shipment_receipts is
  'Issue 28: the counted receipt of a shipment (what arrived against what was sent), with both signatures'' document ids. Written by complete_unloading / pod_complete with a receipt.';
comment on column public.shipment_receipts.received_at is 'Server time the receipt was stored (the BAST''s receipt time).';
comment on column public.shipment_receipts.signed_at is 'Device time the receiver and the driver signed.';

create table public.discrepancies (
  id uuid primary key,
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  receipt_id uuid not null references public.shipment_receipts (id) on delete cascade,
  item text not null check (item in ('smartboard', 'bracket')),
  reason text not null check (reason in ('kurang', 'lebih', 'rusak')),
  quantity integer not null check (quantity between 1 and 100000),
  note text check (char_length(note) <= 500),
  photo_ids uuid[] not null check (cardinality(photo_ids) between 1 and 10),
  -- Copied from the shipment: the read policy needs no join.
  origin_hub_id uuid not null,
  destination_hub_id uuid not null,
  reported_by uuid not null,
  reported_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'resolved')),
  resolved_by uuid,
  resolved_at timestamptz,
  resolution_note text check (char_length(resolution_note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  constraint discrepancies_resolved_whole
    check ((status = 'open') = (resolved_by is null and resolved_at is null and resolution_note is null))
);
create index discrepancies_pull_idx on public.discrepancies (change_xid, id);
create index discrepancies_shipment_idx on public.discrepancies (shipment_id);
create index discrepancies_open_idx on public.discrepancies (status) where status = 'open' and not deleted;
comment on table public.discrepancies is
  'Issue 28: a difference found when counting a shipment (kurang, lebih, rusak), with its photos; open until tower control or an admin resolves it with a note.';

create table public.shipment_documents (
  id uuid primary key,
  shipment_id uuid not null references public.shipments (id) on delete cascade,
  kind text not null
    check (kind in ('surat_jalan', 'bast', 'signature_receiver', 'signature_driver', 'discrepancy_photo')),
  path text not null unique,
  mime text not null check (mime in ('application/pdf', 'image/png', 'image/jpeg')),
  size_bytes integer not null check (size_bytes > 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  device_time timestamptz not null,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  accuracy_m double precision check (accuracy_m >= 0),
  -- A discrepancy photo's discrepancy (no foreign key: the photo may be stored before it).
  discrepancy_id uuid,
  uploaded_by uuid not null,
  received_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);
create index shipment_documents_pull_idx on public.shipment_documents (change_xid, id);
create index shipment_documents_shipment_idx on public.shipment_documents (shipment_id);
comment on table public.shipment_documents is
  'Issue 28: a stored file of a shipment (bucket shipment-documents, path shipments/<shipment id>/documents/<id>.<ext>), with its content hash, the device time and place it was made, who stored it and when. Written only by attach_document.';

create trigger stamp_replication before insert or update on public.shipment_receipts
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.discrepancies
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.shipment_documents
  for each row execute function public.stamp_replication_columns();

-- Reads only, for signed-in users, under RLS; the commands write (security definer apply_commands).
alter table public.shipment_receipts enable row level security;
alter table public.discrepancies enable row level security;
alter table public.shipment_documents enable row level security;
revoke all on table public.shipment_receipts, public.discrepancies, public.shipment_documents from anon, authenticated;
grant select on table public.shipment_receipts, public.discrepancies, public.shipment_documents to authenticated;
grant all on table public.shipment_receipts, public.discrepancies, public.shipment_documents to service_role;

-- The pull scope is the read scope (pull_changes and visible_ids are security invoker):
-- as the shipment's. Working set (issue 26): these rows belong to their shipment; when a
-- device drops a closed shipment past the retention window, its documents, receipt and
-- discrepancies leave with it (match them by shipment_id).
create policy "Staff can read all shipment receipts and hub users those of shipments from, to or at their hub"
  on public.shipment_receipts for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = shipment_receipts.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

create policy "Staff can read all discrepancies and hub users those of shipments from, to or at their hub"
  on public.discrepancies for select to authenticated
  using (
    (select public.is_staff())
    or origin_hub_id = any ((select public.my_hub_ids())::uuid[])
    or destination_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.id = discrepancies.shipment_id
        and s.current_hub_id = any ((select public.my_hub_ids())::uuid[])
    )
  );

create policy "Staff can read all shipment documents and hub users those of shipments from, to or at their hub"
  on public.shipment_documents for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = shipment_documents.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

-- The tables the devices replicate: the handover's documents and discrepancies join them
-- after the shipments they belong to. Moved here from 20261126003400_stock_balances.sql.
create or replace function public.replicated_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['hubs', 'warehouses', 'stock_balances', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
               'vehicles', 'shipments', 'containers', 'inventory', 'shipment_documents', 'discrepancies']
$$;
comment on function public.replicated_tables() is 'The tables the offline clients replicate, in pull order.';
grant execute on function public.replicated_tables() to authenticated, service_role;

-- Undo (20261126003000_cmd_undo.sql) of a counted completion: its receipt and discrepancies
-- are rows the command made; undo_command tombstones them with its stock rows, and refuses
-- once a discrepancy was resolved. These three moved here from that file to know the tables.

-- A floor row as jsonb (null when there is none).
create or replace function public.undo_row(p_table text, p_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  case p_table
    when 'vehicles' then select to_jsonb(t) into r from public.vehicles t where t.id = p_id;
    when 'shipments' then select to_jsonb(t) into r from public.shipments t where t.id = p_id;
    when 'inventory' then select to_jsonb(t) into r from public.inventory t where t.id = p_id;
    when 'shipment_receipts' then select to_jsonb(t) into r from public.shipment_receipts t where t.id = p_id;
    when 'discrepancies' then select to_jsonb(t) into r from public.discrepancies t where t.id = p_id;
  end case;
  return r;
end;
$$;

-- A row's values as this session writes them, without what the server stamps on every write.
create or replace function public.undo_norm(p_table text, p jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'vehicles' then to_jsonb(jsonb_populate_record(null::public.vehicles, p))
    when 'shipments' then to_jsonb(jsonb_populate_record(null::public.shipments, p))
    when 'inventory' then to_jsonb(jsonb_populate_record(null::public.inventory, p))
    when 'shipment_receipts' then to_jsonb(jsonb_populate_record(null::public.shipment_receipts, p))
    when 'discrepancies' then to_jsonb(jsonb_populate_record(null::public.discrepancies, p))
  end - 'updated_at' - 'change_xid'
$$;

-- The plain refusal when a row moved on since the command.
create or replace function public.undo_moved_on(p_table text, p_row jsonb)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_row is null then 'Tidak dapat diurungkan: data tindakan ini sudah tidak ada.'
    when p_table = 'shipments' then format(
      'Tidak dapat diurungkan: pengiriman %s sudah berlanjut (status sekarang: %s).',
      p_row ->> 'batch_number',
      coalesce((select s.label from public.shipment_statuses s where s.key = p_row ->> 'status'),
               p_row ->> 'status'))
    when p_table = 'vehicles' then format(
      'Tidak dapat diurungkan: kendaraan %s sudah berubah sejak tindakan ini.', p_row ->> 'license_plate')
    when p_table = 'discrepancies' then 'Tidak dapat diurungkan: selisih dari hitungan ini sudah diselesaikan.'
    when p_table = 'shipment_receipts' then 'Tidak dapat diurungkan: hitungan ini sudah berubah.'
    else 'Tidak dapat diurungkan: stok dari tindakan ini sudah berubah.'
  end
$$;

revoke execute on function
  public.undo_row(text, uuid), public.undo_norm(text, jsonb), public.undo_moved_on(text, jsonb)
  from public, anon, authenticated;
