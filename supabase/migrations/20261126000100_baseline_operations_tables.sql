-- Operations tables: vendors, vehicle types, vehicles, shipments, containers,
-- the inventory ledger, and the record of every command; then the indexes of
-- every table. Conventions as in 20261126000000_baseline_tables.sql
-- (device-made uuid keys accepted, replication columns, ON DELETE RESTRICT,
-- soft delete as the normal path).

-- vendors ----------------------------------------------------------------------
create table public.vendors (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint vendors_name_not_blank check (btrim(name) <> ''),
  contact_person text,
  phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.vendors is
  'A transport company providing trucks (darat) and/or sea fleets (laut).';

create unique index vendors_name_unique_live on public.vendors (lower(btrim(name))) where not deleted;

-- vehicle types ------------------------------------------------------------------
create table public.vehicle_types (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint vehicle_types_name_not_blank check (btrim(name) <> ''),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.vehicle_types is
  'Kinds of land vehicle (Truk Fuso, Truk Tronton, ...). Sea fleet rows in vehicles have none.';

create unique index vehicle_types_name_unique_live on public.vehicle_types (lower(btrim(name))) where not deleted;

-- vehicles -----------------------------------------------------------------------
create table public.vehicles (
  id uuid primary key default gen_random_uuid(),
  license_plate text not null
    constraint vehicles_license_plate_not_blank check (btrim(license_plate) <> ''),
  driver_name text,
  driver_phone text,
  vehicle_type_id uuid references public.vehicle_types (id) on delete restrict,
  nama_kapal text,
  nama_pelayaran text,
  vendor_id uuid not null references public.vendors (id) on delete restrict,
  current_hub_id uuid references public.hubs (id) on delete restrict,
  ready boolean not null default true,
  siap_muat boolean not null default false,
  sedang_muat boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Dock times (issue 6): when a vehicle joined the queue, started and finished
  -- loading, by the time the user acted (clamped to the server's receipt).
  queued_at timestamptz,
  loading_started_at timestamptz,
  loading_finished_at timestamptz,
  -- Spec 4.1: a vehicle is free (ready), queued (siap_muat), loading
  -- (sedang_muat), or none of these while it travels; never two at once.
  constraint vehicles_one_queue_state check (ready::int + siap_muat::int + sedang_muat::int <= 1)
);

comment on table public.vehicles is
  'A vendor''s truck (darat) or sea fleet unit (laut: nama_kapal set, license_plate holds the container number), with its queue flags at a hub.';
comment on column public.vehicles.license_plate is
  'Nomor polisi of a truck; for a sea fleet unit, the container number. Unique among active vehicles, ignoring case and spaces.';
comment on column public.vehicles.nama_kapal is
  'Ship name; non-empty marks a sea fleet unit (PolJak/PolSub queues list only those).';
comment on column public.vehicles.nama_pelayaran is
  'Shipping line of a sea fleet unit.';
comment on column public.vehicles.current_hub_id is
  'Where the vehicle is: set when queued at a hub, moved to the destination on Confirm Tiba.';
comment on column public.vehicles.ready is
  'Free to be queued (badge Ready). Exclusive with siap_muat and sedang_muat; all three false while travelling.';
comment on column public.vehicles.siap_muat is
  'Queued at current_hub_id, waiting to load (tab Siap Muat).';
comment on column public.vehicles.sedang_muat is
  'Loading at current_hub_id (tab Sedang Muat).';
comment on column public.vehicles.is_active is
  'False for a vehicle taken out of service (badge Tidak Aktif); it keeps its history but frees its plate.';
comment on column public.vehicles.queued_at is 'When the vehicle joined its hub''s queue (Siap Muat).';
comment on column public.vehicles.loading_started_at is 'When Proses Muat moved it to loading (Sedang Muat).';
comment on column public.vehicles.loading_finished_at is 'When its loading finished.';

-- "Unique license plate per active vehicle": B 1234 XY and b1234xy are the same plate.
create unique index vehicles_license_plate_unique_active
  on public.vehicles (upper(regexp_replace(license_plate, '\s', '', 'g')))
  where is_active and not deleted;

-- shipments ---------------------------------------------------------------------
create table public.shipments (
  id uuid primary key default gen_random_uuid(),
  batch_number text not null
    constraint shipments_batch_number_not_blank check (btrim(batch_number) <> ''),
  vehicle_id uuid not null references public.vehicles (id) on delete restrict,
  vendor_id uuid references public.vendors (id) on delete restrict,
  origin_hub_id uuid not null references public.hubs (id) on delete restrict,
  destination_hub_id uuid not null references public.hubs (id) on delete restrict,
  current_hub_id uuid references public.hubs (id) on delete restrict,
  smartboard_quantity integer not null default 0
    constraint shipments_smartboard_quantity_not_negative check (smartboard_quantity >= 0),
  bracket_quantity integer not null default 0
    constraint shipments_bracket_quantity_not_negative check (bracket_quantity >= 0),
  delivery_record boolean not null default false,
  bast boolean not null default false,
  -- A status can be renamed (the shipments follow) but not removed while used.
  status text not null references public.shipment_statuses (key) on update cascade on delete restrict,
  loading_date timestamptz,
  etd date,
  eta date,
  arrival_gdt timestamptz,
  arrival_destination timestamptz,
  selesai_bongkar boolean not null default false,
  notes text,
  delivery_record_image_url text,
  bast_image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Dock times (issue 6), by the time the user acted (clamped to the server's receipt).
  unloading_started_at timestamptz,
  unloading_finished_at timestamptz,
  constraint shipments_goes_somewhere_else check (origin_hub_id <> destination_hub_id)
);

comment on table public.shipments is
  'One load of smartboards and brackets moving on one vehicle from an origin hub to a destination hub (spec 4.2).';
comment on column public.shipments.batch_number is
  'Typed at Karawang and Cikarang; generated as POLJAK-{timestamp} / POLSUB-{timestamp} at the port hubs. Not unique.';
comment on column public.shipments.current_hub_id is
  'The hub the shipment is at or heading through; moves to the destination on Confirm Tiba.';
comment on column public.shipments.delivery_record is
  'A delivery record (surat jalan) was handed over; its photo is delivery_record_image_url.';
comment on column public.shipments.bast is
  'A BAST (berita acara serah terima, the handover report) was signed; its photo is bast_image_url.';
comment on column public.shipments.status is
  'A key of shipment_statuses: otw_{destination} on creation, then confirm_tiba, sedang_bongkar, selesai (hub) or selesai_pod (POD).';
comment on column public.shipments.loading_date is 'When loading finished and the shipment left.';
comment on column public.shipments.etd is 'Estimated time of departure (sea shipments).';
comment on column public.shipments.eta is 'Estimated time of arrival.';
comment on column public.shipments.arrival_gdt is 'When a hub confirmed arrival (Confirm Tiba at a hub).';
comment on column public.shipments.arrival_destination is 'When a POD confirmed arrival (Confirm Tiba at a POD).';
comment on column public.shipments.selesai_bongkar is
  'Unloading finished. False means in transit: the dashboard''s in-transit figures sum shipments with false.';
comment on column public.shipments.delivery_record_image_url is
  'Public URL of the first photo in storage bucket shipment-documents.';
comment on column public.shipments.bast_image_url is
  'Public URL of the second photo in storage bucket shipment-documents.';
comment on column public.shipments.unloading_started_at is 'When Mulai Bongkar started unloading (hub or POD).';
comment on column public.shipments.unloading_finished_at is 'When Selesai Bongkar finished unloading (hub or POD).';

-- containers --------------------------------------------------------------------
create table public.containers (
  id uuid primary key default gen_random_uuid(),
  container_number text not null
    constraint containers_container_number_not_blank check (btrim(container_number) <> ''),
  vessel_name text,
  shipping_line text,
  shipment_id uuid not null references public.shipments (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.containers is
  'A sea container carrying a shipment from a port hub (PolJak, PolSub forms).';
comment on column public.containers.vessel_name is 'Ship name (nama kapal).';
comment on column public.containers.shipping_line is 'Shipping line (pelayaran).';

-- inventory ---------------------------------------------------------------------
create table public.inventory (
  id uuid primary key default gen_random_uuid(),
  warehouse_id uuid not null references public.warehouses (id) on delete restrict,
  date_recorded date not null default current_date,
  smartboard_quantity integer not null default 0,
  bracket_quantity integer not null default 0,
  batch_number text,
  shipment_id uuid references public.shipments (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Stock is the sum of these rows. A negative row takes stock out, and only
  -- a shipment leaving the warehouse does that: manual entries are >= 0
  -- (spec 5) and an outgoing row names its shipment.
  constraint inventory_negative_only_for_a_shipment
    check ((smartboard_quantity >= 0 and bracket_quantity >= 0) or shipment_id is not null),
  -- A row is incoming or outgoing (spec 9's classification), never both.
  constraint inventory_one_direction
    check (not (least(smartboard_quantity, bracket_quantity) < 0
                and greatest(smartboard_quantity, bracket_quantity) > 0))
);

comment on table public.inventory is
  'The stock ledger: each row adds (positive) or removes (negative) smartboards and brackets at a warehouse. Stock = sum of rows.';
comment on column public.inventory.date_recorded is 'The business date of the movement (yyyy-MM-dd).';
comment on column public.inventory.smartboard_quantity is 'Smartboard TVs in (positive) or out (negative, only with shipment_id).';
comment on column public.inventory.bracket_quantity is 'Brackets in (positive) or out (negative, only with shipment_id).';
comment on column public.inventory.shipment_id is
  'The shipment that caused the movement: required for outgoing rows, set on incoming rows from unloading, null for manual entries.';

-- replication stamps ----------------------------------------------------------------
create trigger stamp_replication before insert or update on public.vendors
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.vehicle_types
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.vehicles
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.shipments
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.containers
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.inventory
  for each row execute function public.stamp_replication_columns();

-- The replication columns mean the same on every table (see 20261126000000_baseline_tables.sql).
do $$
declare
  t text;
begin
  foreach t in array array['hubs', 'warehouses', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
                           'vehicles', 'shipments', 'containers', 'inventory'] loop
    execute format($c$comment on column public.%I.updated_at is
      'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.'$c$, t);
    execute format($c$comment on column public.%I.deleted is
      'Soft delete: the row stays so devices pull the deletion; readers filter it out.'$c$, t);
    execute format($c$comment on column public.%I.change_xid is
      'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).'$c$, t);
  end loop;
end
$$;

-- commands ------------------------------------------------------------------------
-- Every command a device sent, with its outcome (docs/sync.md): apply_commands
-- (20261126000800_baseline_commands.sql) answers a command id seen before from
-- this record and never applies it twice; the audit screen reads it
-- (20261126001600_audit_trail.sql). Not replicated: devices learn the outcome
-- of their own commands from apply_commands' answer.
create table public.commands (
  id uuid primary key,
  -- Arrival order: the clock can tie within one batch, this cannot.
  seq bigint generated always as identity,
  actor_id uuid not null references auth.users (id) on delete cascade,
  actor_email text,
  type text not null,
  payload jsonb not null,
  issued_at timestamptz not null,
  received_at timestamptz not null,
  outcome text not null constraint commands_outcome_known check (outcome in ('applied', 'rejected')),
  code text,
  message text,
  entity_id uuid
);
comment on table public.commands is
  'Every command a device sent, with its outcome: the idempotency record of apply_commands and the audit trail.';
comment on column public.commands.issued_at is 'When the user acted, by the device clock, clamped to received_at.';
comment on column public.commands.received_at is 'When the server received the command (server clock).';
comment on column public.commands.seq is 'The order the server received commands in (a device''s commands arrive in its own order).';
comment on column public.commands.entity_id is 'The main row the command acted on (shipment, vehicle, ...), for conflict messages.';
comment on column public.commands.code is 'Why it was rejected, machine-readable (validation, forbidden, precondition, not_found, ...).';

-- Who is acting, for the cmd_* functions (built by apply_commands).
create type public.command_context as (
  command_id uuid,
  type text,
  user_id uuid,
  email text,
  role text,
  hub_id uuid,
  issued_at timestamptz,
  received_at timestamptz
);

-- Indexes ---------------------------------------------------------------------------
-- For the pull, for the app's queries (spec 4.3, 7.2) and for the columns the
-- row-level security policies filter on. Foreign keys are not indexed by
-- Postgres on the referencing side; every one that is queried or checked on
-- delete of the parent gets one here.

-- The pull: (change_xid, id) > checkpoint, in that order, per table.
create index hubs_pull_idx              on public.hubs (change_xid, id);
create index warehouses_pull_idx        on public.warehouses (change_xid, id);
create index profiles_pull_idx          on public.profiles (change_xid, id);
create index shipment_statuses_pull_idx on public.shipment_statuses (change_xid, id);
create index vendors_pull_idx           on public.vendors (change_xid, id);
create index vehicle_types_pull_idx     on public.vehicle_types (change_xid, id);
create index vehicles_pull_idx          on public.vehicles (change_xid, id);
create index shipments_pull_idx         on public.shipments (change_xid, id);
create index containers_pull_idx        on public.containers (change_xid, id);
create index inventory_pull_idx         on public.inventory (change_xid, id);

-- warehouses by hub (hub tabs, RLS of warehouses and inventory).
create index warehouses_hub_id_idx on public.warehouses (hub_id);
-- POD completion finds the city's warehouse by location, case-insensitively.
create index warehouses_location_lower_idx on public.warehouses (lower(location));

-- profiles: user_id is unique already (the RLS helpers look it up); hub for the users screen.
create index profiles_hub_id_idx on public.profiles (hub_id);

-- vehicles: by vendor (vendor detail, queue dialog), by hub (ready/loading tabs, RLS).
create index vehicles_vendor_id_idx on public.vehicles (vendor_id, created_at desc);
create index vehicles_current_hub_id_idx on public.vehicles (current_hub_id) where is_active;
create index vehicles_vehicle_type_id_idx on public.vehicles (vehicle_type_id);

-- shipments: the hub tabs filter by status and destination or current hub,
-- newest first; RLS filters by origin, destination and current hub.
create index shipments_destination_status_idx on public.shipments (destination_hub_id, status, created_at desc);
create index shipments_current_hub_status_idx on public.shipments (current_hub_id, status, created_at desc);
create index shipments_origin_hub_id_idx on public.shipments (origin_hub_id);
-- status alone: the POD tabs (otw_%, confirm_tiba, sedang_bongkar) and is_shipment_status_used.
create index shipments_status_idx on public.shipments (status text_pattern_ops);
create index shipments_vehicle_id_idx on public.shipments (vehicle_id);
create index shipments_vendor_id_idx on public.shipments (vendor_id);
create index shipments_batch_number_idx on public.shipments (batch_number);
-- In transit (dashboard, in-transit screen): selesai_bongkar = false, by loading date.
create index shipments_in_transit_idx on public.shipments (loading_date desc) where not selesai_bongkar;

create index containers_shipment_id_idx on public.containers (shipment_id);

-- inventory: per warehouse newest first (hub activity, master page, RLS), by shipment.
create index inventory_warehouse_date_idx on public.inventory (warehouse_id, date_recorded desc);
create index inventory_shipment_id_idx on public.inventory (shipment_id);
create index inventory_batch_number_idx on public.inventory (batch_number);

-- commands: a row's latest command (conflict messages: who acted first), a
-- user's commands, and the audit screen's pages (newest first by arrival).
create index commands_entity_idx on public.commands (entity_id, received_at desc);
create index commands_actor_idx on public.commands (actor_id, received_at desc);
create index commands_seq_idx on public.commands (seq desc);
