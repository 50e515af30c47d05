-- The baseline: what the 47 migrations of 2026-11-26 to 2026-11-28 (20261126000000_baseline_tables
-- to 20261128015020_apply_commands_images_held) made, squashed into one file on 2026-11-28 before
-- anything was deployed. It is supabase/schemas as it stood then, file by file in the order
-- config.toml's schema_paths gives: extensions and types, tables (with their indexes, comments
-- and row-level security), functions (with their grants), policies and table grants, triggers,
-- then the rows the product needs (the shipment statuses, the storage bucket).
--
-- Never edited (README, "How a schema change is made"): a change is made in supabase/schemas
-- and in a new migration after this one; tests/integration/schema-equals-migrations.test.ts
-- keeps the two equal.

-- schemas/setup.sql =======================================================================

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

-- The same for tables later migrations create: no direct writes by the API
-- roles and nothing for anon, unless a migration grants it deliberately.
alter default privileges in schema public
  revoke insert, update, delete, truncate, references, trigger on tables from anon, authenticated;

alter default privileges in schema public
  revoke select on tables from anon;

-- Issue 26: older history is read from the server on demand. A device holds
-- its working set (open shipments, those closed within the retention window,
-- the ledger rows of that window, the balances); what lies before the window is
-- read here, online, a page at a time (docs/sync.md, "Older history").
--
-- search_shipments(...)  shipments newest first (created_at, id), filtered by a
--                        text (batch number, plate, driver, vendor, ship and
--                        container), status, origin, destination and a time
--                        range [from, to); keyset paging by the last row's
--                        (created_at, id).
-- ledger_history(...)    a hub's (or one warehouse's) ledger rows, newest
--                        first (date_recorded, id), with the related
--                        shipment's status, origin, destination and notes,
--                        filtered by a date range (inclusive) and the related
--                        shipment's status, origin and destination, and with
--                        p_before_window only up to the working set's cutoff
--                        day (what a device does not hold for certain); keyset
--                        paging by the last row's (date_recorded, id).
--
-- Each reads what the caller may read (policies/), so a
-- hub user reads exactly the shipments and ledger rows its pull would give it,
-- and nothing of another hub: ledger_history is security invoker (row-level
-- security decides), search_shipments security definer with the shipments'
-- policy written out (under row-level security its text match could use no
-- index), reading the vehicle, vendor and container of those shipments only. A caller without a live profile is refused (42501),
-- and bad input with 22023 and a message in the app's words, which PostgREST
-- answers with 400. A page is 1 to 100 rows.
--
-- Speed at 160,000 closed shipments and 800,000 ledger rows: the text search
-- is one bitmap OR over trigram indexes (pg_trgm: a substring, not only a
-- prefix, as the header's search matches locally); with no text the newest
-- first order walks (created_at, id) backwards; the ledger reads each warehouse
-- by (warehouse_id, date_recorded, id), one short index range per warehouse.
-- Both build their statement for the filters given (execute ... using), so
-- each call is planned with its own values.
create extension if not exists pg_trgm with schema extensions;

-- schemas/tables/hubs.sql =================================================================

-- hubs -----------------------------------------------------------------------
create table public.hubs (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint hubs_name_not_blank check (btrim(name) <> ''),
  city text,
  type text not null default 'hub'
    constraint hubs_type_known check (type in ('karawang', 'cikarang', 'poljak', 'polsub', 'pod', 'hub')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Issue 41: the hub counts blind (its receipt opens with empty counts); set by edit_hub.
  blind_count boolean not null default false
);

comment on table public.hubs is
  'A place goods move through: the factory hub (Karawang), inland and port hubs (Cikarang, PolJak, PolSub), destination-city PODs, or a plain hub added on the Hubs screen.';

comment on column public.hubs.type is
  'karawang, cikarang, poljak, polsub, pod, or hub (the default for hubs added on the Hubs screen). Decides the hub operations tabs and, for pod, the POD screen.';

comment on column public.hubs.city is
  'Destination city; for a POD hub it is what shipments otw_{city} and the city''s warehouse (warehouses.location) are matched against.';

-- Two live hubs with the same name would make the hub-by-name lookups of the app ambiguous.
create unique index hubs_name_unique_live on public.hubs (lower(btrim(name))) where not deleted;

-- The pull: (change_xid, id) > checkpoint, in that order, per table.
create index hubs_pull_idx             on public.hubs (change_xid, id);

alter table public.hubs enable row level security;

comment on column public.hubs.blind_count is
  'Issue 41: the hub counts blind: its receipt opens with empty counts (the sent counts are shown only after the worker has entered what arrived). Set by edit_hub (admin).';

-- schemas/tables/warehouses.sql ===========================================================

-- warehouses -----------------------------------------------------------------
create table public.warehouses (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint warehouses_name_length check (char_length(btrim(name)) between 1 and 100),
  location text,
  hub_id uuid references public.hubs (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Warehouse capacity (issue 11): the dashboard's hub cards use it as their
  -- maximum. NULL is "not set" (the card shows no fill); never negative.
  capacity integer check (capacity is null or capacity >= 0)
);

comment on table public.warehouses is
  'A stock location (Gudang). Its stock is the sum of its inventory rows.';

comment on column public.warehouses.hub_id is
  'The hub the warehouse belongs to; null for a warehouse added from the inventory screen without a hub.';

comment on column public.warehouses.location is
  'Free text, usually the city; POD completion finds the destination warehouse by matching this against the city.';

comment on column public.warehouses.capacity is
  'The most this warehouse holds (TV + bracket units); NULL when not set. Set by set_warehouse_capacity (admin).';

create index warehouses_pull_idx        on public.warehouses (change_xid, id);

-- warehouses by hub (hub tabs, RLS of warehouses and inventory).
create index warehouses_hub_id_idx on public.warehouses (hub_id);

-- POD completion finds the city's warehouse by location, case-insensitively.
create index warehouses_location_lower_idx on public.warehouses (lower(location));

alter table public.warehouses enable row level security;

-- schemas/tables/profiles.sql =============================================================

-- profiles -------------------------------------------------------------------
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  email text,
  full_name text,
  role text not null default 'hub_user'
    constraint profiles_role_known check (role in ('admin', 'tower_control', 'hub_user')),
  hub_id uuid references public.hubs (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- admin and tower_control work across all hubs; giving them a hub would
  -- silently narrow what my_hub_id() and the commands do for them.
  constraint profiles_only_hub_users_have_a_hub check (role = 'hub_user' or hub_id is null)
);

comment on table public.profiles is
  'The app role and hub of each auth user. Created by a trigger on auth.users; role and hub_id are mirrored into auth.users.raw_app_meta_data so the access token carries them.';

comment on column public.profiles.id is
  'Equal to user_id for profiles made by the sign-up trigger; kept separate because the profile outlives a deleted user as a tombstone.';

comment on column public.profiles.user_id is
  'The auth user. Set to null when the auth user is deleted; the profile is then marked deleted so devices learn of it.';

comment on column public.profiles.hub_id is
  'Required for a hub_user (see profiles_hub_user_needs_hub), null for admin and tower_control. A hub_user without a hub exists only right after an open sign-up, until an admin assigns one.';

create index profiles_pull_idx          on public.profiles (change_xid, id);

-- profiles: user_id is unique already (the RLS helpers look it up); hub for the users screen.
create index profiles_hub_id_idx on public.profiles (hub_id);

alter table public.profiles enable row level security;

-- schemas/tables/shipment_statuses.sql ====================================================

-- Shipment statuses: a table, not an enum ---------------------------------------
--
-- The product lets an admin add, rename and remove status values (spec 4.2,
-- 7.3). With a Postgres enum that means ALTER TYPE, which cannot drop a value
-- and cannot run inside the transaction of an RPC; with a table it is a row,
-- shipments.status references the key, and a rename cascades to the shipments.
--
-- key is the primary key (what shipments.status holds). id is a second,
-- never-changing identity for replication: devices store statuses by id, so a
-- renamed key arrives as an update of the same row instead of a new row next
-- to a stale one that would never go away.
create table public.shipment_statuses (
  key text primary key
    constraint shipment_statuses_key_format check (key ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  id uuid not null unique default gen_random_uuid(),
  label text not null
    constraint shipment_statuses_label_not_blank check (btrim(label) <> ''),
  color text not null default 'info'
    constraint shipment_statuses_color_known check (color in ('info', 'warning', 'primary', 'success', 'danger')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.shipment_statuses is
  'The values shipments.status may take, with display label, badge color and order. Managed by the procedures add/rename/remove_shipment_status (admin only).';

comment on column public.shipment_statuses.key is
  'The status value stored in shipments.status: lower case words joined by underscores (otw_cikarang, confirm_tiba). Renaming cascades to shipments.';

comment on column public.shipment_statuses.id is
  'Stable identity for replication; unlike key it never changes.';

comment on column public.shipment_statuses.color is
  'Badge color of the UI: info, warning, primary, success or danger.';

comment on column public.shipment_statuses.deleted is
  'Removed by remove_shipment_status. Kept as a tombstone so devices learn of the removal; add_shipment_status revives it.';

create index shipment_statuses_pull_idx on public.shipment_statuses (change_xid, id);

alter table public.shipment_statuses enable row level security;

-- schemas/tables/vendors.sql ==============================================================

-- Operations tables: vendors, vehicle types, vehicles, shipments, containers,
-- the inventory ledger, and the record of every command; then the indexes of
-- every table. Conventions as in tables/
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

create index vendors_pull_idx           on public.vendors (change_xid, id);

alter table public.vendors enable row level security;

create index if not exists vendors_name_trgm_idx
  on public.vendors using gin (name extensions.gin_trgm_ops);

-- schemas/tables/vehicle_types.sql ========================================================

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

create index vehicle_types_pull_idx     on public.vehicle_types (change_xid, id);

alter table public.vehicle_types enable row level security;

-- schemas/tables/vehicles.sql =============================================================

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

create index vehicles_pull_idx          on public.vehicles (change_xid, id);

-- vehicles: by vendor (vendor detail, queue dialog), by hub (ready/loading tabs, RLS).
create index vehicles_vendor_id_idx on public.vehicles (vendor_id, created_at desc);

create index vehicles_current_hub_id_idx on public.vehicles (current_hub_id) where is_active;

create index vehicles_vehicle_type_id_idx on public.vehicles (vehicle_type_id);

alter table public.vehicles enable row level security;

create index if not exists vehicles_plate_trgm_idx
  on public.vehicles using gin (license_plate extensions.gin_trgm_ops);

create index if not exists vehicles_driver_trgm_idx
  on public.vehicles using gin (driver_name extensions.gin_trgm_ops);

create index if not exists vehicles_ship_trgm_idx
  on public.vehicles using gin (nama_kapal extensions.gin_trgm_ops);

-- schemas/tables/shipments.sql ============================================================

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

create index shipments_pull_idx         on public.shipments (change_xid, id);

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

alter table public.shipments enable row level security;

-- The shipments of the set, by three index ranges. The conditions use built-in operators
-- only, never a function of ours: under row-level security the planner takes a condition
-- into an index scan only when it cannot leak (leakproof); shipment_closed_at() would be
-- checked row by row after the policy, over the whole history. The three branches are
-- shipment_closed_at() spelled out: open (null), closed at or after the cutoff, deleted.
create index if not exists shipments_open_idx on public.shipments (id)
  where not (selesai_bongkar and status in ('selesai', 'selesai_pod', 'dibatalkan')) and not deleted;

create index if not exists shipments_closed_at_idx on public.shipments
  ((case when unloading_finished_at is null then updated_at else unloading_finished_at end))
  where selesai_bongkar and status in ('selesai', 'selesai_pod', 'dibatalkan') and not deleted;

create index if not exists shipments_deleted_at_idx on public.shipments (updated_at) where deleted;

create index if not exists shipments_created_idx on public.shipments (created_at, id);

create index if not exists shipments_batch_trgm_idx
  on public.shipments using gin (batch_number extensions.gin_trgm_ops);

-- schemas/tables/containers.sql ===========================================================

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

create index containers_pull_idx        on public.containers (change_xid, id);

create index containers_shipment_id_idx on public.containers (shipment_id);

alter table public.containers enable row level security;

create index if not exists containers_number_trgm_idx
  on public.containers using gin (container_number extensions.gin_trgm_ops);

create index if not exists containers_vessel_trgm_idx
  on public.containers using gin (vessel_name extensions.gin_trgm_ops);

-- schemas/tables/inventory.sql ============================================================

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

create index inventory_pull_idx         on public.inventory (change_xid, id);

-- inventory: per warehouse newest first (hub activity, master page, RLS), by shipment.
create index inventory_warehouse_date_idx on public.inventory (warehouse_id, date_recorded desc);

create index inventory_shipment_id_idx on public.inventory (shipment_id);

create index inventory_batch_number_idx on public.inventory (batch_number);

alter table public.inventory enable row level security;

create index if not exists inventory_date_idx on public.inventory (date_recorded);

create index if not exists inventory_warehouse_keyset_idx
  on public.inventory (warehouse_id, date_recorded, id);

-- schemas/tables/commands.sql =============================================================

-- commands ------------------------------------------------------------------------
-- Every command a device sent, with its outcome (docs/sync.md): apply_commands
-- (functions/apply_commands.sql) answers a command id seen before from
-- this record and never applies it twice; the audit screen reads it
-- (functions/audit_trail.sql). Not replicated: devices learn the outcome
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

-- commands: a row's latest command (conflict messages: who acted first), a
-- user's commands, and the audit screen's pages (newest first by arrival).
create index commands_entity_idx on public.commands (entity_id, received_at desc);

create index commands_actor_idx on public.commands (actor_id, received_at desc);

create index commands_seq_idx on public.commands (seq desc);

alter table public.commands enable row level security;

-- schemas/tables/command_images.sql =======================================================

-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands that keep their images are in
-- functions/cmd_vehicle_queue.sql. Device twin:
-- sync/commands/undo.ts.
create table public.command_images (
  command_id uuid primary key,
  type text not null,
  actor_id uuid not null references auth.users (id) on delete cascade,
  -- The actor's hub when it acted: a hub user undoes only from there.
  hub_id uuid,
  -- [{t: table, id, before: row or null (made by the command), after: row}], in lock order.
  images jsonb not null,
  -- The undo_command that reversed it.
  undone_by uuid,
  recorded_at timestamptz not null default now()
);

create index command_images_recorded_idx on public.command_images (recorded_at);

alter table public.command_images enable row level security;

comment on table public.command_images is
  'Issue 29: the rows each floor command changed, before and after, so that undo_command can reverse exactly it. Kept 30 days.';

-- schemas/tables/device_sync_reports.sql ==================================================

-- Issue 30, "Perlu perhatian": what the server knows of each device's sync, and the
-- thresholds an admin sets for the board.
--
-- device_sync_reports: one row per device and user (a device id is made by the
-- engine's store of one user on one device, docs/sync.md "The device's report"),
-- written by report_device_sync() after a successful sync round, at most every
-- minute. The server stamps the time (architecture: no device clock decides);
-- the device says only how many commands wait in its outbox and its app version.
-- Not replicated: tower control and admins read it on demand
-- (device_sync_report_list()), so a tablet's pull never carries other devices.
--
-- app_settings: small named settings an admin sets from Settings, read by every
-- signed-in user. The board's thresholds are the key 'attention', read with their
-- defaults by attention_settings() and written by set_attention_settings().
--
-- Nobody writes either table directly (no INSERT/UPDATE/DELETE for the API roles,
-- policies/): the two functions check who calls and what.
create table public.device_sync_reports (
  device_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The user's hub when it reported (null for admin and tower control).
  hub_id uuid references public.hubs (id) on delete set null,
  last_sync_at timestamptz not null default now(),
  outbox_size integer not null check (outbox_size between 0 and 1000000),
  app_version text check (char_length(app_version) <= 64)
);

comment on table public.device_sync_reports is
  'Each device''s last successful sync as it reported it (report_device_sync): when (server time), its outbox size, its app version.';

create index device_sync_reports_hub on public.device_sync_reports (hub_id);

create index device_sync_reports_user on public.device_sync_reports (user_id);

alter table public.device_sync_reports enable row level security;

-- schemas/tables/app_settings.sql =========================================================

-- Settings --------------------------------------------------------------------------
create table public.app_settings (
  key text primary key check (key ~ '^[a-z_]{1,40}$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on table public.app_settings is
  'Named settings an admin sets (Settings); readable by every signed-in user. ''attention'': the thresholds of Perlu perhatian.';

alter table public.app_settings enable row level security;

-- schemas/tables/stock_balances.sql =======================================================

-- Issue 26: stock balances. The stock of a warehouse is the sum of its ledger
-- rows (public.inventory); every device used to add up every ledger row it held
-- to show it, so a screen's figure cost the whole history. Here the server keeps
-- the sum itself, one row per warehouse, replicated like the other tables
-- (docs/sync.md, "Stock balances").
--
-- Who keeps it: triggers on the ledger, so every command that writes ledger
-- rows (add_inventory, the shipping forms, complete_unloading, pod_complete,
-- and any command added later: a correction, a void, an undo) keeps the balance
-- in its own transaction without a line of its own. A soft delete (deleted =
-- true) takes the row out of the sum; a hard delete, a change of quantity or of
-- warehouse move it likewise.
--
-- Lock order (the soak runs ten tablets at once): the ledger's triggers do not
-- touch the balance. They add each statement's change to a per-transaction delta
-- (stock_balance_deltas, keyed by the transaction id and the warehouse: rows of
-- this transaction only, so no one else ever waits on them), and a deferred
-- constraint trigger applies the deltas when the transaction commits, every
-- warehouse of it in warehouse-id order. A transaction therefore takes balance
-- locks only at its very end, after every other lock it takes, holds them for
-- the moment of its commit, and takes them in one global order: waiting for a
-- balance never closes a cycle with the shipment, vehicle or warehouse locks the
-- cmd_* functions take, nor with another commit's balances. (Updating the
-- balance at each ledger write would hold the busiest row of a hub, its first
-- warehouse's balance, for the rest of a 100-command batch, and lock two
-- warehouses in whatever order the commands came.) A command rejected inside
-- apply_commands rolls back its subtransaction, and its deltas with it.
--
-- The invariant (tests/integration/stock-balances.test.ts, the soak's checker):
-- after every commit, each warehouse's balance equals the sum of its live
-- ledger rows. Inside a transaction that moved stock, stock_on_hand() is the
-- balance plus what the transaction has not applied yet.
create table public.stock_balances (
  -- The warehouse's id: one balance per warehouse, pulled by (change_xid, id) like every table.
  id uuid primary key references public.warehouses (id) on delete cascade,
  warehouse_id uuid not null unique references public.warehouses (id) on delete cascade,
  smartboard_quantity integer not null default 0,
  bracket_quantity integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  constraint stock_balances_id_is_warehouse check (id = warehouse_id)
);

comment on table public.stock_balances is
  'Each warehouse''s stock on hand: the sum of its live inventory rows, kept by triggers on public.inventory at commit (functions/stock_balances.sql).';

comment on column public.stock_balances.id is 'The warehouse''s id (one balance per warehouse).';

comment on column public.stock_balances.smartboard_quantity is 'Smartboard TVs on hand: the sum of the warehouse''s live inventory rows.';

comment on column public.stock_balances.bracket_quantity is 'Brackets on hand: the sum of the warehouse''s live inventory rows.';

comment on column public.stock_balances.updated_at is
  'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.';

comment on column public.stock_balances.deleted is 'Never set: a balance leaves with its warehouse.';

comment on column public.stock_balances.change_xid is
  'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).';

create index stock_balances_pull_idx on public.stock_balances (change_xid, id);

-- Read like the ledger: staff every balance, a hub user its own warehouses'.
alter table public.stock_balances enable row level security;

-- schemas/tables/stock_balance_deltas.sql =================================================

-- What a transaction has moved and not yet applied to the balances.
create table public.stock_balance_deltas (
  xid xid8 not null default pg_current_xact_id(),
  warehouse_id uuid not null,
  smartboard_quantity bigint not null default 0,
  bracket_quantity bigint not null default 0,
  primary key (xid, warehouse_id)
);

comment on table public.stock_balance_deltas is
  'Per transaction and warehouse, the stock its ledger writes moved and the commit has not yet applied to stock_balances. Empty outside a running transaction.';

alter table public.stock_balance_deltas enable row level security;

-- schemas/tables/shipment_receipts.sql ====================================================

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

comment on table public.shipment_receipts is
  'Issue 28: the counted receipt of a shipment (what arrived against what was sent), with both signatures'' document ids. Written by complete_unloading / pod_complete with a receipt.';

comment on column public.shipment_receipts.received_at is 'Server time the receipt was stored (the BAST''s receipt time).';

comment on column public.shipment_receipts.signed_at is 'Device time the receiver and the driver signed.';

-- Reads only, for signed-in users, under RLS; the commands write (security definer apply_commands).
alter table public.shipment_receipts enable row level security;

-- schemas/tables/discrepancies.sql ========================================================

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

alter table public.discrepancies enable row level security;

-- schemas/tables/shipment_documents.sql ===================================================

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
  change_xid xid8 not null default pg_current_xact_id(),
  -- A correction names the document it replaces: one of the same shipment and kind. Both
  -- stay; readers (and the paper's QR) see the later one as the replacement.
  replaces uuid references public.shipment_documents (id),
  constraint shipment_documents_replaces_another check (replaces <> id)
);

create index shipment_documents_pull_idx on public.shipment_documents (change_xid, id);

create index shipment_documents_shipment_idx on public.shipment_documents (shipment_id);

comment on table public.shipment_documents is
  'Issue 28: a stored file of a shipment (bucket shipment-documents, path shipments/<shipment id>/documents/<id>.<ext>), with its content hash, the device time and place it was made, who stored it and when. Written only by attach_document.';

alter table public.shipment_documents enable row level security;

create index shipment_documents_replaces_idx on public.shipment_documents (replaces) where replaces is not null;

comment on column public.shipment_documents.replaces is
  'Issue 40: the document this one corrects (same shipment and kind; attach_correction). Both stay.';

-- schemas/tables/realtime_pokes.sql =======================================================

-- Changes pushed, not polled (issue 44): a commit that changes what a scope can see sends a
-- small poke naming that scope (no row data) to a topic of its own, through Supabase
-- Realtime's Broadcast from the database (realtime.send). A device subscribed to its scopes'
-- topics starts a sync round when poked; the pull stays the one way rows arrive (docs/sync.md).
--
-- Topics:
--   dermaga:hub:<hub id>   rows a user of that hub reads (shipments from, to or at it, their
--                          containers, documents and discrepancies, its warehouses' stock,
--                          vehicles at it or on its shipments)
--   dermaga:company        the company-wide tables every signed-in user reads (hubs,
--                          warehouses, statuses, vendors, vehicle types) and free vehicles
--   dermaga:user:<user id> the user's own profile
--   dermaga:desk           every change (admin and tower control read every row)
-- Who may join which is RLS on realtime.messages (realtime.topic()), below: the same policy
-- hosted Realtime checks on a private channel's join and the local gateway evaluates as the
-- joining user (supabase/local/realtime.ts). realtime.messages, realtime.topic() and
-- realtime.send() are hosted's; the local stack's bootstrap makes them where absent.

-- At most one poke per topic per 250 ms: the last one sent, per topic. Unlogged (a crash
-- forgets it, which only lets a poke through); nobody but the trigger reads it.
create unlogged table if not exists public.realtime_pokes (
  topic text primary key,
  sent_at timestamptz not null
);

alter table public.realtime_pokes enable row level security;

-- schemas/tables/replication_columns.sql ==================================================

-- The replication columns mean the same on every table (see tables/).
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

-- schemas/functions/replication.sql =======================================================

-- The replication columns every replicated table has, and the list of those tables.
--
-- Conventions for every table of the product:
--   * uuid primary keys with a server default, but a key made on the device is
--     accepted: commands create rows offline and must name them before they sync.
--   * the replication columns below.
--   * foreign keys are ON DELETE RESTRICT unless said otherwise: soft delete
--     (deleted = true) is the normal way to remove a row, and a hard delete of
--     something still referenced is a mistake the database refuses.
--   * names are trimmed and must not be blank; this is checked here rather than
--     trusted to the forms.

-- Replication columns: what every table that devices pull carries ------------
--
-- Devices keep an offline copy of the tables (RxDB) and pull changes by
-- checkpoint. Three columns make that pull correct:
--
--   updated_at  timestamptz  stamped here from the server clock on every write,
--                            so no device clock ever decides order (guarantee 11).
--   deleted     boolean      the soft-delete flag. Rows are not removed: a removed
--                            row cannot be pulled, so devices would keep it forever.
--   change_xid  xid8         the id of the transaction that last wrote the row,
--                            from pg_current_xact_id(). The pull reads
--                              (change_xid, id) > checkpoint
--                              and change_xid < pg_snapshot_xmin(pg_current_snapshot())
--                            so a row written by a transaction that is still open
--                            is never skipped, however late it commits (guarantee 6).
--                            A timestamp cursor cannot promise that: now() is the
--                            start of a transaction, not its commit.
--
-- The trigger below overwrites whatever the writer sent for updated_at and
-- change_xid; created_at is kept from the insert and can never change.
create or replace function public.stamp_replication_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

comment on function public.stamp_replication_columns() is
  'Before insert/update on every replicated table: stamps updated_at from the server clock and change_xid with the writing transaction id (the pull position), and keeps created_at unchanged.';

-- A trigger function is never called directly; nobody needs execute on it.
revoke execute on function public.stamp_replication_columns() from public, anon, authenticated;

-- The tables the devices replicate: the handover's documents and discrepancies join them
-- after the shipments they belong to, and the stock balances right after the warehouses.
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

-- schemas/functions/profiles.sql ==========================================================

-- "A hub_user profile has a hub" cannot be a plain CHECK: an open sign-up
-- (spec 2.3) creates a hub_user profile before any admin has chosen a hub, and
-- failing that insert would fail the sign-up itself. So the rule is enforced
-- here for every write except the insert made by the sign-up trigger
-- (public.handle_new_auth_user, which runs at trigger depth 1, so its insert
-- reaches this trigger at depth 2). A direct insert or any update that leaves a
-- hub_user without a hub is refused.
create or replace function public.enforce_hub_user_has_hub()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.role = 'hub_user' and new.hub_id is null and not new.deleted
     and not (tg_op = 'INSERT' and pg_trigger_depth() > 1) then
    raise exception 'A hub_user profile must have a hub (profile %)', new.id
      using errcode = '23514', -- check_violation, like the CHECK it stands in for
            hint = 'Set hub_id, or give the user the role admin or tower_control.',
            constraint = 'profiles_hub_user_needs_hub';
  end if;
  return new;
end;
$$;

comment on function public.enforce_hub_user_has_hub() is
  'Constraint profiles_hub_user_needs_hub: a hub_user has a hub, except the profile an open sign-up creates before an admin assigns one.';

revoke execute on function public.enforce_hub_user_has_hub() from public, anon, authenticated;

-- User management: profiles follow auth.users, and the token follows the profile.
--
-- 1. Every new auth user gets a profile (sign-up, admin create, seed).
-- 2. The profile's role and hub_id are mirrored into auth.users.raw_app_meta_data,
--    which Supabase Auth (and the local Auth stand-in) put into the access
--    token's app_metadata; the app can show the role without a query.
-- 3. An admin changing app_metadata.role / app_metadata.hub_id through the Auth
--    admin API (service role only) changes the profile; a changed e-mail is
--    copied to the profile; a deleted user leaves a deleted profile behind.
-- 4. The display name follows the auth user's user_metadata.full_name (an
--    admin's Edit User, or the user renaming themself: a name grants nothing).
-- 5. There is always an admin: the last live admin cannot be demoted or
--    deleted.
--
-- The edge functions create-user, update-user and delete-user (issue 12) act
-- through the Auth admin API as the service role; these triggers carry the
-- change to the profile in the same transaction, whatever path makes it.
--
-- Where role and hub come from on create: ONLY raw_app_meta_data. It can be set
-- by the service role alone (Auth admin API: createUser({ app_metadata })).
-- raw_user_meta_data is written by the signing-up user themself
-- (signUp({ options: { data } })), so taking a role or a hub from it would let
-- anyone on the open sign-up page make themselves admin or join a hub and read
-- its shipments. full_name, which grants nothing, is taken from user metadata.
--
-- The functions run as their owner (security definer) because auth.users is
-- not writable by the API roles, with an empty search_path so that nothing
-- the caller controls can shadow a table or function name.
create or replace function public.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  user_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  new_role text := coalesce(nullif(app_meta ->> 'role', ''), 'hub_user');
begin
  insert into public.profiles (id, user_id, email, full_name, role, hub_id)
  values (
    new.id,
    new.id,
    new.email,
    nullif(btrim(coalesce(user_meta ->> 'full_name', user_meta ->> 'name', '')), ''),
    new_role,
    -- a hub only belongs to a hub_user (profiles_only_hub_users_have_a_hub)
    case when new_role = 'hub_user' then nullif(app_meta ->> 'hub_id', '')::uuid end
  );
  return new;
end;
$$;

comment on function public.handle_new_auth_user() is
  'After insert on auth.users: creates the profile. Role (default hub_user) and hub_id from raw_app_meta_data only (service-role controlled); full_name from raw_user_meta_data.';

revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;

-- profile -> auth.users.raw_app_meta_data ----------------------------------------
create or replace function public.mirror_profile_to_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is null then
    return null;
  end if;
  -- Only write when something differs: the reverse trigger below fires on
  -- this update, and the guard is what ends the round trip.
  update auth.users u
     set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('role', new.role, 'hub_id', new.hub_id)
   where u.id = new.user_id
     and (u.raw_app_meta_data ->> 'role' is distinct from new.role
          or u.raw_app_meta_data ->> 'hub_id' is distinct from new.hub_id::text
          or not (coalesce(u.raw_app_meta_data, '{}'::jsonb) ? 'hub_id'));
  return null;
end;
$$;

comment on function public.mirror_profile_to_auth_user() is
  'After a profile''s role or hub_id is written: copies them into auth.users.raw_app_meta_data (the token''s app_metadata).';

revoke execute on function public.mirror_profile_to_auth_user() from public, anon, authenticated;

-- auth.users -> profile ------------------------------------------------------------
-- sync_profile_from_auth_user (below; its trigger on_auth_user_updated in
-- triggers/auth_users.sql).

-- A deleted auth user: keep the profile as a tombstone (the foreign key sets
-- user_id to null) so devices pulling profiles learn that it is gone.
create or replace function public.retire_profile_of_deleted_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set deleted = true where user_id = old.id;
  return old;
end;
$$;

comment on function public.retire_profile_of_deleted_user() is
  'Before delete on auth.users: marks the profile deleted (the foreign key then clears user_id).';

revoke execute on function public.retire_profile_of_deleted_user() from public, anon, authenticated;

-- The display name (4. above) ------------------------------------------------------
create or replace function public.sync_profile_name_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  want_name text := nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), '');
begin
  if want_name is not null then
    update public.profiles
       set full_name = want_name
     where user_id = new.id
       and full_name is distinct from want_name;
  end if;
  return null;
end;
$$;

comment on function public.sync_profile_name_from_auth_user() is
  'After an auth user''s user_metadata changes: copies a non-blank full_name to the profile.';

revoke execute on function public.sync_profile_name_from_auth_user() from public, anon, authenticated;

-- There is always an admin (5. above). The edge functions check this first to
-- answer with a clear message; this trigger is what makes two admins demoting
-- each other at the same moment safe (the admins' rows are locked before
-- counting).
create or replace function public.keep_one_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  others integer;
begin
  -- Only a real demotion or removal: an unknown role is left to the CHECK
  -- constraint profiles_role_known, which names it.
  if old.role = 'admin' and not old.deleted
     and (new.role in ('tower_control', 'hub_user') or new.deleted) then
    -- Lock every live admin row, then count: a concurrent demotion waits here
    -- and counts again after this one commits.
    perform 1 from public.profiles where role = 'admin' and not deleted for update;
    select count(*) into others
      from public.profiles
     where role = 'admin' and not deleted and id <> old.id;
    if others = 0 then
      raise exception 'Admin terakhir tidak dapat dihapus atau diubah role-nya'
        using errcode = '23514', -- check_violation
              constraint = 'profiles_keep_one_admin';
    end if;
  end if;
  return new;
end;
$$;

comment on function public.keep_one_admin() is
  'Before a profile''s role or deleted flag changes: refuses to leave no live admin.';

revoke execute on function public.keep_one_admin() from public, anon, authenticated;

-- apply_commands refuses each command of a user without a live profile
-- ('forbidden'), then records the batch in public.commands with the caller as
-- actor. For a deleted user that record broke the foreign key to auth.users,
-- and the call answered 409 with PostgreSQL's own words (23503, "Key
-- (actor_id)=(...) is not present in table users"). Before that insert, the
-- refusal says what happened: 42501, which PostgREST answers with 403, the
-- status a device gets for any token it may no longer use.
create or replace function public.refuse_commands_of_deleted_users()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = new.actor_id) then
    raise exception 'Pengguna ini sudah dihapus.'
      using errcode = '42501', -- insufficient_privilege: PostgREST answers 403
            hint = 'Sign in again with an existing account.';
  end if;
  return new;
end;
$$;

comment on function public.refuse_commands_of_deleted_users() is
  'Before a command is recorded: refuses (42501) a command whose actor no longer exists, instead of the foreign key''s 23503.';

revoke execute on function public.refuse_commands_of_deleted_users() from public, anon, authenticated;

-- Issue 27, finding 11: two admins changing each other at the same moment
-- (update-user demoting, delete-user deleting) got a 500 instead of an answer.
--
-- keep_one_admin (above) runs BEFORE each row's
-- update, when PostgreSQL has already locked that row, and then locks every
-- live admin row to count them. Admin X demoting Y holds Y's row and waits
-- for X's; Y demoting X holds X's row and waits for Y's: a deadlock
-- (40P01). PostgreSQL aborts one of them, Auth answers that as a failure
-- (500 "Unexpected failure"; hosted Auth answers "Database error ..."), and
-- the edge function passed the 500 on, even when a third admin remained and
-- both changes were allowed.
--
-- The fix: one transaction at a time changes profiles. A statement-level
-- trigger fires before any row of an UPDATE is touched, so it takes a
-- transaction-scoped advisory lock while the transaction holds no profile row
-- yet. It fires on every UPDATE of profiles, not only of role and deleted:
-- Auth's one update of a user fires the rename trigger first (triggers run in
-- name order: on_auth_user_renamed before on_auth_user_updated), which locks
-- the profile's row to copy the name; had that not waited for the lock too,
-- it would deadlock with keep_one_admin's lock of every admin row just the
-- same (seen on PostgreSQL). The second transaction waits at the lock,
-- and once the first commits it finds the rows as they are now: its own
-- change goes through, or keep_one_admin refuses it (23514) when it would
-- leave no admin, which the functions answer with 409 and their message
-- (supabase/functions/_shared/admin.ts). Profile changes are rare (an
-- admin's screen, a user renaming itself); the wait is one short transaction.
create or replace function public.serialize_profile_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One fixed key for "profiles change".
  perform pg_advisory_xact_lock(hashtext('public.profiles change')::bigint);
  return null;
end;
$$;

comment on function public.serialize_profile_changes() is
  'Before an UPDATE of profiles (per statement, before any row is locked): takes one advisory lock, so profile changes run one at a time and keep_one_admin never deadlocks.';

revoke execute on function public.serialize_profile_changes() from public, anon, authenticated;

-- An e-mail change of a user an admin has not given a hub yet (an open
-- sign-up) answered 500 (issue 27, finding 11). sync_profile_from_auth_user
-- copied the new address with `set role = ..., hub_id = ..., email = ...`:
-- naming role and hub_id fires profiles_hub_user_needs_hub (`before update of
-- role, hub_id, deleted`) even when neither changes, and that trigger refuses
-- every write that leaves a hub_user without a hub but the sign-up's own
-- insert. So the sign-up's address could not change at all.
--
-- Now an e-mail change writes the e-mail alone; role and hub are written only
-- when they change, and then the hub rule holds as before (an admin turning the
-- user into a hub user must give it a hub, which update-user requires anyway).
create or replace function public.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  p public.profiles%rowtype;
  want_role text;
  want_hub uuid;
begin
  select * into p from public.profiles where user_id = new.id;
  if not found then
    return null;
  end if;

  want_role := coalesce(nullif(app_meta ->> 'role', ''), p.role);
  want_hub := case
    when want_role <> 'hub_user' then null -- choosing admin clears the hub (spec 5)
    when app_meta ? 'hub_id' then nullif(app_meta ->> 'hub_id', '')::uuid
    else p.hub_id
  end;

  if p.role is distinct from want_role or p.hub_id is distinct from want_hub then
    update public.profiles
       set role = want_role, hub_id = want_hub, email = new.email
     where id = p.id;
  elsif p.email is distinct from new.email then
    update public.profiles
       set email = new.email
     where id = p.id;
  end if;
  return null;
end;
$$;

comment on function public.sync_profile_from_auth_user() is
  'After an auth user''s e-mail or app metadata changes (Auth admin API, service role only): copies e-mail, role and hub_id to the profile; an e-mail change alone writes only the e-mail.';

revoke execute on function public.sync_profile_from_auth_user() from public, anon, authenticated;

-- schemas/functions/access.sql ============================================================

-- Row-level security: who may READ which rows. Nobody writes directly.
--
-- One write path (issue 3): the app writes through apply_commands (the sync
-- issue), the status procedures (functions/shipment_statuses.sql) and the
-- user-management edge functions (service role). Those run with their own
-- rights and check role and hub themselves. So the API roles lose INSERT,
-- UPDATE and DELETE on every table here, and the policies below are SELECT
-- policies only.
--
-- Soft-deleted rows stay readable on purpose: a device has to pull the
-- tombstone to drop its copy. Filtering deleted rows is the reader's job.
--
-- The read matrix in words (docs/security.md has it as a table):
--   admin, tower_control  everything (tower_control: only its own profile)
--   hub_user              master data (hubs, warehouses, vendors, vehicle types,
--                         statuses); its own profile; shipments leaving from,
--                         going to or currently at its hub, and their containers;
--                         its hub's warehouses' inventory; vehicles at its hub,
--                         free to be queued, or carrying a shipment it can read
--   POD hub_user          as hub_user, where "its hub" means every POD hub of its
--                         city, and its warehouses include any whose location
--                         is its city
--   anon                  nothing
-- A hub_user without a hub (an open sign-up not yet assigned) reads master
-- data and its own profile only. Every check is NULL-safe: an unknown role or
-- hub refuses, never passes.
--
-- Then the shipment-documents storage bucket and who may write it.

-- Helpers ------------------------------------------------------------------------
-- security definer: they read profiles, whose own policy would otherwise
-- hide the rows they need (and recurse when used inside that policy).
-- search_path = '': every name is schema-qualified, nothing the caller sets can
-- redirect them. stable: one evaluation per statement when wrapped in
-- (select ...) inside a policy, not one per row.
create or replace function public.my_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role
  from public.profiles p
  where p.user_id = (select auth.uid()) and not p.deleted
$$;

comment on function public.my_role() is
  'The signed-in user''s role from its profile; null when signed out or without a profile (the app then treats it as hub_user).';

revoke execute on function public.my_role() from public, anon;

grant execute on function public.my_role() to authenticated, service_role;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select public.my_role()) = 'admin', false)
$$;

comment on function public.is_admin() is 'True when the signed-in user is an admin.';

revoke execute on function public.is_admin() from public, anon;

grant execute on function public.is_admin() to authenticated, service_role;

create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select public.my_role()) in ('admin', 'tower_control'), false)
$$;

comment on function public.is_staff() is
  'True for admin and tower_control, the roles that see every hub (spec 6: view all shipments and inventory).';

revoke execute on function public.is_staff() from public, anon;

grant execute on function public.is_staff() to authenticated, service_role;

-- Spec 7.3: my_hub_id() returns the current user's hub id; null for
-- admin and tower_control (spec 6: "for other roles it is null").
create or replace function public.my_hub_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.hub_id
  from public.profiles p
  where p.user_id = (select auth.uid()) and not p.deleted and p.role = 'hub_user'
$$;

comment on function public.my_hub_id() is
  'Spec 7.3: the signed-in hub user''s hub id; null for admin, tower_control, a user without a hub and anon.';

revoke execute on function public.my_hub_id() from public, anon;

grant execute on function public.my_hub_id() to authenticated, service_role;

-- The hubs whose shipments and vehicles a hub user sees: its own hub and, for
-- a POD user, every POD hub of the same city ("shipments going to its city's
-- POD"). Empty for staff (they pass through is_staff) and for anon.
create or replace function public.my_hub_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(h.id), '{}'::uuid[])
  from public.hubs mine
  join public.hubs h
    on h.id = mine.id
    or (mine.type = 'pod' and h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(mine.city)))
  where mine.id = (select public.my_hub_id())
$$;

comment on function public.my_hub_ids() is
  'The hubs a hub user works at: its own, plus for a POD user every POD hub of its city. Used by the read policies.';

revoke execute on function public.my_hub_ids() from public, anon;

grant execute on function public.my_hub_ids() to authenticated, service_role;

-- The warehouses whose inventory a hub user sees: those of its hubs and, for a
-- POD user, any whose location is its city (POD completion books stock there).
create or replace function public.my_warehouse_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(w.id), '{}'::uuid[])
  from public.warehouses w
  where w.hub_id = any ((select public.my_hub_ids())::uuid[])
     or exists (
       select 1 from public.hubs mine
       where mine.id = (select public.my_hub_id())
         and mine.type = 'pod'
         and lower(btrim(w.location)) = lower(btrim(mine.city))
     )
$$;

comment on function public.my_warehouse_ids() is
  'The warehouses whose inventory a hub user reads: its hubs'' warehouses, plus for a POD user the warehouses located in its city.';

revoke execute on function public.my_warehouse_ids() from public, anon;

grant execute on function public.my_warehouse_ids() to authenticated, service_role;

-- The status procedures of spec 7.3, over the shipment_statuses table.
--
-- Names and arguments are the spec's, so the status screen calls them as
-- before: get_shipment_status_values(), is_shipment_status_used(status_value),
-- add_shipment_status(new_status), rename_shipment_status(old_value, new_value),
-- remove_shipment_status(value_to_remove). my_hub_id() and the
-- other helpers the policies use are above. Optional trailing arguments carry what the table
-- adds over an enum (label, color, order); callers that omit them get defaults.
--
-- The writing procedures are security definer (the API roles cannot write the
-- table) and start by checking that the caller is an admin. Errors carry
-- SQLSTATEs that PostgREST turns into meaningful HTTP statuses:
--   42501 not an admin (403), 23505 key exists (409), 23503 still used (409),
--   P0002 no such status, 22023 bad argument (400).
create or replace function public.require_admin(action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The service role (edge functions, admin tooling) acts for an admin.
  if not (select public.is_admin()) and coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Only an admin can %', action
      using errcode = '42501'; -- insufficient_privilege
  end if;
end;
$$;

comment on function public.require_admin(text) is
  'Raises insufficient_privilege unless the caller is an admin (or the service role).';

revoke execute on function public.require_admin(text) from public, anon, authenticated;

create or replace function public.require_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'Audit trail is readable by admin and tower control only'
      using errcode = '42501';
  end if;
end;
$$;

revoke execute on function public.require_staff() from public, anon, authenticated;

-- schemas/functions/domain_rules.sql ======================================================

-- The product's derivation rules (spec 3, 4.2). Every rule here has a twin in
-- sync/domain/*.ts that the device's predictions use;
-- tests/integration/commands-derivation.test.ts feeds both the same inputs and
-- requires the same answers, so they are written to behave identically on any
-- text:
--   * "lower case" means ASCII letters only (translate), never locale rules;
--   * "trimmed" means the whitespace JavaScript's String.prototype.trim removes;
--   * ties are broken by created_at, then name in byte order, then id (the
--     look-ups of functions/cmd_helpers.sql).

-- Text -----------------------------------------------------------------------

-- JavaScript's trim(): the same set of white space and line terminators.
create or replace function public.dm_trim(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(value, chr(9) || chr(10) || chr(11) || chr(12) || chr(13) || chr(32) || chr(160) || chr(5760)
                      || chr(8192) || chr(8193) || chr(8194) || chr(8195) || chr(8196) || chr(8197) || chr(8198)
                      || chr(8199) || chr(8200) || chr(8201) || chr(8202) || chr(8232) || chr(8233) || chr(8239)
                      || chr(8287) || chr(12288) || chr(65279))
$$;

comment on function public.dm_trim(text) is
  'Trims the characters JavaScript''s String.prototype.trim removes (the devices trim the same way).';

-- The pure rules are harmless to call; signed-in clients may use them (the
-- derivation test compares them with the devices' twins through the owner).
revoke execute on function public.dm_trim(text) from public, anon;

grant execute on function public.dm_trim(text) to authenticated, service_role;

create or replace function public.dm_lower(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;

comment on function public.dm_lower(text) is 'Lower-cases ASCII letters only (no locale rules), as sync/domain/text.ts does.';

revoke execute on function public.dm_lower(text) from public, anon;

grant execute on function public.dm_lower(text) to authenticated, service_role;

-- "lowercased without spaces" (spec 4.2), kept to what a status key may hold:
-- ASCII letters and digits; null when nothing is left.
create or replace function public.dm_slug(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(public.dm_lower(regexp_replace(coalesce(value, ''), '[^A-Za-z0-9]', '', 'g')), '')
$$;

comment on function public.dm_slug(text) is
  'Letters and digits of a text, ASCII lower case (Jakarta Utara -> jakartautara); null when none.';

revoke execute on function public.dm_slug(text) from public, anon;

grant execute on function public.dm_slug(text) to authenticated, service_role;

create or replace function public.dm_contains(haystack text, needle text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(position(public.dm_lower(needle) in public.dm_lower(haystack)) > 0, false)
$$;

revoke execute on function public.dm_contains(text, text) from public, anon;

grant execute on function public.dm_contains(text, text) to authenticated, service_role;

-- Spec 3: hub type from the hub name ------------------------------------------
-- In the spec's order: karawang; cikarang; poljak (jakarta or poljak); polsub
-- (surabaya or polsub); pod (type pod or name containing pod); past the spec, a
-- stored known type when the name says nothing (a renamed hub keeps its kind).
create or replace function public.hub_kind(p_name text, p_type text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when public.dm_contains(p_name, 'karawang') then 'karawang'
    when public.dm_contains(p_name, 'cikarang') then 'cikarang'
    when public.dm_contains(p_name, 'jakarta') or public.dm_contains(p_name, 'poljak') then 'poljak'
    when public.dm_contains(p_name, 'surabaya') or public.dm_contains(p_name, 'polsub') then 'polsub'
    when public.dm_lower(public.dm_trim(coalesce(p_type, ''))) = 'pod' or public.dm_contains(p_name, 'pod') then 'pod'
    when public.dm_lower(public.dm_trim(coalesce(p_type, ''))) in ('karawang', 'cikarang', 'poljak', 'polsub')
      then public.dm_lower(public.dm_trim(p_type))
    else 'other'
  end
$$;

comment on function public.hub_kind(text, text) is
  'Spec 3: karawang, cikarang, poljak, polsub, pod or other, from the hub name (and type for pod). Twin of sync/domain/hub-type.ts.';

revoke execute on function public.hub_kind(text, text) from public, anon;

grant execute on function public.hub_kind(text, text) to authenticated, service_role;

-- Spec 4.2: the OTW status of a new shipment -----------------------------------
-- p_names are looked at in order (for the Karawang/Cikarang form: warehouse
-- name, hub name, hub city; for the port forms: hub name, hub city); within
-- each, the known destinations are tried in order. When none names one, the
-- status is otw_ plus the city without spaces (p_city), labelled 'OTW {city}'.
-- key is null when nothing can be derived.
create or replace function public.otw_destination(p_names text[], p_city text, out key text, out label text)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  n text;
  c text := public.dm_trim(coalesce(p_city, ''));
begin
  foreach n in array coalesce(p_names, '{}'::text[]) loop
    if n is null then
      continue;
    end if;
    if public.dm_contains(n, 'cikarang') then
      key := 'otw_cikarang'; label := 'OTW Cikarang'; return;
    elsif public.dm_contains(n, 'poljak') or public.dm_contains(n, 'jakarta') then
      key := 'otw_poljak'; label := 'OTW Pol Jakarta'; return;
    elsif public.dm_contains(n, 'polsub') or public.dm_contains(n, 'surabaya') then
      key := 'otw_polsub'; label := 'OTW Pol Surabaya'; return;
    elsif public.dm_contains(n, 'makassar') or public.dm_contains(n, 'makasar') then
      key := 'otw_podmakasar'; label := 'OTW POD Makassar'; return;
    end if;
  end loop;
  if public.dm_slug(c) is not null then
    key := 'otw_' || public.dm_slug(c);
    label := 'OTW ' || c;
  end if;
end;
$$;

comment on function public.otw_destination(text[], text) is
  'Spec 4.2: the otw_ status (key, label) for a destination from its names and city; key null when none. Twin of sync/domain/destination.ts.';

revoke execute on function public.otw_destination(text[], text) from public, anon;

grant execute on function public.otw_destination(text[], text) to authenticated, service_role;

-- Spec 4.2, POD: the city a shipment is bound for ------------------------------
-- From an otw_ status: podmakassar/podmakasar is Makassar; a leading pod is
-- dropped; the first letter is upper-cased. The hubs' own destinations
-- (cikarang, poljak, polsub; past the spec also karawang, jakarta, surabaya,
-- which the dashboard treats as fixed hubs, the generic darat/laut, a bare pod) are no
-- POD city: null.
create or replace function public.pod_city_from_status(p_status text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  rest text;
  fixed text[] := array['cikarang', 'karawang', 'poljak', 'polsub', 'jakarta', 'surabaya', 'darat', 'laut', 'pod'];
begin
  if p_status is null or left(p_status, 4) <> 'otw_' then
    return null;
  end if;
  rest := substr(p_status, 5);
  if rest in ('podmakassar', 'podmakasar') then
    return 'Makassar';
  end if;
  if left(rest, 3) = 'pod' and length(rest) > 3 then
    rest := substr(rest, 4);
  end if;
  if rest = '' or rest = any (fixed) then
    return null;
  end if;
  return upper(left(rest, 1)) || substr(rest, 2);
end;
$$;

comment on function public.pod_city_from_status(text) is
  'Spec 4.2: the POD city named by an otw_ status (otw_podmakasar -> Makassar), null for the hubs'' own destinations. Twin of sync/domain/pod-city.ts.';

revoke execute on function public.pod_city_from_status(text) from public, anon;

grant execute on function public.pod_city_from_status(text) to authenticated, service_role;

-- The POD city of a destination hub (Confirm Tiba and Sedang Bongkar tabs):
-- null for hubs named cikarang, poljak or polsub; else the city, or for a hub
-- without one the name after a leading "POD".
create or replace function public.pod_city_of_hub(p_name text, p_city text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  n text := public.dm_trim(coalesce(p_name, ''));
  c text := public.dm_trim(coalesce(p_city, ''));
begin
  if public.dm_contains(n, 'cikarang') or public.dm_contains(n, 'poljak') or public.dm_contains(n, 'polsub') then
    return null;
  end if;
  if c <> '' then
    return c;
  end if;
  if public.dm_lower(left(n, 3)) = 'pod' then
    return nullif(public.dm_trim(substr(n, 4)), '');
  end if;
  return null;
end;
$$;

comment on function public.pod_city_of_hub(text, text) is
  'Spec 4.2, POD tabs: the city of a destination hub, null for Cikarang/PolJak/PolSub. Twin of sync/domain/pod-city.ts.';

revoke execute on function public.pod_city_of_hub(text, text) from public, anon;

grant execute on function public.pod_city_of_hub(text, text) to authenticated, service_role;

-- Jakarta time (WIB, UTC+7, no daylight saving): business dates and the times in messages.
create or replace function public.dm_jakarta_date(p_at timestamptz)
returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (p_at at time zone 'Asia/Jakarta')::date
$$;

revoke execute on function public.dm_jakarta_date(timestamptz) from public, anon;

grant execute on function public.dm_jakarta_date(timestamptz) to authenticated, service_role;

-- '21 Nov 2026 14:05 WIB' (Indonesian month abbreviations: Mei, Agu, Okt, Des).
create or replace function public.dm_format_wib(p_at timestamptz)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_char(p_at at time zone 'Asia/Jakarta', 'DD') || ' '
         || (array['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'])
              [extract(month from p_at at time zone 'Asia/Jakarta')::int]
         || ' ' || to_char(p_at at time zone 'Asia/Jakarta', 'YYYY HH24:MI') || ' WIB'
$$;

revoke execute on function public.dm_format_wib(timestamptz) from public, anon;

grant execute on function public.dm_format_wib(timestamptz) to authenticated, service_role;

-- schemas/functions/cmd_pod.sql ===========================================================

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
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk POD kota ini.');
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
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
  who text;
  target public.hubs;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if left(s.status, 4) <> 'otw_' then
    -- A second tablet was late: name the first. Anything else is the spec's message.
    who := public.cmd_who_when(s.id, array['pod_confirm_arrival', 'confirm_arrival']);
    if who is not null and s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject('conflict', 'Kedatangan sudah dikonfirmasi oleh ' || who);
    end if;
    perform public.cmd_reject('precondition', 'Invalid status format');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
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
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  v_city text := public.cmd_pod_city(s);
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_city is null then
    perform public.cmd_reject('precondition', 'Unable to extract city from shipment');
  end if;
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_start_unloading', 'start_unloading'],
                                         'Bongkar sudah dimulai', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Kedatangan pengiriman ini belum dikonfirmasi.');
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

revoke execute on function public.cmd_pod_complete(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/shipment_documents.sql ================================================

-- Who may write its objects (issue 9). Objects are the upload queue's
-- deterministic paths, shipments/<shipment id>/<slot>.<ext>
-- (sync/uploads/queue.ts). Only those who may set the shipment's photos
-- (admin, tower control, users of its origin hub: cmd_set_shipment_image) may
-- upload or replace them, and an object a shipment already points at is never
-- replaced by anyone but the user who uploaded it.

-- The shipment an object path belongs to, or null for any other path.
create or replace function public.shipment_document_owner(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(delivery_record|bast)\.(png|jpg|jpeg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

revoke execute on function public.shipment_document_owner(text) from public, anon;

grant execute on function public.shipment_document_owner(text) to authenticated, service_role;

-- May the caller write this object? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff() or s.origin_hub_id = public.my_hub_id()
    from public.shipments s
    where s.id = public.shipment_document_owner(p_name) and not s.deleted
  ), false)
$$;

revoke execute on function public.may_write_shipment_document(text) from public, anon;

grant execute on function public.may_write_shipment_document(text) to authenticated, service_role;

-- Does a shipment point at this object already?
create or replace function public.shipment_document_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.id = public.shipment_document_owner(p_name)
      and '/storage/v1/object/public/shipment-documents/' || p_name in (s.delivery_record_image_url, s.bast_image_url)
  )
$$;

revoke execute on function public.shipment_document_in_use(text) from public, anon;

grant execute on function public.shipment_document_in_use(text) to authenticated, service_role;

-- The shipment a document's path belongs to, or null for any other path.
create or replace function public.shipment_of_document_file(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/documents/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

revoke execute on function public.shipment_of_document_file(text) from public, anon;

grant execute on function public.shipment_of_document_file(text) to authenticated, service_role;

-- May the caller store this document file? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document_file(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff()
      or s.origin_hub_id = public.my_hub_id()
      or s.destination_hub_id = public.my_hub_id()
      or exists (
        select 1 from public.hubs h
        where h.id = public.my_hub_id() and not h.deleted
          and public.hub_kind(h.name, h.type) = 'pod'
          and public.dm_slug(public.pod_city_of_hub(h.name, h.city)) = public.dm_slug(public.cmd_pod_city(s))
      )
    from public.shipments s
    where s.id = public.shipment_of_document_file(p_name) and not s.deleted
  ), false)
$$;

revoke execute on function public.may_write_shipment_document_file(text) from public, anon;

grant execute on function public.may_write_shipment_document_file(text) to authenticated, service_role;

-- The shipment an object of the bucket belongs to: a shipping form's photo
-- (shipments/<id>/<slot>.<ext>) or a handover document (shipments/<id>/documents/<id>.<ext>).
create or replace function public.shipment_of_object(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select coalesce(public.shipment_document_owner(p_name), public.shipment_of_document_file(p_name))
$$;

revoke execute on function public.shipment_of_object(text) from public, anon;

grant execute on function public.shipment_of_object(text) to authenticated, service_role;

-- May the caller read this object? Security invoker: the shipments' own read policy decides
-- (staff every shipment; a hub user those from, to or at its hubs), as for every other row
-- of the shipment, so a user who moved hubs or was deleted reads nothing.
create or replace function public.may_read_shipment_object(p_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.shipments s where s.id = public.shipment_of_object(p_name))
$$;

revoke execute on function public.may_read_shipment_object(text) from public, anon;

grant execute on function public.may_read_shipment_object(text) to authenticated, service_role;

-- Sealed: an object a shipment_documents row names. Security definer: the seal holds
-- whoever asks, whatever rows they may read. Volatile, so that under READ COMMITTED it reads
-- with a snapshot of its own: an upsert that waited for the object's row (locked by the
-- attach that seals it, shipment_document_measured) sees the attach once it committed.
create or replace function public.document_file_sealed(p_bucket text, p_name text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select p_bucket = 'shipment-documents'
     and exists (select 1 from public.shipment_documents d where d.path = p_name)
$$;

revoke execute on function public.document_file_sealed(text, text) from public, anon;

grant execute on function public.document_file_sealed(text, text) to authenticated, service_role;

-- Measured: what attach_document records is what is stored. The Storage that took the
-- upload wrote size, mimetype and sha256 into the object's metadata (the local stand-in
-- while streaming it; hosted: docs/security.md); a claim that differs from any of them is
-- refused, inside the command (a rejection, not an error), and nothing is recorded. The
-- object's row is locked for the rest of the command, so the bytes measured are the bytes
-- sealed. An object without a measured hash (stored before issue 40) keeps the device's
-- claim for the hash; its size and type are still the stored ones.
create or replace function public.shipment_document_measured()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m jsonb;
begin
  select coalesce(o.metadata, '{}'::jsonb) into m
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = new.path
  for share;
  if not found then
    return new; -- attach_document refuses a missing object itself (upload_missing)
  end if;
  if (jsonb_typeof(m -> 'size') = 'number' and (m ->> 'size')::numeric <> new.size_bytes)
     or (jsonb_typeof(m -> 'mimetype') = 'string' and m ->> 'mimetype' <> new.mime)
     or (jsonb_typeof(m -> 'sha256') = 'string' and m ->> 'sha256' <> new.sha256) then
    perform public.cmd_reject('document_mismatch',
      'Berkas di penyimpanan tidak sama dengan yang dicatat perangkat (ukuran, jenis atau SHA-256 berbeda); dokumen tidak dicatat.');
  end if;
  return new;
end;
$$;

revoke execute on function public.shipment_document_measured() from public, anon, authenticated;

-- schemas/functions/shipment_statuses.sql =================================================

-- Validates and normalises a status key: trimmed, lower case words joined by underscores.
create or replace function public.normalize_status_key(value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  k text := lower(btrim(coalesce(value, '')));
begin
  if k = '' then
    raise exception 'A status key is required' using errcode = '22023';
  end if;
  if k !~ '^[a-z0-9]+(_[a-z0-9]+)*$' then
    raise exception 'Status key "%" must be lower case letters and digits joined by underscores, like otw_makassar', k
      using errcode = '22023';
  end if;
  return k;
end;
$$;

comment on function public.normalize_status_key(text) is
  'Trims and lower-cases a status key and checks its format; raises invalid_parameter_value otherwise.';

revoke execute on function public.normalize_status_key(text) from public, anon, authenticated;

-- get_shipment_status_values -------------------------------------------------------
create or replace function public.get_shipment_status_values()
returns text[]
language sql
stable
security invoker -- statuses are readable by every signed-in user anyway
set search_path = ''
as $$
  select coalesce(array_agg(s.key order by s.sort_order, s.key), '{}'::text[])
  from public.shipment_statuses s
  where not s.deleted
$$;

comment on function public.get_shipment_status_values() is
  'Spec 7.3: the live status keys, in display order.';

-- Who may call: signed-in users (the write procedures check admin themselves);
-- never anon. Functions are executable by PUBLIC by default, hence the revoke.
revoke execute on function public.get_shipment_status_values() from public, anon;

grant execute on function public.get_shipment_status_values() to authenticated, service_role;

-- is_shipment_status_used ----------------------------------------------------------
-- security definer: a hub user cannot read every shipment, but the answer
-- must count all of them.
create or replace function public.is_shipment_status_used(status_value text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.status = status_value and not s.deleted
  )
$$;

comment on function public.is_shipment_status_used(text) is
  'Spec 7.3: true when a (not deleted) shipment has this status, so it cannot be removed.';

revoke execute on function public.is_shipment_status_used(text) from public, anon;

grant execute on function public.is_shipment_status_used(text) to authenticated, service_role;

-- add_shipment_status --------------------------------------------------------------
create or replace function public.add_shipment_status(
  new_status text,
  new_label text default null,
  new_color text default 'info',
  new_sort_order integer default null
)
returns public.shipment_statuses
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text;
  existing public.shipment_statuses%rowtype;
  result public.shipment_statuses%rowtype;
  label_value text;
begin
  perform public.require_admin('add a shipment status');
  k := public.normalize_status_key(new_status);
  -- Without a label, show the key as the UI does for unknown statuses:
  -- underscores to spaces, words capitalised.
  label_value := coalesce(nullif(btrim(new_label), ''), initcap(replace(k, '_', ' ')));

  select * into existing from public.shipment_statuses where key = k for update;
  if found and not existing.deleted then
    raise exception 'Status "%" already exists', k using errcode = '23505';
  end if;

  if found then
    -- A removed status with this key: bring it back rather than clash with its tombstone.
    update public.shipment_statuses
       set label = label_value,
           color = coalesce(new_color, 'info'),
           sort_order = coalesce(new_sort_order, existing.sort_order),
           deleted = false
     where key = k
    returning * into result;
  else
    insert into public.shipment_statuses (key, label, color, sort_order)
    values (
      k, label_value, coalesce(new_color, 'info'),
      coalesce(new_sort_order, (select coalesce(max(sort_order), 0) + 10 from public.shipment_statuses))
    )
    returning * into result;
  end if;
  return result;
end;
$$;

comment on function public.add_shipment_status(text, text, text, integer) is
  'Spec 7.3, admin only: adds a status (label defaults to the key in words, color to info, order to the end). Refuses an existing key.';

revoke execute on function public.add_shipment_status(text, text, text, integer) from public, anon;

grant execute on function public.add_shipment_status(text, text, text, integer) to authenticated, service_role;

-- rename_shipment_status -----------------------------------------------------------
create or replace function public.rename_shipment_status(
  old_value text,
  new_value text,
  new_label text default null,
  new_color text default null
)
returns public.shipment_statuses
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_key text := btrim(coalesce(old_value, ''));
  new_key text;
  tombstone public.shipment_statuses%rowtype;
  result public.shipment_statuses%rowtype;
begin
  perform public.require_admin('rename a shipment status');
  new_key := public.normalize_status_key(new_value);

  perform 1 from public.shipment_statuses where key = old_key and not deleted for update;
  if not found then
    raise exception 'Status "%" does not exist', old_key using errcode = 'P0002';
  end if;

  if new_key <> old_key then
    select * into tombstone from public.shipment_statuses where key = new_key for update;
    if found and not tombstone.deleted then
      raise exception 'Status "%" already exists', new_key using errcode = '23505';
    end if;
    if found then
      -- A removed status holds the key; its tombstone has done its job once
      -- devices see the rename, so it goes (refused by the foreign key if a
      -- deleted shipment still names it).
      delete from public.shipment_statuses where key = new_key;
    end if;
  end if;

  -- ON UPDATE CASCADE moves every shipment to the new key; their triggers
  -- stamp them, so devices pull the renamed shipments too.
  update public.shipment_statuses
     set key = new_key,
         label = coalesce(nullif(btrim(new_label), ''),
                          case when new_key = old_key then label else initcap(replace(new_key, '_', ' ')) end),
         color = coalesce(new_color, color)
   where key = old_key
  returning * into result;
  return result;
end;
$$;

comment on function public.rename_shipment_status(text, text, text, text) is
  'Spec 7.3, admin only: renames a status key (shipments follow by ON UPDATE CASCADE) and optionally sets label and color. new_value = old_value edits only label/color.';

revoke execute on function public.rename_shipment_status(text, text, text, text) from public, anon;

grant execute on function public.rename_shipment_status(text, text, text, text) to authenticated, service_role;

-- remove_shipment_status -----------------------------------------------------------
create or replace function public.remove_shipment_status(value_to_remove text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text := btrim(coalesce(value_to_remove, ''));
  used integer;
begin
  perform public.require_admin('remove a shipment status');

  perform 1 from public.shipment_statuses where key = k and not deleted for update;
  if not found then
    raise exception 'Status "%" does not exist', k using errcode = 'P0002';
  end if;

  select count(*) into used from public.shipments where status = k and not deleted;
  if used > 0 then
    raise exception 'Cannot delete status "%": it is used by % shipment(s)', k, used
      using errcode = '23503', -- foreign_key_violation: still referenced
            hint = 'Move those shipments to another status first.';
  end if;

  -- Soft delete: devices must pull the removal (see the table's comment).
  update public.shipment_statuses set deleted = true where key = k;
end;
$$;

comment on function public.remove_shipment_status(text) is
  'Spec 7.3, admin only: removes a status that no shipment uses; refuses one in use.';

revoke execute on function public.remove_shipment_status(text) from public, anon;

grant execute on function public.remove_shipment_status(text) to authenticated, service_role;

-- schemas/functions/pull.sql ==============================================================

-- Pull for the offline clients (docs/sync.md): every replicated table is read
-- by a commit-safe checkpoint (change_xid, id).
--
-- change_xid is the writing transaction's id (stamp_replication_columns).
-- A row is handed out only when its change_xid is below the snapshot's xmin,
-- i.e. when every transaction that could still commit a smaller change_xid has
-- ended. A transaction that started first and commits last therefore holds the
-- horizon back until it commits, and its rows are pulled after it; a
-- time-based cursor (updated_at > last) would skip them for good.
--
-- security invoker: the caller's row-level security decides what it pulls.

-- public.replicated_tables(), the list of tables, is in tables/shipment_receipts.sql.

-- public.pull_changes(), the pull itself, and public.visible_ids(), the ids a device may
-- hold now (convergence), are in functions/working_set.sql: both send only the
-- device's working set (issue 26).

-- Rows by id in the pull's shape (change_xid as text), for reconcileScope.
create or replace function public.rows_by_id(p_table text, p_ids uuid[])
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  batch jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object(''change_xid'', t.change_xid::text)), ''[]''::jsonb)
     from public.%I t where t.id = any ($1)', p_table)
  into batch using p_ids;
  return batch;
end;
$$;

revoke execute on function public.rows_by_id(text, uuid[]) from public, anon;

grant execute on function public.rows_by_id(text, uuid[]) to authenticated, service_role;

-- Pull -----------------------------------------------------------------------------------
-- Only the working set (working_set.sql), and a checkpoint past the rows left out. jit off (here and below): a plan's cost is estimated over the
-- whole history before the indexes narrow it, and on PostgreSQL that estimate alone made
-- the JIT compile each statement, seconds for a pull that runs in milliseconds.
create or replace function public.pull_changes(
  p_table text,
  p_after_xid text default null,
  p_after_id uuid default null,
  p_limit integer default 1000
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_cutoff timestamptz := public.working_set_cutoff();
  v_limit integer := least(greatest(coalesce(p_limit, 1000), 1), 5000);
  batch jsonb;
  n integer;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format(
    $q$
      select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text)
                                order by t.change_xid, t.id), '[]'::jsonb),
             count(*)
      from (
        select t.* from %s
        where (t.change_xid, t.id) > ($3, $4) and t.change_xid < $5
        order by t.change_xid, t.id
        limit $6
      ) t
    $q$, public.working_set_source(p_table))
  into batch, n
  using v_cutoff,
        public.dm_jakarta_date(v_cutoff),
        coalesce(p_after_xid, '0')::xid8,
        coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid),
        horizon,
        v_limit;
  return jsonb_build_object(
    'rows', batch,
    'horizon', horizon::text,
    'cutoff', v_cutoff,
    -- Not full: every row of the set below the horizon is out, so the next pull starts there.
    'checkpoint', case when n < v_limit and horizon::text::numeric > 0 then
      jsonb_build_object('xid', (horizon::text::numeric - 1)::text, 'id', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
    end
  );
end;
$$;

comment on function public.pull_changes(text, text, uuid, integer) is
  'Rows of p_table''s working set after the checkpoint (change_xid, id), in checkpoint order, only from committed transactions below the snapshot xmin (the horizon, returned too), with the server''s cutoff and, when the batch is not full, the checkpoint past everything below the horizon. RLS applies.';

revoke execute on function public.pull_changes(text, text, uuid, integer) from public, anon;

grant execute on function public.pull_changes(text, text, uuid, integer) to authenticated, service_role;

-- Convergence: the ids of the working set the user may read now, with the snapshot's
-- horizon and the cutoff.
create or replace function public.visible_ids(p_table text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  ids jsonb;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format('select coalesce(jsonb_agg(t.id), ''[]''::jsonb) from %s', public.working_set_source(p_table))
    into ids using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return jsonb_build_object('ids', ids, 'horizon', pg_snapshot_xmin(pg_current_snapshot())::text, 'cutoff', v_cutoff);
end;
$$;

comment on function public.visible_ids(text) is
  'Every id of p_table''s working set the caller may read now (RLS), the snapshot horizon and the cutoff: a device drops rows not listed and fetches listed rows it lacks.';

revoke execute on function public.visible_ids(text) from public, anon;

grant execute on function public.visible_ids(text) to authenticated, service_role;

-- Which tables have changes past the device's checkpoints (issues 10, 13, 14; with
-- has_changes, its answer with the cutoff):
-- a sync round asks this once, then pulls only those tables, instead of one
-- pull_changes request per table every round. On a patchy network fewer
-- requests per round means fewer rounds lost; on the server, one statement per
-- table instead of one HTTP request per table. Each test is an index probe on
-- (change_xid, id), stopped at the first row found.
--
-- Commit-safe like pull_changes: a row counts only below the snapshot's xmin,
-- and the answer carries that horizon. A table left out had no row past its
-- checkpoint below the horizon, so the device's pulled state is complete up
-- to the horizon for it without asking.
create or replace function public.changed_tables(p_checkpoints jsonb)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  horizon xid8 := pg_snapshot_xmin(pg_current_snapshot());
  t text;
  cp jsonb;
  found_one boolean;
  changed text[] := '{}';
begin
  if jsonb_typeof(p_checkpoints) is distinct from 'object' then
    raise exception 'checkpoints must be an object of {xid, id} by table' using errcode = '22023';
  end if;
  foreach t in array public.replicated_tables() loop
    cp := p_checkpoints -> t;
    execute format(
      'select exists (select 1 from public.%I r where (r.change_xid, r.id) > ($1, $2) and r.change_xid < $3)', t)
      into found_one
      using case when jsonb_typeof(cp -> 'xid') = 'string' and (cp ->> 'xid') ~ '^\d{1,20}$' then (cp ->> 'xid')::xid8 else '0'::xid8 end,
            case when jsonb_typeof(cp -> 'id') = 'string'
                      and (cp ->> 'id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                 then (cp ->> 'id')::uuid else '00000000-0000-0000-0000-000000000000'::uuid end,
            horizon;
    if found_one then
      changed := changed || t;
    end if;
  end loop;
  -- The cutoff rides along: every round asks this first, so the device's rule uses the
  -- server's clock (sync/replication/working-set.ts).
  return jsonb_build_object('tables', to_jsonb(changed), 'horizon', horizon::text, 'cutoff', public.working_set_cutoff());
end;
$$;

comment on function public.changed_tables(jsonb) is
  'The tables the caller may read that have a row past its checkpoint and below the commit-safe horizon (a row outside the working set too: the pull then moves the checkpoint past it), that horizon, and the working set''s cutoff.';

revoke execute on function public.changed_tables(jsonb) from public, anon;

grant execute on function public.changed_tables(jsonb) to authenticated, service_role;

-- "Has anything changed for me?": the idle probe of older app versions (a
-- device online and idle asked it every few seconds instead of pulling every
-- table; only a "yes" started a pull). The same question as changed_tables.
create or replace function public.has_changes(p_checkpoints jsonb)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_array_length(public.changed_tables(p_checkpoints) -> 'tables') > 0
$$;

comment on function public.has_changes(jsonb) is
  'True when any table the caller may read has a row past its checkpoint and below the commit-safe horizon.';

revoke execute on function public.has_changes(jsonb) from public, anon;

grant execute on function public.has_changes(jsonb) to authenticated, service_role;

-- schemas/functions/cmd_helpers.sql =======================================================

-- What the command families share: the refusal, the permission checks, the
-- payload readers and the rows the commands look up. Each command is a
-- function public.cmd_<type>(ctx public.command_context, p jsonb) returning
-- the id of the main row it acted on, called by apply_commands
-- (functions/apply_commands.sql) inside the command's own
-- subtransaction; it checks role, hub and precondition under row locks and
-- writes every row of the transition. Nothing here is callable by the API
-- roles: execute is revoked at the end of the file.
--
-- No `set search_path` on the functions of the measured hot path (cmd_reject,
-- cmd_require_hub, cmd_uuid here; cmd_time_floor and cmd_device_time; the
-- vehicle queue's cmd_hub, cmd_lock_vehicle, cmd_vehicle_at_hub and its four
-- commands): a function-level SET makes every call save, set and restore the
-- settings (about 1 us a call, ten calls a command). It is safe because none
-- of them is security definer (each runs with its caller's rights, so a search
-- path could only redirect what the caller could already do), clients cannot
-- call them, and they are reached only from apply_commands, which is security
-- definer with `set search_path = ''`: they run with that empty path. Every
-- table, type and function of ours they name is schema-qualified; built-ins
-- resolve in pg_catalog, searched first under the empty path. Every other
-- function keeps its own `set search_path = ''`; a function added to the hot
-- path without it needs the same reading (docs/performance.md, "How
-- apply_commands got fast", note 4).

-- Refusals and permissions -----------------------------------------------------

-- A final refusal: apply_commands records the command as rejected with this
-- code (the detail 'dermaga:<code>'), message as given.
create or replace function public.cmd_reject(p_code text, p_message text)
returns void
language plpgsql
as $$
begin
  raise exception using errcode = 'P0001', message = p_message, detail = 'dermaga:' || p_code;
end;
$$;

revoke execute on function public.cmd_reject(text, text) from public, anon, authenticated;

-- Admin and tower control act for every hub; a hub user only for its own.
create or replace function public.cmd_require_hub(ctx public.command_context, p_hub_id uuid)
returns void
language plpgsql
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null and ctx.hub_id = p_hub_id then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
end;
$$;

revoke execute on function public.cmd_require_hub(public.command_context, uuid) from public, anon, authenticated;

-- Role checks are NULL-safe: a missing role never passes.
create or replace function public.cmd_require_role(ctx public.command_context, p_roles text[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not coalesce(ctx.role = any (p_roles), false) then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk tindakan ini.');
  end if;
end;
$$;

revoke execute on function public.cmd_require_role(public.command_context, text[]) from public, anon, authenticated;

-- Staff, or a hub user that has a hub (an open sign-up not yet assigned has none).
create or replace function public.cmd_require_operator(ctx public.command_context)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') or (ctx.role = 'hub_user' and ctx.hub_id is not null) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk tindakan ini.');
end;
$$;

revoke execute on function public.cmd_require_operator(public.command_context) from public, anon, authenticated;

-- Payload readers ----------------------------------------------------------------
-- Every field a cmd_* function reads is read through one of these, so a field
-- of the wrong type is refused with code 'validation' and a message, never
-- coerced (issue 9: a number as an optional text used to erase the stored
-- value). Text is trimmed as the devices trim (public.dm_trim). The devices'
-- zod schemas (sync/commands/helpers.ts) are as strict;
-- tests/integration/bad-input-property.test.ts sends both sides the same
-- generated bad payloads.

-- Text a device may send: no control characters but tab, line feed and
-- carriage return (a NUL cannot even reach the database; the others are
-- refused here). Devices remove them before a command is queued.
create or replace function public.cmd_require_clean_text(p_text text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    perform public.cmd_reject('validation', 'Teks berisi karakter yang tidak diizinkan.');
  end if;
end;
$$;

revoke execute on function public.cmd_require_clean_text(text) from public, anon, authenticated;

-- A uuid sent as a JSON string (any case; compared and stored canonical).
create or replace function public.cmd_uuid(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string'
     or (p ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::uuid;
end;
$$;

revoke execute on function public.cmd_uuid(jsonb, text, text) from public, anon, authenticated;

-- An optional id: missing or null is null, anything else must be a uuid.
-- (plpgsql, not a SQL CASE: the planner may fold an immutable call in a branch
-- that is never taken, and cmd_uuid raises.)
create or replace function public.cmd_uuid_or_null(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  return public.cmd_uuid(p, p_key, p_message);
end;
$$;

revoke execute on function public.cmd_uuid_or_null(jsonb, text, text) from public, anon, authenticated;

-- Required text: a JSON string, trimmed as the devices trim, not blank, within its bound.
create or replace function public.cmd_req_text(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text;
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string' or public.dm_trim(p ->> p_key) = '' then
    perform public.cmd_reject('validation', p_message);
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  v := public.dm_trim(p ->> p_key);
  perform public.cmd_require_text_bound(p_key, v);
  return v;
end;
$$;

revoke execute on function public.cmd_req_text(jsonb, text, text) from public, anon, authenticated;

-- Optional text: missing, null or blank is null (spec 5); a string is trimmed and within its
-- bound; anything else (a number, a boolean, an object) is refused.
create or replace function public.cmd_opt_text(p jsonb, p_key text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text;
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'string' then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  v := nullif(public.dm_trim(p ->> p_key), '');
  if v is not null then
    perform public.cmd_require_text_bound(p_key, v);
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_opt_text(jsonb, text) from public, anon, authenticated;

-- A calendar date sent as yyyy-MM-dd, a real day between 2000-01-01 and
-- 2099-12-31 (no business date of this product lies outside).
create or replace function public.cmd_date(p jsonb, p_key text, p_message text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  d date;
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string' or (p ->> p_key) !~ '^\d{4}-\d{2}-\d{2}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  begin
    d := (p ->> p_key)::date;
  exception when others then
    perform public.cmd_reject('validation', p_message);
  end;
  if to_char(d, 'YYYY-MM-DD') <> p ->> p_key -- 2026-02-30 and the like
     or d < date '2000-01-01' or d > date '2099-12-31' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return d;
end;
$$;

revoke execute on function public.cmd_date(jsonb, text, text) from public, anon, authenticated;

-- A quantity: a whole number in [0, 1000000].
create or replace function public.cmd_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0
     or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_quantity(jsonb, text, text) from public, anon, authenticated;

-- A whole number in [p_min, p_max]; p_low_message below, p_high_message above.
create or replace function public.cmd_int_between(p jsonb, p_key text, p_min integer, p_max integer,
                                                  p_low_message text, p_high_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < p_min then
    perform public.cmd_reject('validation', p_low_message);
  end if;
  if (p ->> p_key)::numeric > p_max then
    perform public.cmd_reject('validation', p_high_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_int_between(jsonb, text, integer, integer, text, text) from public, anon, authenticated;

-- The changes object of an edit command. Edits merge field by field
-- (docs/sync.md): only the fields `changes` names are written, so two users
-- editing different fields both keep theirs and the later edit of the same
-- field wins.
create or replace function public.cmd_changes(p jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> 'changes') is distinct from 'object' then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  return p -> 'changes';
end;
$$;

revoke execute on function public.cmd_changes(jsonb) from public, anon, authenticated;

-- Rows the commands look up --------------------------------------------------------

-- The id a command gives a new row must be new; reusing one is a device bug
-- (a replayed command never gets here: apply_commands answers it from its record).
create or replace function public.cmd_require_new_id(p_table text, p_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  taken boolean;
begin
  execute format('select exists (select 1 from public.%I where id = $1)', p_table) into taken using p_id;
  if taken then
    perform public.cmd_reject('duplicate_id', 'Perintah tidak valid: data dengan id ini sudah ada.');
  end if;
end;
$$;

revoke execute on function public.cmd_require_new_id(text, uuid) from public, anon, authenticated;

-- Spec 9: "the hub's first warehouse": the oldest live one, then by name.
create or replace function public.cmd_first_warehouse(p_hub_id uuid)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where w.hub_id = p_hub_id and not w.deleted
  order by w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_first_warehouse(uuid) from public, anon, authenticated;

-- Spec 4.2, POD: the warehouse whose location matches the city (an exact
-- match before one that merely contains it), or null.
create or replace function public.cmd_city_warehouse(p_city text)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where not w.deleted
    and public.dm_slug(p_city) is not null
    and position(public.dm_slug(p_city) in coalesce(public.dm_slug(w.location), '')) > 0
  order by public.dm_slug(w.location) = public.dm_slug(p_city) desc, w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_city_warehouse(text) from public, anon, authenticated;

-- Spec 4.2, POD: the hub whose city or name matches the city, or null. The
-- shipment's own destination first, then POD hubs, then the oldest.
create or replace function public.cmd_city_hub(p_city text, p_prefer uuid)
returns public.hubs
language sql
stable
set search_path = ''
as $$
  select h.* from public.hubs h
  where not h.deleted
    and public.dm_slug(p_city) is not null
    and (public.dm_slug(h.city) = public.dm_slug(p_city)
         or position(public.dm_slug(p_city) in coalesce(public.dm_slug(h.name), '')) > 0)
  order by h.id = p_prefer desc, public.hub_kind(h.name, h.type) = 'pod' desc,
           h.created_at, h.name collate "C", h.id
  limit 1
$$;

revoke execute on function public.cmd_city_hub(text, uuid) from public, anon, authenticated;

-- A status key used by a new shipment exists (spec 4.2 names otw_ plus any
-- city): added with its label when missing, brought back when removed.
create or replace function public.cmd_ensure_status(p_key text, p_label text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.shipment_statuses (key, label, color, sort_order)
  values (p_key, p_label, 'primary',
          (select coalesce(max(s.sort_order), 0) + 10 from public.shipment_statuses s))
  on conflict (key) do nothing;
  update public.shipment_statuses set deleted = false where key = p_key and deleted;
end;
$$;

revoke execute on function public.cmd_ensure_status(text, text) from public, anon, authenticated;

-- The shipment, locked, or not_found.
create or replace function public.cmd_lock_shipment(p_shipment_id uuid)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments;
begin
  select * into s from public.shipments where id = p_shipment_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Shipment not found');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_shipment(uuid) from public, anon, authenticated;

-- Who did it and when, from the audit trail: 'cikarang@demo.local pada 21 Nov
-- 2026 14:05 WIB' for the last applied command of those types on the entity.
create or replace function public.cmd_who_when(p_entity uuid, p_types text[])
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(c.actor_email, 'pengguna lain') || ' pada ' || public.dm_format_wib(c.issued_at)
  from public.commands c
  where c.entity_id = p_entity and c.outcome = 'applied' and c.type = any (p_types)
  order by c.received_at desc
  limit 1
$$;

revoke execute on function public.cmd_who_when(uuid, text[]) from public, anon, authenticated;

-- First writer wins (docs/sync.md): the later command is refused with code
-- 'conflict' and a message naming who got there first and when.
create or replace function public.cmd_reject_conflict(p_entity uuid, p_types text[], p_what text, p_status text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  who text := public.cmd_who_when(p_entity, p_types);
  status_label text;
begin
  if who is not null then
    perform public.cmd_reject('conflict', p_what || ' oleh ' || who);
  end if;
  select s.label into status_label from public.shipment_statuses s where s.key = p_status;
  perform public.cmd_reject('conflict', p_what || ' (status sekarang: ' || coalesce(status_label, p_status) || ').');
end;
$$;

revoke execute on function public.cmd_reject_conflict(uuid, text[], text, text) from public, anon, authenticated;

-- The latest transition time of the payload's shipments and vehicles (apply_commands.sql,
-- note 3.): each id by primary key.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
as $$
declare
  vals jsonb;
  v jsonb;
  e jsonb;
  t text;
  ids uuid[] := '{}';
  i integer;
  k integer;
  latest timestamptz;
  found_at timestamptz;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return null;
  end if;
  -- The values of the object's members ('strict': arrays among them stay arrays).
  vals := jsonb_path_query_array(p, 'strict $.*');
  for i in 0 .. jsonb_array_length(vals) - 1 loop
    v := vals -> i;
    if jsonb_typeof(v) = 'string' then
      t := v #>> '{}';
      if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        ids := ids || t::uuid;
      end if;
    elsif jsonb_typeof(v) = 'array' then
      for k in 0 .. jsonb_array_length(v) - 1 loop
        e := v -> k;
        if jsonb_typeof(e) = 'string' then
          t := e #>> '{}';
          if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
            ids := ids || t::uuid;
          end if;
        end if;
      end loop;
    end if;
  end loop;
  -- The latest non-null time of the rows (greatest() passes over nulls; null when none).
  for i in 1 .. cardinality(ids) loop
    select greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                    s.unloading_finished_at)
      into found_at from public.shipments s where s.id = ids[i];
    latest := greatest(latest, found_at);
    select greatest(x.queued_at, x.loading_started_at, x.loading_finished_at)
      into found_at from public.vehicles x where x.id = ids[i];
    latest := greatest(latest, found_at);
  end loop;
  return latest;
end;
$$;

revoke execute on function public.cmd_time_floor(jsonb) from public, anon, authenticated;

-- The time the user acted, by the device clock: an ISO 8601 time with a zone
-- ('2026-11-21T07:05:00.123Z', '2026-11-21T14:05:00+07:00'), else null (the
-- caller refuses the command). Clamped to [floor, receipt].
create or replace function public.cmd_device_time(p_issued jsonb, p_payload jsonb, p_received timestamptz)
returns timestamptz
language plpgsql
stable
as $$
declare
  t timestamptz;
begin
  if jsonb_typeof(p_issued) is distinct from 'string'
     or (p_issued #>> '{}') !~ '^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    return null;
  end if;
  begin
    t := (p_issued #>> '{}')::timestamptz;
  exception when others then
    return null;
  end;
  return least(p_received, greatest(t, p_received - interval '30 days', public.cmd_time_floor(p_payload)));
end;
$$;

revoke execute on function public.cmd_device_time(jsonb, jsonb, timestamptz) from public, anon, authenticated;

create or replace function public.cmd_hub(p_hub_id uuid)
returns public.hubs
language plpgsql
as $$
declare
  h public.hubs;
begin
  select * into h from public.hubs where id = p_hub_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tidak ditemukan.');
  end if;
  return h;
end;
$$;

revoke execute on function public.cmd_hub(uuid) from public, anon, authenticated;

-- Issue 40, "every stored text bounded": every text a command stores is bounded, on the
-- device (sync/commands/text-bounds.ts, the zod schemas' requiredText/optionalText) and here
-- alike, with the same message. The bound belongs to the payload field: its name decides it
-- wherever it appears (a payload or an edit's `changes`; the counted receipt's names).
-- cmd_req_text and cmd_opt_text check it once the text is trimmed, after its required and clean checks, as the device does.
-- Lengths count characters (code points), as JavaScript's [...text].length does.

-- Refuses text longer than its field's bound, with the field's message.
create or replace function public.cmd_require_text_bound(p_key text, p_text text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  n integer := char_length(p_text);
begin
  if n <= 20 then
    return;
  end if;
  case
    when p_key = 'name' then
      if n > 100 then perform public.cmd_reject('validation', 'Nama terlalu panjang'); end if;
    when p_key in ('contact_person', 'driver_name', 'receiver_name', 'nama_kapal', 'nama_pelayaran',
                   'pelayaran') then
      if n > 100 then perform public.cmd_reject('validation', 'Nama maksimal 100 karakter'); end if;
    when p_key in ('city', 'location') then
      if n > 100 then perform public.cmd_reject('validation', 'Lokasi maksimal 100 karakter'); end if;
    when p_key = 'license_plate' then
      if n > 20 then perform public.cmd_reject('validation', 'Plat nomor maksimal 20 karakter'); end if;
    when p_key = 'batch_number' then
      if n > 50 then perform public.cmd_reject('validation', 'Nomor batch maksimal 50 karakter'); end if;
    when p_key in ('no_container', 'container_number') then
      if n > 20 then perform public.cmd_reject('validation', 'Nomor container maksimal 20 karakter'); end if;
    when p_key in ('phone', 'driver_phone') then
      if n > 30 then perform public.cmd_reject('validation', 'Nomor telepon maksimal 30 karakter'); end if;
    when p_key = 'reason' then
      if n > 500 then perform public.cmd_reject('validation', 'Alasan maksimal 500 karakter'); end if;
    when p_key in ('notes', 'note') then
      if n > 500 then perform public.cmd_reject('validation', 'Catatan maksimal 500 karakter'); end if;
    else
      -- What no one types (a storage path, a kind, a type): far above any real value.
      if n > 2000 then perform public.cmd_reject('validation', 'Perintah tidak valid.'); end if;
  end case;
end;
$$;

revoke execute on function public.cmd_require_text_bound(text, text) from public, anon, authenticated;

-- schemas/functions/apply_commands.sql ====================================================

-- The one write path of the app (docs/sync.md, docs/security.md):
-- apply_commands(commands jsonb).
--
-- Each command is { id, type, payload, issued_at, actor } made on a device.
-- For each, in order, in its own subtransaction: the actor comes from the JWT
-- (a payload naming someone else is refused), the command runs through
-- public.cmd_<type>(ctx, payload) which checks role, hub and precondition
-- under row locks and writes every row of the transition, and the outcome is
-- recorded in public.commands under the command id. A command id seen before
-- is answered from that record and never applied twice. A rejection is final
-- and recorded; only transient failures (lock or statement timeout,
-- serialization failure, deadlock) abort the whole call so the client retries.
--
-- What the envelope checks before a cmd_* function runs (issue 9):
--   * the device time must be an ISO 8601 time with a zone, else the command
--     is refused with invalid_command; it is clamped to the server's receipt
--     from above, and from below to the previous transition of the rows the
--     command names and to 30 days before the receipt (a tablet whose clock
--     reset to 1970 must not stamp 1970 business dates);
--   * the payload must be an object, the actor a uuid equal to the caller;
--   * one id, one command: the same id sent again with another actor, type or
--     payload is refused with duplicate_id, never answered "applied";
--   * ids are compared in canonical form (the uuid type) and answered in it;
--   * role checks are NULL-safe: a missing role never passes.
--
-- How it is made fast (issue 14, P2). docs/performance.md, "How apply_commands
-- got fast", tells how each was found and measured; the numbers below are its
-- notes', which the comments in the bodies refer to ("see 2. above"):
--   * plan_cache_mode = force_generic_plan: each command's statements are a
--     handful of primary-key lookups and updates whose plans do not depend on
--     the values, so they are planned once per connection;
--   * the answers are collected in a jsonb[] and turned into the jsonb array
--     once (a jsonb array concatenated a command at a time is copied whole
--     each time).
--   1. The command's function is called statically, through a CASE over the
--      command types (dynamic SQL is parsed and planned on every call). A type
--      that is not listed takes the old path by name (the same `^[a-z_]+$`
--      and to_regprocedure checks, the same unknown_command rejection), so a
--      cmd_<type>(command_context, jsonb) added later works before it is
--      listed. A migration that drops or renames a listed function must
--      replace apply_commands as well.
--   2. The id's advisory lock is taken in an assignment (a simple expression,
--      evaluated without starting the executor) rather than by PERFORM.
--   3. cmd_time_floor finds the payload's ids with a loop rather than a query
--      over jsonb_each, and looks them up one at a time by primary key (the
--      generic plan of `id = any(ids)` was a bitmap scan, whose set-up costs
--      more than the one or two rows it finds; a function's SET clause turning
--      bitmap scans off costs more again, on every call).
--   4. The hot path's helpers carry no `set search_path`: see cmd_helpers.sql for why
--      that is safe.
--   5. The vehicle queue's commands take the vehicle as it was in the UPDATE that changes
--      it (issue 43): cmd_vehicle_queue.sql.
--   6. The idempotency records (public.commands) are held back and written
--      several at a time (public.commands_write, below), one INSERT of the held rows, with the same values in
--      the same order (seq, the arrival order, is given in that order). Nothing
--      may read a record before it is written, so they are written before
--      anything could: before the record of a command id is looked up when that
--      id is among the held rows, before any command of a type not in trail_blind
--      runs (cmd_reject_conflict reads public.commands to name who acted first;
--      the types trail_blind names reach nothing that reads public.commands or
--      public.command_images: catalogue-server.test.ts checks it), and at the end of
--      the call. The floor commands' row images (public.command_images, for
--      undo_command) are held the same way and written at the same points
--      (public.command_images_write, below; issue 43). The call is one transaction: a transient error rolls all of it
--      back, and other transactions see the records at commit (one racing on
--      the same id waits on the id's advisory lock, held until then). seq
--      values of one call are consecutive; the order within each call is kept.
--
-- Before it runs, each command's payload is cut to the fields its type knows
-- (public.cmd_trail_payload, cmd_payload.sql); the record keeps what ran.
create or replace function public.apply_commands(commands jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  uid uuid := auth.uid();
  me record;
  cmd jsonb;
  prior public.commands%rowtype;
  ctx public.command_context;
  -- One element a command, appended in place (a jsonb array concatenated a command at a
  -- time is copied whole each time: about 35 us a command in a batch of 100).
  results jsonb[] := '{}';
  v_id uuid;
  v_actor uuid;
  v_payload jsonb;
  v_raw jsonb;
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), in arrival order.
  held public.commands[] := '{}';
  held_ids uuid[] := '{}'; -- their ids (an array of uuids is searched faster than of rows)
  -- The row images of the held records' commands (command_images_write, below), written
  -- with them.
  images public.command_images[] := '{}';
  v_images text;
  -- The types that run with records and images still held: their functions never read
  -- public.commands or public.command_images (the header above; catalogue-server.test.ts
  -- checks it).
  trail_blind constant text[] := array['queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue',
    'create_shipment_darat', 'create_shipment_poljak', 'create_shipment_polsub', 'set_shipment_image',
    'add_inventory', 'add_vehicle', 'add_sea_fleet', 'edit_vehicle', 'delete_vehicle', 'add_vehicle_type',
    'add_vendor', 'edit_vendor', 'delete_vendor', 'add_hub', 'edit_hub', 'delete_hub', 'add_warehouse',
    'set_warehouse_capacity', 'correct_shipment_counts', 'void_shipment', 'resolve_discrepancy',
    'attach_document', 'attach_correction'];
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '28000';
  end if;
  if jsonb_typeof(commands) is distinct from 'array' or jsonb_array_length(commands) > 500 then
    raise exception 'commands must be an array of at most 500 commands' using errcode = '22023';
  end if;
  -- Bound the time a batch can hold locks; a timeout is transient and retried.
  set local lock_timeout = '5s';
  set local statement_timeout = '30s';
  -- Images are taken only from this call's commands.
  v_locked := set_config('dermaga.images', '', true);

  select p.role, p.hub_id, p.email into me
  from public.profiles p where p.user_id = uid and not p.deleted;

  for cmd in select value from jsonb_array_elements(commands) loop
    -- Ids are compared in canonical form (the uuid type): the answer carries
    -- the canonical id, which the device matches in the same form.
    v_id := null;
    if jsonb_typeof(cmd -> 'id') = 'string' then
      begin
        v_id := (cmd ->> 'id')::uuid;
      exception when others then
        v_id := null;
      end;
    end if;
    if v_id is null then
      results := results || jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command', 'message', 'Perintah tidak valid.');
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- that may read the trail runs.
    if cardinality(held) > 0
       and (v_id = any (held_ids) or v_type <> all (trail_blind)) then
      perform public.commands_write(held);
      held := '{}';
      held_ids := '{}';
      if cardinality(images) > 0 then
        perform public.command_images_write(images);
        images := '{}';
      end if;
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    -- Only the fields its type knows are run and recorded (the header above).
    v_raw := coalesce(cmd -> 'payload', 'null'::jsonb);
    v_payload := public.cmd_trail_payload(v_type, v_raw, uid);
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_payload and prior.payload <> v_raw) then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', 'Id perintah ini sudah dipakai oleh perintah lain.');
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'Perintah tidak valid.');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'Perintah ini dibuat atas nama pengguna lain.');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'Profil pengguna tidak ditemukan.');
      end if;
      ctx := row(v_id, v_type, uid, me.email, me.role, me.hub_id, v_issued, v_received)::public.command_context;
      -- The command types, the most frequent first (each WHEN is one comparison).
      case v_type
        when 'queue_vehicles' then v_entity := public.cmd_queue_vehicles(ctx, v_payload);
        when 'start_loading' then v_entity := public.cmd_start_loading(ctx, v_payload);
        when 'finish_loading' then v_entity := public.cmd_finish_loading(ctx, v_payload);
        when 'remove_from_queue' then v_entity := public.cmd_remove_from_queue(ctx, v_payload);
        when 'create_shipment_darat' then v_entity := public.cmd_create_shipment_darat(ctx, v_payload);
        when 'create_shipment_poljak' then v_entity := public.cmd_create_shipment_poljak(ctx, v_payload);
        when 'create_shipment_polsub' then v_entity := public.cmd_create_shipment_polsub(ctx, v_payload);
        when 'confirm_arrival' then v_entity := public.cmd_confirm_arrival(ctx, v_payload);
        when 'start_unloading' then v_entity := public.cmd_start_unloading(ctx, v_payload);
        when 'complete_unloading' then v_entity := public.cmd_complete_unloading(ctx, v_payload);
        when 'pod_confirm_arrival' then v_entity := public.cmd_pod_confirm_arrival(ctx, v_payload);
        when 'pod_start_unloading' then v_entity := public.cmd_pod_start_unloading(ctx, v_payload);
        when 'pod_complete' then v_entity := public.cmd_pod_complete(ctx, v_payload);
        when 'set_shipment_image' then v_entity := public.cmd_set_shipment_image(ctx, v_payload);
        when 'add_inventory' then v_entity := public.cmd_add_inventory(ctx, v_payload);
        when 'add_vehicle' then v_entity := public.cmd_add_vehicle(ctx, v_payload);
        when 'add_sea_fleet' then v_entity := public.cmd_add_sea_fleet(ctx, v_payload);
        when 'edit_vehicle' then v_entity := public.cmd_edit_vehicle(ctx, v_payload);
        when 'delete_vehicle' then v_entity := public.cmd_delete_vehicle(ctx, v_payload);
        when 'add_vehicle_type' then v_entity := public.cmd_add_vehicle_type(ctx, v_payload);
        when 'add_vendor' then v_entity := public.cmd_add_vendor(ctx, v_payload);
        when 'edit_vendor' then v_entity := public.cmd_edit_vendor(ctx, v_payload);
        when 'delete_vendor' then v_entity := public.cmd_delete_vendor(ctx, v_payload);
        when 'add_hub' then v_entity := public.cmd_add_hub(ctx, v_payload);
        when 'edit_hub' then v_entity := public.cmd_edit_hub(ctx, v_payload);
        when 'delete_hub' then v_entity := public.cmd_delete_hub(ctx, v_payload);
        when 'add_warehouse' then v_entity := public.cmd_add_warehouse(ctx, v_payload);
        when 'set_warehouse_capacity' then v_entity := public.cmd_set_warehouse_capacity(ctx, v_payload);
        when 'undo_command' then v_entity := public.cmd_undo_command(ctx, v_payload);
        when 'correct_shipment_counts' then v_entity := public.cmd_correct_shipment_counts(ctx, v_payload);
        when 'void_shipment' then v_entity := public.cmd_void_shipment(ctx, v_payload);
        when 'resolve_discrepancy' then v_entity := public.cmd_resolve_discrepancy(ctx, v_payload);
        when 'attach_document' then v_entity := public.cmd_attach_document(ctx, v_payload);
        when 'attach_correction' then v_entity := public.cmd_attach_correction(ctx, v_payload);
        else
          perform public.cmd_reject('unknown_command', format('Perintah tidak dikenal: %s', v_type));
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          v_code := substr(v_detail, 9);
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its images, if it kept any (an applied floor command; a refused one's were rolled back
    -- with its subtransaction), written with its record.
    v_images := current_setting('dermaga.images', true);
    if v_images <> '' then
      images := images || row(v_id, v_type, uid, me.hub_id, v_images::jsonb, null, now())::public.command_images;
      v_locked := set_config('dermaga.images', '', true);
    end if;
    -- Its record, written later (6. above).
    held := held || row(v_id, null, uid, me.email, v_type, v_payload, coalesce(v_issued, v_received),
                        v_received, v_outcome, v_code, v_message, v_entity)::public.commands;
    held_ids := held_ids || v_id;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message);
  end loop;

  perform public.commands_write(held);
  if cardinality(images) > 0 then
    perform public.command_images_write(images);
  end if;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;

comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;

grant execute on function public.apply_commands(jsonb) to authenticated;

-- The held-back records (note 6.) are one array of public.commands rows (beside it their
-- ids, to look one up), written by this one function, in arrival order. Every command type of
-- the catalogue (sync/commands/catalogue.ts) is called statically through the CASE (note 1.);
-- a type that is not listed is unknown_command (tests/integration/catalogue-server.test.ts
-- holds the CASE to the catalogue and to the server's cmd_<type>(command_context, jsonb)
-- functions). trail_blind names the types whose records may stay held back while they run: the
-- types whose functions (and every function they call) never read public.commands or
-- public.command_images; catalogue-server.test.ts checks that from the functions' source.
-- The held-back records of one apply_commands call, in arrival order (seq is given in it).
create or replace function public.commands_write(held public.commands[])
returns void
language sql
set search_path = ''
as $$
  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id)
  select q.id, q.actor_id, q.actor_email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id
  from unnest(held) with ordinality as q
  order by q.ordinality;
$$;

revoke execute on function public.commands_write(public.commands[]) from public, anon, authenticated;

-- The floor commands' row images (public.command_images, for undo_command) are held back like
-- the idempotency records (note 6.) and written with them, one INSERT of the held rows, at
-- every point where apply_commands writes the held records: before a type that is not
-- trail_blind runs (undo_command, the only reader of command_images, is not), before a record
-- among the held ones is looked up, and at the end of the call. undo_keep_images (cmd_undo.sql)
-- hands the command's images back to apply_commands through a transaction-local setting
-- (dermaga.images, set_config(..., true)), which apply_commands takes after the command's
-- subtransaction and clears. A refused command's subtransaction rolls the setting back with
-- everything else it did, so only an applied command's images are held. apply_commands clears
-- the setting when it starts, so nothing set before the call is taken. docs/performance.md,
-- "P2 after undo", has the measurements (issue 43).
-- The held images of one apply_commands call, in arrival order. Images older than 30 days
-- are pruned about once every hundred commands, as undo_keep_images did (an index range).
create or replace function public.command_images_write(held public.command_images[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.command_images (command_id, type, actor_id, hub_id, images, undone_by, recorded_at)
  select q.command_id, q.type, q.actor_id, q.hub_id, q.images, q.undone_by, q.recorded_at
  from unnest(held) with ordinality as q
  order by q.ordinality;
  if random() < cardinality(held) / 100.0 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;

revoke execute on function public.command_images_write(public.command_images[]) from public, anon, authenticated;

-- schemas/functions/cmd_vehicle_queue.sql =================================================

-- Commands of the vehicle queue at a hub (spec 4.1, 4.3): queue vehicles, start loading
-- (Proses Muat), remove from queue, finish loading. Each returns the id of the row it acted on
-- (for conflict messages) and ends with undo_keep_images (cmd_undo.sql). Device twin:
-- sync/commands/vehicle-queue.ts.
--
-- The most frequent commands, on apply_commands' measured hot path (apply_commands.sql,
-- notes 2., 4. and 5.): no `set search_path` (why that is safe: cmd_helpers.sql); a void
-- helper is called by assigning its result cast to text, not by PERFORM. Each takes the
-- vehicle as it was in the UPDATE that changes it (issue 43): an UPDATE ... FROM a locked read
-- of the same row (FOR UPDATE: the row as it is when locked, also after waiting for another
-- transaction), RETURNING both rows (PostgreSQL 17 has no RETURNING OLD), with the command's
-- preconditions in the WHERE. When it changes nothing, the command takes the slower path
-- (cmd_vehicle_at_hub, cmd_lock_vehicle), which refuses it with the same check in the same
-- order and the same message; the hub check (cmd_require_hub) comes first.

-- The vehicle, locked, or a not_found rejection.
create or replace function public.cmd_lock_vehicle(p_vehicle_id uuid)
returns public.vehicles
language plpgsql
as $$
declare
  v public.vehicles;
begin
  select * into v from public.vehicles where id = p_vehicle_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Kendaraan tidak ditemukan.');
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_vehicle(uuid) from public, anon, authenticated;

-- The shape the transitions of the queue share: the hub of the payload (that of the caller,
-- cmd_require_hub), the vehicle locked, and the vehicle at that hub in the
-- state the transition starts from ('siap_muat', 'sedang_muat', or 'queued':
-- either), else a precondition rejection naming its plate (the %s of p_refusal).
create or replace function public.cmd_vehicle_at_hub(
  ctx public.command_context, p jsonb, p_state text, p_refusal text)
returns public.vehicles
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  v public.vehicles;
  in_state boolean;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  v := public.cmd_lock_vehicle(public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.'));
  -- (A CASE cannot stand in an IF condition: plpgsql reads it up to the first THEN.)
  in_state := case p_state
                when 'siap_muat' then v.siap_muat
                when 'sedang_muat' then v.sedang_muat
                when 'queued' then v.siap_muat or v.sedang_muat
              end;
  if v.current_hub_id is distinct from hub_id or not coalesce(in_state, false) then
    perform public.cmd_reject('precondition', format(p_refusal, v.license_plate));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text) from public, anon, authenticated;

-- queue_vehicles: Ready -> Siap Muat at the hub, for each vehicle named.
create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
  ok text;
  imgs jsonb[] := '{}';
  was jsonb;
  after jsonb;
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'Pilih minimal satu kendaraan')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'Pilih minimal satu kendaraan')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    update public.vehicles t
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
      from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
     where t.id = o.id and o.is_active and o.ready
       and (hub.type not in ('poljak', 'polsub') or coalesce(btrim(o.nama_kapal), '') <> '')
    returning to_jsonb(o), to_jsonb(t) into was, after;
    if not found then
      -- Refused below (the checks of before, in their order).
      v := public.cmd_lock_vehicle(vehicle_id);
      if not v.is_active or not v.ready then
        ok := public.cmd_reject('precondition',
          format('Kendaraan %s tidak siap untuk diantrikan.', v.license_plate))::text;
      end if;
      -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
      if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
        ok := public.cmd_reject('precondition',
          format('Kendaraan %s bukan armada laut.', v.license_plate))::text;
      end if;
      update public.vehicles
         set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
             queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
       where id = vehicle_id
      returning to_jsonb(vehicles) into after;
      was := to_jsonb(v);
    end if;
    -- (A vehicle named twice is refused above: it is no longer ready.)
    imgs := imgs || jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after);
  end loop;
  perform public.undo_keep_images(ctx, to_jsonb(imgs));
  return hub_id;
end;
$$;

revoke execute on function public.cmd_queue_vehicles(public.command_context, jsonb) from public, anon, authenticated;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  update public.vehicles t
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.siap_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat', 'Kendaraan %s tidak ada di antrian Siap Muat hub ini.');
    update public.vehicles
       set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_start_loading(public.command_context, jsonb) from public, anon, authenticated;

-- remove_from_queue (Keluarkan): out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  update public.vehicles t
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and (o.siap_muat or o.sedang_muat)
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'queued', 'Kendaraan %s tidak ada di antrian hub ini.');
    update public.vehicles
       set siap_muat = false, sedang_muat = false, ready = true,
           queued_at = null, loading_started_at = null, loading_finished_at = null
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_remove_from_queue(public.command_context, jsonb) from public, anon, authenticated;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  update public.vehicles t
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.sedang_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat', 'Kendaraan %s tidak sedang dimuat di hub ini.');
    update public.vehicles
       set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_finish_loading(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_shipping.sql ======================================================

-- The shipping forms (spec 4.1, 4.2, 5, 7.2, 9): a loaded vehicle leaves its
-- hub. One command per form: create_shipment_darat (Karawang/Cikarang form),
-- create_shipment_poljak, create_shipment_polsub; and set_shipment_image, which
-- the upload queue sends once a photo is in storage.
-- Every row a command creates is named by an id in the payload (made on the
-- device), so a replay and the device's prediction name the same rows.
-- Device twins: sync/commands/shipping.ts.

-- What a vehicle must be to leave with a shipment: live, active, at the hub,
-- and not still carrying a shipment that has not been unloaded.
create or replace function public.cmd_lock_departing_vehicle(p_vehicle_id uuid, p_hub_id uuid)
returns public.vehicles
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_lock_vehicle(p_vehicle_id);
  open_batch text;
begin
  if not v.is_active then
    perform public.cmd_reject('precondition', format('Kendaraan %s tidak aktif.', v.license_plate));
  end if;
  if v.current_hub_id is distinct from p_hub_id then
    perform public.cmd_reject('precondition', format('Kendaraan %s tidak berada di hub ini.', v.license_plate));
  end if;
  select s.batch_number into open_batch
  from public.shipments s
  where s.vehicle_id = v.id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1;
  if found then
    perform public.cmd_reject('precondition',
      format('Kendaraan %s masih membawa pengiriman %s yang belum selesai dibongkar.', v.license_plate, open_batch));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_departing_vehicle(uuid, uuid) from public, anon, authenticated;

-- set_shipment_image ---------------------------------------------------------------
-- {shipment_id, slot: 'delivery_record' | 'bast', path}: admin, tower control or
-- a user of the shipment's origin hub (who took the photos). Sent by the upload
-- queue once the object is in the bucket; refused (upload_missing) otherwise,
-- so no synced shipment points at a missing file. The URL is stored relative
-- ('/storage/v1/object/public/shipment-documents/{path}'): the app prefixes
-- the Supabase URL it runs against, so the same row works on every stack.
create or replace function public.cmd_set_shipment_image(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'Shipment not found');
  v_slot text := public.cmd_req_text(p, 'slot', 'Perintah tidak valid.');
  v_path text := public.cmd_req_text(p, 'path', 'Perintah tidak valid.');
  v_url text;
  s public.shipments;
begin
  -- Only this shipment's own object for this slot (the upload queue's path).
  if v_slot not in ('delivery_record', 'bast')
     or v_path !~ ('^shipments/' || v_shipment_id::text || '/' || v_slot || '\.(png|jpg|jpeg)$') then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  s := public.cmd_lock_shipment(v_shipment_id);
  perform public.cmd_require_hub(ctx, s.origin_hub_id);
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'Foto belum ada di penyimpanan; unggah ulang lalu coba lagi.');
  end if;
  v_url := '/storage/v1/object/public/shipment-documents/' || v_path;
  if v_slot = 'delivery_record' then
    update public.shipments set delivery_record_image_url = v_url, delivery_record = true where id = s.id;
  else
    update public.shipments set bast_image_url = v_url, bast = true where id = s.id;
  end if;
  return s.id;
end;
$$;

revoke execute on function public.cmd_set_shipment_image(public.command_context, jsonb) from public, anon, authenticated;

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
--   history (shipment_history, audit_trail.sql, returns the payload). The corrections
--   are in cmd_shipment_correction.sql.

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

revoke execute on function public.cmd_shipment_quantity(jsonb, text, text) from public, anon, authenticated;

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
  -- The balance as this transaction sees it (functions/stock_balances.sql): the
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

revoke execute on function public.cmd_require_stock(uuid, integer, integer) from public, anon, authenticated;

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

revoke execute on function public.cmd_require_unused_batch(text) from public, anon, authenticated;

-- create_shipment_darat ----------------------------------------------------------
-- {hub_id, shipment_id, vehicle_id, destination_warehouse_id, batch_number,
--  smartboard_quantity, bracket_quantity, inventory_id, image_count (0..2)}
create or replace function public.cmd_create_shipment_darat(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  v_warehouse_id uuid;
  v_batch text;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_shipment_id uuid;
  v_inventory_id uuid;
  v_vehicle_id uuid;
  hub public.hubs;
  wh public.warehouses;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  -- The form's fields, in its order, with its messages (spec 5).
  v_warehouse_id := public.cmd_uuid(p, 'destination_warehouse_id', 'Please select a destination warehouse');
  v_batch := public.cmd_req_text(p, 'batch_number', 'Please enter batch number');
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'Must be 0 or greater');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'Must be 0 or greater');
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 0, 2, 'Perintah tidak valid.', 'Maximum 2 images allowed');
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'Perintah tidak valid.');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'Perintah tidak valid.');

  hub := public.cmd_hub(v_hub_id);
  select * into wh from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Gudang tujuan tidak ditemukan.');
  end if;
  select * into dest from public.hubs where id = wh.hub_id and not deleted;
  if not found then
    perform public.cmd_reject('precondition', 'Gagal menentukan status pengiriman dari tujuan gudang.');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'Tujuan tidak boleh hub asal.');
  end if;
  -- Spec 4.2: from the warehouse name, the hub name, the hub city.
  select * into dest_status
  from public.otw_destination(array[wh.name, dest.name, dest.city],
                              coalesce(nullif(public.dm_trim(dest.city), ''), wh.location));
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'Gagal menentukan status pengiriman dari tujuan gudang.');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: a failed inventory write aborts the Karawang/Cikarang form.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  if origin_wh.id is null then
    perform public.cmd_reject('precondition', 'Gudang hub asal tidak ditemukan.');
  end if;
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once, and no more than the origin warehouse holds.
  perform public.cmd_require_unused_batch(v_batch);
  perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, false
  );
  -- Spec 9: the load leaves the hub's first warehouse, dated the day it left.
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                batch_number, shipment_id)
  values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
          v_batch, v_shipment_id);
  -- Spec 4.1: the vehicle is on its way (siap_muat is left as it is).
  update public.vehicles set sedang_muat = false, ready = false where id = v.id;
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_shipment_darat(public.command_context, jsonb) from public, anon, authenticated;

-- The PolJak and PolSub forms: one function, each form's own messages -------------
-- {hub_id, shipment_id, container_id, inventory_id, vehicle_id, pelayaran,
--  nama_kapal, no_container, etd, eta, destination_hub_id, smartboard_quantity,
--  bracket_quantity, image_count (1..2), batch_number (POLJAK-/POLSUB-{ms})}
create or replace function public.cmd_create_sea_shipment(ctx public.command_context, p jsonb, p_form text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  poljak boolean := p_form = 'poljak';
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  v_pelayaran text;
  v_kapal text;
  v_container text;
  v_etd date;
  v_eta date;
  v_dest_id uuid;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_batch text;
  v_vehicle_id uuid;
  v_shipment_id uuid;
  v_container_id uuid;
  v_inventory_id uuid;
  hub public.hubs;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
  m_quantity text := case when poljak then 'Must be 0 or greater' else 'Jumlah tidak boleh negatif' end;
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  v_pelayaran := public.cmd_req_text(p, 'pelayaran', case when poljak then 'Pelayaran is required' else 'Pelayaran harus diisi' end);
  v_kapal := public.cmd_req_text(p, 'nama_kapal', case when poljak then 'Nama kapal is required' else 'Nama kapal harus diisi' end);
  v_container := public.cmd_req_text(p, 'no_container', case when poljak then 'No container is required' else 'No container harus diisi' end);
  v_etd := public.cmd_date(p, 'etd', case when poljak then 'ETD is required' else 'ETD harus diisi' end);
  v_eta := public.cmd_date(p, 'eta', case when poljak then 'ETA is required' else 'ETA harus diisi' end);
  v_dest_id := public.cmd_uuid(p, 'destination_hub_id', case when poljak then 'Destination is required' else 'Tujuan harus dipilih' end);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', m_quantity);
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', m_quantity);
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 1, 2,
    case when poljak then 'Upload minimal 1 gambar container' else 'Harap unggah minimal 1 gambar container' end,
    case when poljak then 'Maksimal 2 gambar' else 'Maksimal 2 gambar yang dapat diunggah' end);
  -- Generated on the device from the time the user acted (spec 9).
  v_batch := public.cmd_req_text(p, 'batch_number', 'Perintah tidak valid.');
  if v_batch !~ ('^' || case when poljak then 'POLJAK' else 'POLSUB' end || '-[0-9]+$') then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'Perintah tidak valid.');
  v_container_id := public.cmd_uuid(p, 'container_id', 'Perintah tidak valid.');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'Perintah tidak valid.');

  hub := public.cmd_hub(v_hub_id);
  select * into dest from public.hubs where id = v_dest_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tujuan tidak ditemukan.');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'Tujuan tidak boleh hub asal.');
  end if;
  select * into dest_status from public.otw_destination(array[dest.name, dest.city], dest.city);
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'Gagal menentukan status pengiriman dari tujuan gudang.');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: the port forms do not fail over the inventory row; without a
  -- warehouse at the hub there is simply none.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('containers', v_container_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once; with a warehouse at the hub, no more than it holds
  -- (without one the port forms book no stock row, spec 8.2, so there is nothing to check).
  perform public.cmd_require_unused_batch(v_batch);
  if origin_wh.id is not null then
    perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);
  end if;

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, etd, eta, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, v_etd, v_eta, false
  );
  insert into public.containers (id, container_number, vessel_name, shipping_line, shipment_id)
  values (v_container_id, v_container, v_kapal, v_pelayaran, v_shipment_id);
  if origin_wh.id is not null then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
            v_batch, v_shipment_id);
  end if;
  if poljak then
    -- Spec 4.1: the PolJak form also stores the ship and the shipping line on the vehicle.
    update public.vehicles
       set sedang_muat = false, ready = false, nama_kapal = v_kapal, nama_pelayaran = v_pelayaran
     where id = v.id;
  else
    -- Spec 4.1: the PolSub form also clears siap_muat.
    update public.vehicles set sedang_muat = false, ready = false, siap_muat = false where id = v.id;
  end if;
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_sea_shipment(public.command_context, jsonb, text) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_poljak(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'poljak')
$$;

revoke execute on function public.cmd_create_shipment_poljak(public.command_context, jsonb) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_polsub(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'polsub')
$$;

revoke execute on function public.cmd_create_shipment_polsub(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 41: nothing empty leaves. A shipment carries at least one TV or bracket:
-- the three shipping forms (create_shipment_darat, create_shipment_poljak,
-- create_shipment_polsub) refuse 0 and 0 with code 'validation' and the words the
-- device shows (sync/messages.ts shipmentEmpty; its zod twin: withItems in
-- sync/commands/shipping.ts), right after the quantities are read, before any
-- look-up. Nothing else of the forms changes.

-- Refuses a shipment of no item (both quantities already read as whole numbers >= 0).
create or replace function public.cmd_require_items(p_smartboards integer, p_brackets integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(p_smartboards, 0) <= 0 and coalesce(p_brackets, 0) <= 0 then
    perform public.cmd_reject('validation',
      'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.');
  end if;
end;
$$;

-- Run by apply_commands only (as the file they moved from had it).
revoke execute on function public.cmd_require_items(integer, integer) from public, anon, authenticated;

-- schemas/functions/cmd_arrival.sql =======================================================

-- Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar,
-- Selesai Bongkar at Cikarang, PolJak or PolSub. Each transition is
-- first-writer-wins: the precondition is checked under the shipment's row lock,
-- and a second tablet's late command is refused with code 'conflict' and a
-- message naming who did it first and when (from public.commands).
-- Lock order everywhere: the shipment, then its vehicle.
-- Each ends with undo_keep_images (cmd_undo.sql). Device twin: sync/commands/arrival.ts.

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

revoke execute on function public.cmd_lock_arriving_shipment(public.command_context, uuid, uuid) from public, anon, authenticated;

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

revoke execute on function public.cmd_book_unloaded(public.command_context, public.shipments, uuid, uuid, uuid) from public, anon, authenticated;

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini'),
    public.cmd_uuid(p, 'shipment_id', 'Shipment not found'));
  vehicle jsonb;
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'Kedatangan sudah dikonfirmasi', s.status);
    end if;
    perform public.cmd_reject('precondition', 'Pengiriman ini tidak sedang dalam perjalanan.');
  end if;
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_gdt = ctx.issued_at, current_hub_id = s.destination_hub_id
   where id = s.id;
  -- Spec 4.2: the vehicle is now at the destination.
  update public.vehicles set current_hub_id = s.destination_hub_id where id = s.vehicle_id;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

revoke execute on function public.cmd_confirm_arrival(public.command_context, jsonb) from public, anon, authenticated;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar
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
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

revoke execute on function public.cmd_start_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 40, "the receipt is required": complete_unloading (and pod_complete, cmd_pod.sql)
-- refuse an unloading completion without its counted
-- receipt: the counts, both names and both signatures (public.handover_receipt checks each,
-- with the form's words, sync/messages-handover.ts). A command without a receipt at all (queued
-- by an app from before issue 28, or sent by any client straight to apply_commands) is refused
-- with code 'validation' and the words the device's schema uses (HANDOVER_MESSAGES.receiptRequired):
-- the tablet shows it among its rejected actions as "count again", and the shipment stays
-- sedang_bongkar, so the receipt can be counted and sent. Nothing is booked without a count.
-- With the receipt (issue 28; cmd_handover.sql), the stock booked at the receiving warehouse
-- is received - damaged per item, and the receipt and its discrepancies are written in the
-- same transaction.

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

revoke execute on function public.cmd_complete_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_master_data.sql ===================================================

-- Master data (spec 2.5 to 2.9, 5, 7.2): inventory, warehouses, vendors,
-- vehicle types, hubs. Vehicles and sea fleets are in
-- functions/cmd_vehicles.sql, warehouse capacity in
-- functions/cmd_warehouse_capacity.sql.
--
-- Who (issue 9, spec 6; the matrix is in docs/security.md): vendors, vehicle
-- types, vehicles and sea fleets: admin, tower_control and hub users (the hub
-- screens' modals); editing or deleting a vendor and everything about hubs:
-- admin only; inventory and warehouses: staff anywhere, a hub user for its own
-- hub's warehouses. Every check is NULL-safe: an unknown role or hub refuses,
-- never passes.
-- Edits merge field by field (docs/sync.md): only the fields a command's
-- `changes` names are written, so two users editing different fields both
-- keep theirs and the later edit of the same field wins.
-- Deletes are soft (deleted = true) and refused while the row is still in use.
-- A name that a unique index forbids twice is refused with code 'duplicate'
-- and a message that says so, also when two commands race for it.
-- Device twins: sync/commands/master-data.ts.

-- A hub user may book stock at its hub's warehouses and, at a POD, at the
-- warehouses located in its city (the same rows it reads, see my_warehouse_ids).
create or replace function public.cmd_require_warehouse(ctx public.command_context, w public.warehouses)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null
     and (w.hub_id = ctx.hub_id
          or exists (select 1 from public.hubs h
                     where h.id = ctx.hub_id and not h.deleted and public.hub_kind(h.name, h.type) = 'pod'
                       and public.dm_slug(w.location) = public.dm_slug(public.pod_city_of_hub(h.name, h.city)))) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk gudang ini.');
end;
$$;

revoke execute on function public.cmd_require_warehouse(public.command_context, public.warehouses) from public, anon, authenticated;

-- add_inventory {inventory_id, warehouse_id, date_recorded, smartboard_quantity,
-- bracket_quantity, batch_number?} ---------------------------------------------------
create or replace function public.cmd_add_inventory(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_warehouse_id uuid := public.cmd_uuid(p, 'warehouse_id', 'Pilih gudang');
  v_date date := public.cmd_date(p, 'date_recorded', 'Tanggal harus dipilih');
  v_smartboards integer := public.cmd_quantity(p, 'smartboard_quantity', 'Jumlah smartboard tidak boleh negatif');
  v_brackets integer := public.cmd_quantity(p, 'bracket_quantity', 'Jumlah bracket tidak boleh negatif');
  v_batch text := public.cmd_opt_text(p, 'batch_number');
  v_id uuid := public.cmd_uuid(p, 'inventory_id', 'Perintah tidak valid.');
  w public.warehouses;
begin
  perform public.cmd_require_operator(ctx);
  select * into w from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Gudang tidak ditemukan.');
  end if;
  perform public.cmd_require_warehouse(ctx, w);
  perform public.cmd_require_new_id('inventory', v_id);
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
  values (v_id, w.id, v_date, v_smartboards, v_brackets, v_batch);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_inventory(public.command_context, jsonb) from public, anon, authenticated;

-- add_warehouse {warehouse_id, name, location?, hub_id?} ------------------------------
create or replace function public.cmd_add_warehouse(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'Nama gudang harus diisi');
  v_location text := public.cmd_opt_text(p, 'location');
  v_hub_id uuid := public.cmd_uuid_or_null(p, 'hub_id', 'Hub tidak ditemukan.');
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'Perintah tidak valid.');
begin
  if char_length(v_name) > 100 then
    perform public.cmd_reject('validation', 'Nama terlalu panjang');
  end if;
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    -- A hub user adds warehouses to its own hub.
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('warehouses', v_id);
  insert into public.warehouses (id, name, location, hub_id) values (v_id, v_name, v_location, v_hub_id);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_warehouse(public.command_context, jsonb) from public, anon, authenticated;

-- add_vendor {vendor_id, name, contact_person?, phone?} --------------------------------
create or replace function public.cmd_add_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'Nama vendor is required');
  v_contact text := public.cmd_opt_text(p, 'contact_person');
  v_phone text := public.cmd_opt_text(p, 'phone');
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'Perintah tidak valid.');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vendors', v_id);
  begin
    insert into public.vendors (id, name, contact_person, phone) values (v_id, v_name, v_contact, v_phone);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Vendor "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vendor {vendor_id, changes: {name?, contact_person?, phone?}}: admin only -------
create or replace function public.cmd_edit_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'Vendor tidak ditemukan.');
  c jsonb := public.cmd_changes(p);
  v_name text;
begin
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'Nama vendor harus diisi');
  end if;
  perform public.cmd_require_role(ctx, array['admin']);
  perform 1 from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Vendor tidak ditemukan.');
  end if;
  begin
    update public.vendors
       set name = case when c ? 'name' then v_name else name end,
           contact_person = case when c ? 'contact_person' then public.cmd_opt_text(c, 'contact_person') else contact_person end,
           phone = case when c ? 'phone' then public.cmd_opt_text(c, 'phone') else phone end
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Vendor "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_edit_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vendor {vendor_id}: admin only ---------------------------------------------------
create or replace function public.cmd_delete_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'Vendor tidak ditemukan.');
  vendor public.vendors;
  active_count integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  select * into vendor from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Vendor tidak ditemukan.');
  end if;
  select count(*) into active_count from public.vehicles where vendor_id = v_id and is_active and not deleted;
  if active_count > 0 then
    perform public.cmd_reject('precondition',
      format('Vendor "%s" masih memiliki %s kendaraan aktif dan tidak dapat dihapus.', vendor.name, active_count));
  end if;
  update public.vendors set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- add_vehicle_type {vehicle_type_id, name} --------------------------------------------------
create or replace function public.cmd_add_vehicle_type(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'Please enter vehicle type name');
  v_id uuid := public.cmd_uuid(p, 'vehicle_type_id', 'Perintah tidak valid.');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vehicle_types', v_id);
  begin
    insert into public.vehicle_types (id, name) values (v_id, v_name);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Jenis kendaraan "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vehicle_type(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_hubs.sql ==========================================================

-- add_hub {hub_id, name, city?}: admin only; new hubs get type 'hub' (spec 5) ---------------
create or replace function public.cmd_add_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_city text;
  v_id uuid;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_name := public.cmd_req_text(p, 'name', 'Hub name is required');
  v_city := public.cmd_opt_text(p, 'city');
  v_id := public.cmd_uuid(p, 'hub_id', 'Perintah tidak valid.');
  perform public.cmd_require_new_id('hubs', v_id);
  begin
    insert into public.hubs (id, name, city, type) values (v_id, v_name, v_city, 'hub');
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Hub "%s" sudah ada.', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_hub(public.command_context, jsonb) from public, anon, authenticated;

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

revoke execute on function public.cmd_edit_hub(public.command_context, jsonb) from public, anon, authenticated;

-- delete_hub {hub_id}: admin only; soft; refused while anything still hangs on it -----------
create or replace function public.cmd_delete_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  hub public.hubs;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'Hub tidak ditemukan.');
  select * into hub from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tidak ditemukan.');
  end if;
  if exists (select 1 from public.warehouses where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', format('Hub "%s" masih memiliki gudang dan tidak dapat dihapus.', hub.name));
  end if;
  if exists (select 1 from public.vehicles where current_hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', format('Hub "%s" masih memiliki kendaraan dan tidak dapat dihapus.', hub.name));
  end if;
  if exists (select 1 from public.shipments
             where not selesai_bongkar and not deleted
               and v_id in (origin_hub_id, destination_hub_id, current_hub_id)) then
    perform public.cmd_reject('precondition',
      format('Hub "%s" masih memiliki pengiriman yang belum selesai dan tidak dapat dihapus.', hub.name));
  end if;
  if exists (select 1 from public.profiles where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', format('Hub "%s" masih memiliki pengguna dan tidak dapat dihapus.', hub.name));
  end if;
  update public.hubs set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_hub(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_vehicles.sql ======================================================

-- Master data, vehicles and sea fleets (spec 2.5 to 2.9, 4.1, 5): add, edit, delete.
-- Adding is for admin, tower_control and hub users (the hub screens' modals);
-- editing and deleting for admin and tower control (hub users act on the
-- vehicles at their own hub through the queue commands). Conventions as in
-- functions/cmd_master_data.sql. Device twins: sync/commands/master-data.ts.

-- The plate (or container number) of an active vehicle is unique, ignoring
-- case and spaces (index vehicles_license_plate_unique_active).
create or replace function public.cmd_require_free_plate(p_plate text, p_except uuid, p_sea boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.vehicles v
             where v.is_active and not v.deleted and v.id is distinct from p_except
               and upper(regexp_replace(v.license_plate, '\s', '', 'g')) = upper(regexp_replace(p_plate, '\s', '', 'g'))) then
    perform public.cmd_reject('duplicate',
      format(case when p_sea then 'Nomor container %s sudah terdaftar.' else 'Nomor polisi %s sudah terdaftar.' end, p_plate));
  end if;
end;
$$;

revoke execute on function public.cmd_require_free_plate(text, uuid, boolean) from public, anon, authenticated;

-- The shipment a vehicle still carries (not unloaded yet), or null.
create or replace function public.cmd_open_shipment_batch(p_vehicle_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select s.batch_number from public.shipments s
  where s.vehicle_id = p_vehicle_id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1
$$;

revoke execute on function public.cmd_open_shipment_batch(uuid) from public, anon, authenticated;

-- Out of service (deleted or deactivated) only when idle: not queued, not
-- loading, not carrying a shipment.
create or replace function public.cmd_require_idle_vehicle(v public.vehicles)
returns void
language plpgsql
set search_path = ''
as $$
declare
  batch text := public.cmd_open_shipment_batch(v.id);
begin
  if v.siap_muat or v.sedang_muat then
    perform public.cmd_reject('precondition',
      format('Kendaraan %s masih dalam antrian hub; keluarkan dari antrian terlebih dahulu.', v.license_plate));
  end if;
  if batch is not null then
    perform public.cmd_reject('precondition',
      format('Kendaraan %s masih membawa pengiriman %s yang belum selesai dibongkar.', v.license_plate, batch));
  end if;
end;
$$;

revoke execute on function public.cmd_require_idle_vehicle(public.vehicles) from public, anon, authenticated;

-- A new vehicle (spec 4.1: ready and active). The hub: the one given, or a hub
-- user's own (spec 6); a hub user places vehicles at its own hub only.
create or replace function public.cmd_insert_vehicle(
  ctx public.command_context, p_id uuid, p_vendor_id uuid, p_plate text, p_type_id uuid,
  p_driver text, p_phone text, p_kapal text, p_pelayaran text, p_hub_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := p_hub_id;
begin
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  perform 1 from public.vendors where id = p_vendor_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Vendor tidak ditemukan.');
  end if;
  if p_type_id is not null then
    perform 1 from public.vehicle_types where id = p_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'Jenis kendaraan tidak ditemukan.');
    end if;
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('vehicles', p_id);
  perform public.cmd_require_free_plate(p_plate, null, p_kapal is not null);
  begin
    insert into public.vehicles (id, license_plate, driver_name, driver_phone, vehicle_type_id, nama_kapal,
                                 nama_pelayaran, vendor_id, current_hub_id, ready, siap_muat, sedang_muat, is_active)
    values (p_id, p_plate, p_driver, p_phone, p_type_id, p_kapal, p_pelayaran, p_vendor_id, v_hub_id,
            true, false, false, true);
  exception when unique_violation then
    perform public.cmd_reject('duplicate',
      format(case when p_kapal is not null then 'Nomor container %s sudah terdaftar.'
                  else 'Nomor polisi %s sudah terdaftar.' end, p_plate));
  end;
  return p_id;
end;
$$;

revoke execute on function public.cmd_insert_vehicle(public.command_context, uuid, uuid, text, uuid, text, text, text, text, uuid) from public, anon, authenticated;

-- add_vehicle {vehicle_id, vendor_id, mode: darat | laut, license_plate,
-- vehicle_type_id, driver_name?, driver_phone?, nama_kapal?, nama_pelayaran?,
-- current_hub_id?}. Laut: a sea fleet unit, license_plate holds the container
-- number, no vehicle type. Darat: a truck; ship fields are not kept.
create or replace function public.cmd_add_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'Silakan pilih vendor');
  v_mode text := p ->> 'mode';
  v_plate text;
  v_type_id uuid;
  v_kapal text;
  v_pelayaran text;
begin
  if v_mode = 'laut' then
    v_kapal := public.cmd_req_text(p, 'nama_kapal', 'Silakan lengkapi semua field');
    v_pelayaran := public.cmd_req_text(p, 'nama_pelayaran', 'Silakan lengkapi semua field');
    v_plate := public.cmd_req_text(p, 'license_plate', 'Silakan lengkapi semua field');
  elsif v_mode = 'darat' then
    v_plate := public.cmd_req_text(p, 'license_plate', 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan');
    v_type_id := public.cmd_uuid(p, 'vehicle_type_id', 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan');
  else
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'Perintah tidak valid.'), v_vendor_id, v_plate, v_type_id,
    public.cmd_opt_text(p, 'driver_name'), public.cmd_opt_text(p, 'driver_phone'), v_kapal, v_pelayaran,
    public.cmd_uuid_or_null(p, 'current_hub_id', 'Hub tidak ditemukan.'));
end;
$$;

revoke execute on function public.cmd_add_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- add_sea_fleet {vehicle_id, vendor_id, nama_kapal, nama_pelayaran, container_number, current_hub_id?}
create or replace function public.cmd_add_sea_fleet(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'Semua field harus diisi');
  v_kapal text := public.cmd_req_text(p, 'nama_kapal', 'Semua field harus diisi');
  v_pelayaran text := public.cmd_req_text(p, 'nama_pelayaran', 'Semua field harus diisi');
  v_container text := public.cmd_req_text(p, 'container_number', 'Semua field harus diisi');
begin
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'Perintah tidak valid.'), v_vendor_id, v_container, null,
    null, null, v_kapal, v_pelayaran, public.cmd_uuid_or_null(p, 'current_hub_id', 'Hub tidak ditemukan.'));
end;
$$;

revoke execute on function public.cmd_add_sea_fleet(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vehicle {vehicle_id, changes: {license_plate?, driver_name?, driver_phone?,
-- vehicle_type_id?, nama_kapal?, nama_pelayaran?, is_active?}} ---------------------------
-- The queue flags and the hub belong to the workflow commands, not to edits.
-- Deactivating takes the vehicle out of service (ready false; refused while it
-- is queued or carrying a shipment); activating makes it ready again.
create or replace function public.cmd_edit_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  c jsonb := public.cmd_changes(p);
  v_plate text;
  v_type_id uuid;
  v_active boolean;
  v public.vehicles;
begin
  if c ? 'license_plate' then
    v_plate := public.cmd_req_text(c, 'license_plate', 'Please fill in all required fields');
  end if;
  if c ? 'vehicle_type_id' then
    v_type_id := public.cmd_uuid_or_null(c, 'vehicle_type_id', 'Jenis kendaraan tidak ditemukan.');
  end if;
  if c ? 'is_active' then
    if jsonb_typeof(c -> 'is_active') is distinct from 'boolean' then
      perform public.cmd_reject('validation', 'Perintah tidak valid.');
    end if;
    v_active := (c ->> 'is_active')::boolean;
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  if v_type_id is not null then
    perform 1 from public.vehicle_types where id = v_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'Jenis kendaraan tidak ditemukan.');
    end if;
  end if;
  if v.is_active and v_active is false then
    perform public.cmd_require_idle_vehicle(v);
  end if;
  if coalesce(v_active, v.is_active) then
    perform public.cmd_require_free_plate(coalesce(v_plate, v.license_plate), v.id,
      coalesce(case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else v.nama_kapal end, '') <> '');
  end if;
  begin
    update public.vehicles
       set license_plate = coalesce(v_plate, license_plate),
           vehicle_type_id = case when c ? 'vehicle_type_id' then v_type_id else vehicle_type_id end,
           driver_name = case when c ? 'driver_name' then public.cmd_opt_text(c, 'driver_name') else driver_name end,
           driver_phone = case when c ? 'driver_phone' then public.cmd_opt_text(c, 'driver_phone') else driver_phone end,
           nama_kapal = case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else nama_kapal end,
           nama_pelayaran = case when c ? 'nama_pelayaran' then public.cmd_opt_text(c, 'nama_pelayaran') else nama_pelayaran end,
           is_active = coalesce(v_active, is_active),
           ready = case
             when v_active is false then false
             when v_active and not is_active then not (siap_muat or sedang_muat)
             else ready
           end
     where id = v.id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', format('Nomor polisi %s sudah terdaftar.', coalesce(v_plate, v.license_plate)));
  end;
  return v.id;
end;
$$;

revoke execute on function public.cmd_edit_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vehicle {vehicle_id}: admin and tower control; soft, and only when idle ------------
create or replace function public.cmd_delete_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.');
  v public.vehicles;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  perform public.cmd_require_idle_vehicle(v);
  update public.vehicles set deleted = true, is_active = false where id = v.id;
  return v.id;
end;
$$;

revoke execute on function public.cmd_delete_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_warehouse_capacity.sql ============================================

-- Warehouse capacity (issue 11): the most a warehouse holds (TV + bracket), set by
-- an admin on /hubs; the dashboard's hub cards use it as their maximum. NULL is
-- "not set" (the card shows no fill); never negative. The column is
-- public.warehouses.capacity (tables/).
-- Device twin: sync/commands/warehouse-capacity.ts.

-- set_warehouse_capacity {warehouse_id, capacity: whole number 0..1000000 | null} --------
-- Admin only (spec 6: hub management is the admin's). The key must be present; a
-- JSON null clears the capacity, anything but a whole number in range is refused.
create or replace function public.cmd_set_warehouse_capacity(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'Gudang tidak ditemukan.');
  v_capacity integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  if not (p ? 'capacity') then
    perform public.cmd_reject('validation', 'Kapasitas harus berupa bilangan bulat 0 atau lebih');
  end if;
  if jsonb_typeof(p -> 'capacity') <> 'null' then
    v_capacity := public.cmd_quantity(p, 'capacity', 'Kapasitas harus berupa bilangan bulat 0 atau lebih');
  end if;
  update public.warehouses set capacity = v_capacity where id = v_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Gudang tidak ditemukan.');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_set_warehouse_capacity(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/audit_trail.sql =======================================================

-- The audit trail (issue 12): public.commands holds every command a device
-- sent, who sent it, when the device says it happened (issued_at), when the
-- server received it (received_at) and the outcome. It is readable by admin
-- and tower control only (its policy: policies/).
--
-- audit_trail(...) is the paged, filtered read for the audit screen and
-- shipment_history(...) a shipment's transitions in order, for the detail
-- panels. Both are security definer (they name the hub and the actor's name,
-- which tower control cannot read from profiles) and both refuse anyone who
-- is not admin or tower_control with insufficient_privilege (HTTP 403).

-- The hub a command concerns: the hub named in its payload (hub_id, then
-- current_hub_id), else the hub of the user who sent it. Malformed payload
-- values (a rejected command may hold anything) count as none.
create or replace function public.audit_command_hub(payload jsonb, actor uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case when payload ->> 'hub_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         then (payload ->> 'hub_id')::uuid end,
    case when payload ->> 'current_hub_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         then (payload ->> 'current_hub_id')::uuid end,
    (select p.hub_id from public.profiles p where p.user_id = actor)
  )
$$;

revoke execute on function public.audit_command_hub(jsonb, uuid) from public, anon, authenticated;

create or replace function public.audit_trail(
  p_hub_id uuid default null,
  p_actor text default null,
  p_type text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_seq bigint default null,
  p_limit integer default 50
)
returns table (
  seq bigint,
  id uuid,
  type text,
  actor_id uuid,
  actor_email text,
  actor_name text,
  hub_id uuid,
  hub_name text,
  issued_at timestamptz,
  received_at timestamptz,
  outcome text,
  code text,
  message text,
  entity_id uuid,
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
  select c.seq, c.id, c.type, c.actor_id, c.actor_email, p.full_name, h.id, h.name,
         c.issued_at, c.received_at, c.outcome, c.code, c.message, c.entity_id, c.payload
  from public.commands c
  left join public.profiles p on p.user_id = c.actor_id
  left join public.hubs h on h.id = public.audit_command_hub(c.payload, c.actor_id)
  where (p_before_seq is null or c.seq < p_before_seq)
    and (p_type is null or c.type = p_type)
    and (p_actor is null or c.actor_email ilike '%' || p_actor || '%' or p.full_name ilike '%' || p_actor || '%')
    and (p_hub_id is null or h.id = p_hub_id)
    and (p_from is null or c.issued_at >= p_from)
    and (p_to is null or c.issued_at < p_to)
  order by c.seq desc
  limit least(greatest(coalesce(p_limit, 50), 1), 500);
end;
$$;

comment on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) is
  'Admin and tower control only: commands newest first (by server arrival), filtered by hub, actor (e-mail or name, partial), command type and device time [from, to); page with p_before_seq = the last seq seen.';

revoke execute on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) from public, anon;

grant execute on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) to authenticated;

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

-- schemas/functions/cmd_undo.sql ==========================================================

-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands end with undo_keep_images (cmd_vehicle_queue.sql, cmd_arrival.sql,
-- cmd_pod.sql). Device twin: sync/commands/undo.ts.

-- Called last by each floor command: p_rows = [{t, id, before, after?}] in lock order; a row without its after
-- image is read as it is now; a row that is not there and was not before is left out. The
-- images go back to apply_commands (dermaga.images; apply_commands.sql, note 6.), which writes them.
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
  i integer;
begin
  if ctx.command_id is null then
    return;
  end if;
  -- (An index loop: simple expressions, no query to start for each command.)
  for i in 0 .. jsonb_array_length(p_rows) - 1 loop
    e := p_rows -> i;
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  -- One command, one images row (the table's primary key refused a second).
  if coalesce(current_setting('dermaga.images', true), '') <> '' then
    raise exception 'images of command % kept twice', ctx.command_id using errcode = '23505';
  end if;
  perform set_config('dermaga.images', to_jsonb(imgs)::text, true);
end;
$$;

revoke execute on function public.undo_keep_images(public.command_context, jsonb) from public, anon, authenticated;

-- One image as a {t, id, before} element of undo_keep_images' list (with its after image
-- when the command has it at hand: an UPDATE's RETURNING, no look-up).
create or replace function public.undo_img(p_table text, p_id uuid, p_before jsonb, p_after jsonb default null)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('t', p_table, 'id', p_id, 'before', coalesce(p_before, 'null'::jsonb))
         || case when p_after is null then '{}'::jsonb else jsonb_build_object('after', p_after) end
$$;

revoke execute on function public.undo_img(text, uuid, jsonb, jsonb) from public, anon, authenticated;


-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'Tindakan yang akan diurungkan tidak ditemukan.');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'Tindakan yang akan diurungkan tidak ditemukan.');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'Hanya pengguna yang melakukan tindakan ini yang dapat mengurungkannya.');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk hub ini.');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'Tindakan ini sudah diurungkan.');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it.
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      perform public.cmd_reject('conflict', public.undo_moved_on(tbl, cur));
    end if;
  end loop;
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    if jsonb_typeof(e -> 'before') is distinct from 'object' then
      -- A row the command made (an unloading's stock row): it goes, as a tombstone.
      execute format('update public.%I set deleted = true where id = $1', tbl) using rid;
      if tbl = 'inventory' then
        warehouses := warehouses || (e -> 'after' ->> 'warehouse_id')::uuid;
      end if;
    else
      -- The columns the command changed, back to what they were.
      select string_agg(format('%I = r.%I', k, k), ', ') into sets
      from jsonb_object_keys(e -> 'before') k
      where k not in ('id', 'updated_at', 'change_xid', 'created_at')
        and (e -> 'before' -> k) is distinct from (e -> 'after' -> k);
      if sets is not null then
        execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                       tbl, sets, tbl)
          using e -> 'before', rid;
      end if;
    end if;
  end loop;
  -- Stock booked by the step and shipped out since cannot be taken back.
  if exists (select 1 from public.inventory i
             where i.warehouse_id = any (warehouses) and not i.deleted
             group by i.warehouse_id
             having sum(i.smartboard_quantity) < 0 or sum(i.bracket_quantity) < 0) then
    perform public.cmd_reject('conflict', 'Tidak dapat diurungkan: stok dari bongkaran ini sudah dipakai.');
  end if;
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

revoke execute on function public.cmd_undo_command(public.command_context, jsonb) from public, anon, authenticated;

-- Undo of a counted completion: its receipt and discrepancies are rows the command made;
-- undo_command tombstones them with its stock rows, and refuses once a discrepancy was
-- resolved. The three helpers below know the tables.

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

revoke execute on function public.undo_row(text, uuid) from public, anon, authenticated;

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

revoke execute on function public.undo_norm(text, jsonb) from public, anon, authenticated;

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

revoke execute on function public.undo_moved_on(text, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_shipment_correction.sql ===========================================

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
  return s.id;
end;
$$;

revoke execute on function public.cmd_void_shipment(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/device_sync_reports.sql ===============================================

-- Issue 40, "device reports only from staff": report_device_sync takes a report only from a hub user of a hub (its
-- row is filed under that hub), tower control or an admin; a sign-up that no admin has given
-- a hub yet is refused, so it cannot put devices on tower's board. Bounded:
--   * per user: at most 20 devices (a hub's shared login on its tablets, reinstalls); a report
--     from a 21st device replaces that user's report silent the longest, so one login can
--     never fill the board;
--   * per device: one row, of the user who first reported it; an outbox of at most 100,000
--     commands (the device caps what it sends there: sync/replication/device-report.ts); an
--     app version of at most 64 printable characters.
-- device_sync_report_list (unchanged) names who reported each device: e-mail and name.
create or replace function public.report_device_sync(
  p_device_id uuid,
  p_outbox_size integer,
  p_app_version text default null
)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_role text := (select public.my_role());
  v_hub uuid := (select public.my_hub_id());
  v_owner uuid;
  v_at timestamptz := now();
begin
  if v_user is null or v_role is null then
    raise exception 'Hanya pengguna yang masuk yang dapat melaporkan sinkronisasi' using errcode = '42501';
  end if;
  if not (v_role in ('admin', 'tower_control') or (v_role = 'hub_user' and v_hub is not null)) then
    raise exception 'Hanya staf hub, tower control dan admin yang dapat melaporkan sinkronisasi'
      using errcode = '42501';
  end if;
  if p_device_id is null then
    raise exception 'ID perangkat wajib diisi' using errcode = '22023';
  end if;
  if p_outbox_size is null or p_outbox_size < 0 or p_outbox_size > 100000 then
    raise exception 'Jumlah antrean harus antara 0 dan 100000' using errcode = '22023';
  end if;
  if p_app_version is not null and (char_length(p_app_version) > 64 or p_app_version ~ '[[:cntrl:]]') then
    raise exception 'Versi aplikasi tidak valid' using errcode = '22023';
  end if;
  -- One user's reports one at a time (the bound below counts them).
  perform pg_advisory_xact_lock(('x' || left(md5('device_sync_reports:' || v_user::text), 16))::bit(64)::bigint);
  select r.user_id into v_owner from public.device_sync_reports r where r.device_id = p_device_id for update;
  if found and v_owner <> v_user then
    raise exception 'Perangkat ini dilaporkan oleh pengguna lain' using errcode = '42501';
  end if;
  if not found then
    -- A new device: the user's reports beyond the 19 most recent make room for it.
    delete from public.device_sync_reports r
     where r.user_id = v_user
       and r.device_id not in (select k.device_id from public.device_sync_reports k
                                where k.user_id = v_user
                                order by k.last_sync_at desc, k.device_id
                                limit 19);
  end if;
  insert into public.device_sync_reports as r (device_id, user_id, hub_id, last_sync_at, outbox_size, app_version)
  values (p_device_id, v_user, v_hub, v_at, p_outbox_size, p_app_version)
  on conflict (device_id) do update
    set hub_id = excluded.hub_id,
        last_sync_at = excluded.last_sync_at,
        outbox_size = excluded.outbox_size,
        app_version = excluded.app_version
    where r.user_id = v_user;
  return v_at;
end;
$$;

comment on function public.report_device_sync(uuid, integer, text) is
  'A device''s report after a successful sync round: the server stamps the time; the caller''s own device only.';

revoke execute on function public.report_device_sync(uuid, integer, text) from public, anon;

grant execute on function public.report_device_sync(uuid, integer, text) to authenticated, service_role;

comment on function public.report_device_sync(uuid, integer, text) is
  'A device''s report after a successful sync round, from hub staff of a hub, tower control or admins: the server stamps the time; the caller''s own device only; at most 20 devices a user.';

grant execute on function public.report_device_sync(uuid, integer, text) to authenticated;

-- The devices of hub users, for the board of tower control and admins (a hub user: its
-- hub's), with who they are: tower control cannot read other users' profiles.
create or replace function public.device_sync_report_list()
returns table (
  device_id uuid,
  user_id uuid,
  email text,
  full_name text,
  hub_id uuid,
  last_sync_at timestamptz,
  outbox_size integer,
  app_version text
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.device_id, r.user_id, p.email, p.full_name, r.hub_id, r.last_sync_at, r.outbox_size, r.app_version
  from public.device_sync_reports r
  join public.profiles p on p.user_id = r.user_id and not p.deleted and p.role = 'hub_user'
  where (select public.is_staff())
     or r.hub_id = any ((select public.my_hub_ids())::uuid[])
  order by r.last_sync_at
  limit 2000
$$;

comment on function public.device_sync_report_list() is
  'The sync reports of hub users'' devices the caller may see (staff: all; a hub user: its hub''s), oldest sync first.';

revoke execute on function public.device_sync_report_list() from public, anon;

grant execute on function public.device_sync_report_list() to authenticated, service_role;

-- The board's thresholds, in minutes, with their defaults for what is not set:
-- eta_grace_minutes past the end of a shipment's ETA day, waiting_minutes for a truck
-- waiting to load or unload (waiting_by_hub: per hub id, over the default),
-- device_silent_minutes since a hub device's last sync.
create or replace function public.attention_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'eta_grace_minutes', 0,
    'waiting_minutes', 120,
    'waiting_by_hub', '{}'::jsonb,
    'device_silent_minutes', 240
  ) || coalesce((select s.value from public.app_settings s where s.key = 'attention'), '{}'::jsonb)
$$;

comment on function public.attention_settings() is
  'The thresholds of Perlu perhatian (minutes), the admin''s over the defaults.';

revoke execute on function public.attention_settings() from public, anon;

grant execute on function public.attention_settings() to authenticated, service_role;

create or replace function public.set_attention_settings(p jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
  v_minutes integer;
  v_by_hub jsonb := '{}'::jsonb;
  v_hub text;
  v_value jsonb;
  v_out jsonb := '{}'::jsonb;
begin
  perform public.require_admin('change the attention thresholds');
  if p is null or jsonb_typeof(p) <> 'object' then
    raise exception 'Pengaturan harus berupa objek' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p) loop
    if v_key not in ('eta_grace_minutes', 'waiting_minutes', 'waiting_by_hub', 'device_silent_minutes') then
      raise exception 'Pengaturan tidak dikenal: %', left(v_key, 40) using errcode = '22023';
    end if;
  end loop;
  foreach v_key in array array['eta_grace_minutes', 'waiting_minutes', 'device_silent_minutes'] loop
    if p ? v_key then
      if jsonb_typeof(p -> v_key) <> 'number' or (p ->> v_key)::numeric <> trunc((p ->> v_key)::numeric)
         or (p ->> v_key)::numeric < 0 or (p ->> v_key)::numeric > 43200 then
        raise exception 'Batas waktu harus bilangan bulat 0 sampai 43200 menit' using errcode = '22023';
      end if;
      v_out := v_out || jsonb_build_object(v_key, (p ->> v_key)::integer);
    end if;
  end loop;
  if v_out ? 'waiting_minutes' and (v_out ->> 'waiting_minutes')::integer = 0 then
    raise exception 'Batas waktu tunggu minimal 1 menit' using errcode = '22023';
  end if;
  if v_out ? 'device_silent_minutes' and (v_out ->> 'device_silent_minutes')::integer = 0 then
    raise exception 'Batas waktu perangkat tidak sinkron minimal 1 menit' using errcode = '22023';
  end if;
  if p ? 'waiting_by_hub' then
    if jsonb_typeof(p -> 'waiting_by_hub') <> 'object' then
      raise exception 'Batas waktu per hub harus berupa objek' using errcode = '22023';
    end if;
    for v_hub, v_value in select * from jsonb_each(p -> 'waiting_by_hub') loop
      if v_hub !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         or not exists (select 1 from public.hubs h where h.id = v_hub::uuid and not h.deleted) then
        raise exception 'Hub tidak ditemukan' using errcode = '22023';
      end if;
      if jsonb_typeof(v_value) <> 'number' or v_value::numeric <> trunc(v_value::numeric)
         or v_value::numeric < 1 or v_value::numeric > 43200 then
        raise exception 'Batas waktu harus bilangan bulat 1 sampai 43200 menit' using errcode = '22023';
      end if;
      v_by_hub := v_by_hub || jsonb_build_object(v_hub, v_value::integer);
    end loop;
    v_out := v_out || jsonb_build_object('waiting_by_hub', v_by_hub);
  end if;
  insert into public.app_settings as s (key, value, updated_at, updated_by)
  values ('attention', v_out, now(), (select auth.uid()))
  on conflict (key) do update
    set value = s.value || excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return public.attention_settings();
end;
$$;

comment on function public.set_attention_settings(jsonb) is
  'Admin only: sets the thresholds of Perlu perhatian given (minutes; waiting_by_hub replaces the per-hub list); answers them all.';

revoke execute on function public.set_attention_settings(jsonb) from public, anon;

grant execute on function public.set_attention_settings(jsonb) to authenticated, service_role;

-- schemas/functions/stock_balances.sql ====================================================

-- stock_balance_deltas: no policy, no grant; only the triggers below (security definer) use it.

-- Statement triggers on the ledger: what a statement's rows moved (their old versions
-- out, their new ones in), one sum per warehouse, added to this transaction's delta. By
-- statement, with its transition tables, so a bulk insert (a seed of 50,000 rows) adds one
-- delta per warehouse instead of updating the same delta row once per ledger row.
create or replace function public.stock_ledger_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select n.warehouse_id, sum(n.smartboard_quantity), sum(n.bracket_quantity)
    from new_rows n where not n.deleted
    group by n.warehouse_id
    having sum(n.smartboard_quantity) <> 0 or sum(n.bracket_quantity) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  elsif tg_op = 'UPDATE' then
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select m.warehouse_id, sum(m.tv), sum(m.br)
    from (select o.warehouse_id, -o.smartboard_quantity as tv, -o.bracket_quantity as br from old_rows o where not o.deleted
          union all
          select n.warehouse_id, n.smartboard_quantity, n.bracket_quantity from new_rows n where not n.deleted) m
    group by m.warehouse_id
    having sum(m.tv) <> 0 or sum(m.br) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  else
    insert into public.stock_balance_deltas as d (warehouse_id, smartboard_quantity, bracket_quantity)
    select o.warehouse_id, -sum(o.smartboard_quantity), -sum(o.bracket_quantity)
    from old_rows o where not o.deleted
    group by o.warehouse_id
    having sum(o.smartboard_quantity) <> 0 or sum(o.bracket_quantity) <> 0
    on conflict (xid, warehouse_id) do update
      set smartboard_quantity = d.smartboard_quantity + excluded.smartboard_quantity,
          bracket_quantity = d.bracket_quantity + excluded.bracket_quantity;
  end if;
  return null;
end;
$$;

comment on function public.stock_ledger_changed() is
  'After each statement writing inventory rows: adds what they moved (old versions out, new ones in), per warehouse, to this transaction''s stock_balance_deltas.';

revoke execute on function public.stock_ledger_changed() from public, anon, authenticated;

-- At commit (deferred constraint trigger, once per warehouse a transaction
-- moved): applies every delta of this transaction, in warehouse-id order. The
-- first firing applies them all; the later ones find nothing left.
create or replace function public.stock_balances_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d record;
begin
  for d in
    select x.warehouse_id, sum(x.smartboard_quantity)::integer as tv, sum(x.bracket_quantity)::integer as br
    from public.stock_balance_deltas x
    where x.xid = pg_current_xact_id()
    group by x.warehouse_id
    order by x.warehouse_id
  loop
    if d.tv <> 0 or d.br <> 0 then
      insert into public.stock_balances as b (id, warehouse_id, smartboard_quantity, bracket_quantity)
      values (d.warehouse_id, d.warehouse_id, d.tv, d.br)
      on conflict (id) do update
        set smartboard_quantity = b.smartboard_quantity + excluded.smartboard_quantity,
            bracket_quantity = b.bracket_quantity + excluded.bracket_quantity;
    end if;
  end loop;
  delete from public.stock_balance_deltas x where x.xid = pg_current_xact_id();
  return null;
end;
$$;

comment on function public.stock_balances_apply() is
  'At commit: applies this transaction''s stock_balance_deltas to stock_balances, in warehouse-id order (one lock order for every transaction), and clears them.';

revoke execute on function public.stock_balances_apply() from public, anon, authenticated;

-- Every warehouse has its balance from its first moment (0 and 0), so a commit
-- only ever updates one: its insert would check the warehouse's key and could
-- wait on a lock another transaction holds on the warehouse.
create or replace function public.stock_balance_for_new_warehouse()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.stock_balances (id, warehouse_id) values (new.id, new.id) on conflict (id) do nothing;
  return null;
end;
$$;

revoke execute on function public.stock_balance_for_new_warehouse() from public, anon, authenticated;

-- A warehouse's stock on hand as this transaction sees it: the committed balance
-- plus what this transaction moved and has not applied yet. For a command that
-- checks stock (e.g. a shipment may not take out more than the warehouse holds);
-- outside such a transaction it is the balance.
create or replace function public.stock_on_hand(p_warehouse_id uuid, out smartboard_quantity integer, out bracket_quantity integer)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select b.smartboard_quantity from public.stock_balances b where b.id = p_warehouse_id), 0)
           + coalesce((select sum(d.smartboard_quantity)::integer from public.stock_balance_deltas d
                       where d.xid = pg_current_xact_id_if_assigned() and d.warehouse_id = p_warehouse_id), 0),
         coalesce((select b.bracket_quantity from public.stock_balances b where b.id = p_warehouse_id), 0)
           + coalesce((select sum(d.bracket_quantity)::integer from public.stock_balance_deltas d
                       where d.xid = pg_current_xact_id_if_assigned() and d.warehouse_id = p_warehouse_id), 0)
$$;

comment on function public.stock_on_hand(uuid) is
  'A warehouse''s stock (TV, bracket) as the calling transaction sees it: its balance plus the ledger writes of this transaction not yet applied (they are at commit).';

revoke execute on function public.stock_on_hand(uuid) from public, anon, authenticated;

grant execute on function public.stock_on_hand(uuid) to service_role;

-- schemas/functions/cmd_handover.sql ======================================================

-- Issue 28: the counted receipt of complete_unloading / pod_complete (the commands are
-- in cmd_arrival.sql and cmd_pod.sql). The same rules as the devices'
-- (sync/commands/handover-receipt.ts, receiptProblems), checked in the same order and
-- refused with the same messages (sync/messages-handover.ts), code 'validation':
--   1. its fields: whole counts 0..100000, both names (1..100), both signature ids,
--      signed_at, each discrepancy's id, item, reason, quantity > 0, note <= 500,
--      1..10 photo ids;
--   2. damaged <= received; the two signatures and the discrepancies' ids distinct;
--   3. per item (TV, then bracket): received < sent needs one 'kurang' of sent - received,
--      received > sent one 'lebih' of received - sent, damaged > 0 one 'rusak' of
--      damaged; nothing else.

-- One count of the receipt: a whole number 0..100000.
create or replace function public.handover_count(p jsonb, p_key text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 100000 then
    perform public.cmd_reject('validation', 'Jumlah harus bilangan bulat 0 sampai 100.000');
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.handover_count(jsonb, text) from public, anon, authenticated;

-- A name typed beside a signature: 1..100 characters once trimmed.
create or replace function public.handover_name(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := public.cmd_req_text(p, p_key, p_message);
begin
  if char_length(v) > 100 then
    perform public.cmd_reject('validation', 'Nama maksimal 100 karakter');
  end if;
  return v;
end;
$$;

revoke execute on function public.handover_name(jsonb, text, text) from public, anon, authenticated;

-- 'TV' / 'bracket', as the messages name the items.
create or replace function public.handover_item_label(p_item text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_item when 'smartboard' then 'TV' else 'bracket' end
$$;

revoke execute on function public.handover_item_label(text) from public, anon, authenticated;

-- The receipt of a shipment, checked: its normalized fields, with sent counts and the
-- discrepancies as [{id, item, reason, quantity, note, photo_ids}].
create or replace function public.handover_receipt(r jsonb, s public.shipments)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  invalid constant text := 'Perintah tidak valid.';
  v_id uuid;
  tv_in integer; br_in integer; tv_bad integer; br_bad integer;
  v_receiver text; v_driver text;
  sig_receiver uuid; sig_driver uuid;
  v_signed timestamptz;
  d jsonb;
  ds jsonb := '[]';
  v_note text;
  photos uuid[];
  ph jsonb;
  item text;
  reason text;
  sent integer;
  got integer;
  bad integer;
  expected integer;
  found_n integer;
  found_q integer;
begin
  if jsonb_typeof(r) is distinct from 'object' then
    perform public.cmd_reject('validation', invalid);
  end if;
  v_id := public.cmd_uuid(r, 'receipt_id', invalid);
  tv_in := public.handover_count(r, 'smartboard_received');
  br_in := public.handover_count(r, 'bracket_received');
  tv_bad := public.handover_count(r, 'smartboard_damaged');
  br_bad := public.handover_count(r, 'bracket_damaged');
  v_receiver := public.handover_name(r, 'receiver_name', 'Nama penerima wajib diisi');
  v_driver := public.handover_name(r, 'driver_name', 'Nama sopir wajib diisi');
  sig_receiver := public.cmd_uuid(r, 'receiver_signature_id', 'Tanda tangan penerima wajib diisi');
  sig_driver := public.cmd_uuid(r, 'driver_signature_id', 'Tanda tangan sopir wajib diisi');
  if jsonb_typeof(r -> 'signed_at') is distinct from 'string'
     or (r ->> 'signed_at') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_signed := (r ->> 'signed_at')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  if r -> 'discrepancies' is null or jsonb_typeof(r -> 'discrepancies') = 'null' then
    r := r || jsonb_build_object('discrepancies', '[]'::jsonb);
  end if;
  if jsonb_typeof(r -> 'discrepancies') <> 'array' or jsonb_array_length(r -> 'discrepancies') > 6 then
    perform public.cmd_reject('validation', invalid);
  end if;
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    if jsonb_typeof(d) is distinct from 'object' then
      perform public.cmd_reject('validation', invalid);
    end if;
    perform public.cmd_uuid(d, 'id', invalid);
    if jsonb_typeof(d -> 'item') is distinct from 'string' or d ->> 'item' not in ('smartboard', 'bracket')
       or jsonb_typeof(d -> 'reason') is distinct from 'string' or d ->> 'reason' not in ('kurang', 'lebih', 'rusak') then
      perform public.cmd_reject('validation', invalid);
    end if;
    if jsonb_typeof(d -> 'quantity') is distinct from 'number'
       or (d ->> 'quantity')::numeric <> trunc((d ->> 'quantity')::numeric)
       or (d ->> 'quantity')::numeric < 1 or (d ->> 'quantity')::numeric > 100000 then
      perform public.cmd_reject('validation', 'Jumlah selisih harus bilangan bulat 1 sampai 100.000');
    end if;
    v_note := public.cmd_opt_text(d, 'note');
    if char_length(v_note) > 500 then
      perform public.cmd_reject('validation', 'Catatan maksimal 500 karakter');
    end if;
    if jsonb_typeof(d -> 'photo_ids') is distinct from 'array' or jsonb_array_length(d -> 'photo_ids') = 0 then
      perform public.cmd_reject('validation', 'Setiap selisih wajib disertai minimal satu foto');
    end if;
    if jsonb_array_length(d -> 'photo_ids') > 10 then
      perform public.cmd_reject('validation', 'Maksimal 10 foto per selisih');
    end if;
    photos := '{}';
    for ph in select value from jsonb_array_elements(d -> 'photo_ids') loop
      photos := photos || public.cmd_uuid(jsonb_build_object('id', ph), 'id', invalid);
    end loop;
    ds := ds || jsonb_build_object('id', (d ->> 'id')::uuid, 'item', d ->> 'item', 'reason', d ->> 'reason',
                                   'quantity', (d ->> 'quantity')::integer, 'note', v_note,
                                   'photo_ids', to_jsonb(photos));
  end loop;

  if tv_bad > tv_in or br_bad > br_in then
    perform public.cmd_reject('validation', 'Jumlah rusak tidak boleh melebihi jumlah diterima');
  end if;
  if sig_receiver = sig_driver
     or (select count(distinct e ->> 'id') from jsonb_array_elements(ds) e) <> jsonb_array_length(ds) then
    perform public.cmd_reject('validation', invalid);
  end if;

  foreach item in array array['smartboard', 'bracket'] loop
    sent := case item when 'smartboard' then s.smartboard_quantity else s.bracket_quantity end;
    got := case item when 'smartboard' then tv_in else br_in end;
    bad := case item when 'smartboard' then tv_bad else br_bad end;
    foreach reason in array array['kurang', 'lebih', 'rusak'] loop
      expected := case reason when 'kurang' then greatest(sent - got, 0)
                              when 'lebih' then greatest(got - sent, 0) else bad end;
      select count(*), max((e ->> 'quantity')::integer) into found_n, found_q
      from jsonb_array_elements(ds) e where e ->> 'item' = item and e ->> 'reason' = reason;
      if expected > 0 and found_n = 0 then
        perform public.cmd_reject('validation',
          format('Catat selisih %s %s sebanyak %s dengan foto', public.handover_item_label(item), reason, expected));
      end if;
      if expected = 0 and found_n > 0 then
        perform public.cmd_reject('validation',
          format('Tidak ada selisih %s %s menurut hitungan', public.handover_item_label(item), reason));
      end if;
      if found_n > 1 or (found_n = 1 and found_q <> expected) then
        perform public.cmd_reject('validation',
          format('Selisih %s %s harus sebanyak %s', public.handover_item_label(item), reason, expected));
      end if;
    end loop;
  end loop;

  return jsonb_build_object(
    'id', v_id, 'smartboard_sent', s.smartboard_quantity, 'bracket_sent', s.bracket_quantity,
    'smartboard_received', tv_in, 'bracket_received', br_in, 'smartboard_damaged', tv_bad, 'bracket_damaged', br_bad,
    'receiver_name', v_receiver, 'driver_name', v_driver,
    'receiver_signature_id', sig_receiver, 'driver_signature_id', sig_driver, 'signed_at', v_signed,
    'discrepancies', ds);
end;
$$;

revoke execute on function public.handover_receipt(jsonb, public.shipments) from public, anon, authenticated;

-- Writes a checked receipt and its discrepancies for the shipment; returns their undo images
-- (rows the command made: undo_command tombstones them with the stock rows).
create or replace function public.handover_store_receipt(ctx public.command_context, s public.shipments,
                                                         p_warehouse_id uuid, r jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  d jsonb;
  imgs jsonb;
begin
  perform public.cmd_require_new_id('shipment_receipts', (r ->> 'id')::uuid);
  insert into public.shipment_receipts (
    id, shipment_id, warehouse_id, smartboard_sent, bracket_sent, smartboard_received, bracket_received,
    smartboard_damaged, bracket_damaged, receiver_name, driver_name, receiver_signature_id, driver_signature_id,
    signed_at, counted_by, received_at)
  values ((r ->> 'id')::uuid, s.id, p_warehouse_id, (r ->> 'smartboard_sent')::integer,
          (r ->> 'bracket_sent')::integer, (r ->> 'smartboard_received')::integer,
          (r ->> 'bracket_received')::integer, (r ->> 'smartboard_damaged')::integer,
          (r ->> 'bracket_damaged')::integer, r ->> 'receiver_name', r ->> 'driver_name',
          (r ->> 'receiver_signature_id')::uuid, (r ->> 'driver_signature_id')::uuid,
          (r ->> 'signed_at')::timestamptz, ctx.user_id, ctx.received_at);
  imgs := jsonb_build_array(public.undo_img('shipment_receipts', (r ->> 'id')::uuid, null));
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    perform public.cmd_require_new_id('discrepancies', (d ->> 'id')::uuid);
    insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, note, photo_ids,
                                      origin_hub_id, destination_hub_id, reported_by, reported_at)
    values ((d ->> 'id')::uuid, s.id, (r ->> 'id')::uuid, d ->> 'item', d ->> 'reason',
            (d ->> 'quantity')::integer, d ->> 'note',
            array(select jsonb_array_elements_text(d -> 'photo_ids'))::uuid[],
            s.origin_hub_id, s.destination_hub_id, ctx.user_id, ctx.received_at);
    imgs := imgs || public.undo_img('discrepancies', (d ->> 'id')::uuid, null);
  end loop;
  return imgs;
end;
$$;

revoke execute on function public.handover_store_receipt(public.command_context, public.shipments, uuid, jsonb) from public, anon, authenticated;

-- What an unloading books: the shipment's counts, or with a receipt what was counted in
-- good order (received - damaged per item).
create or replace function public.handover_counted(s public.shipments, r jsonb)
returns public.shipments
language plpgsql
immutable
set search_path = ''
as $$
begin
  if r is not null then
    s.smartboard_quantity := (r ->> 'smartboard_received')::integer - (r ->> 'smartboard_damaged')::integer;
    s.bracket_quantity := (r ->> 'bracket_received')::integer - (r ->> 'bracket_damaged')::integer;
  end if;
  return s;
end;
$$;

revoke execute on function public.handover_counted(public.shipments, jsonb) from public, anon, authenticated;

-- resolve_discrepancy {discrepancy_id, note}: tower control and admins close an open
-- discrepancy with a note; a second resolve is a conflict naming who resolved it and when.
create or replace function public.cmd_resolve_discrepancy(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'discrepancy_id', 'Selisih tidak ditemukan.');
  v_note text := public.cmd_req_text(p, 'note', 'Catatan penyelesaian wajib diisi');
  d public.discrepancies;
  who text;
begin
  if char_length(v_note) > 500 then
    perform public.cmd_reject('validation', 'Catatan maksimal 500 karakter');
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  select * into d from public.discrepancies where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Selisih tidak ditemukan.');
  end if;
  if d.status = 'resolved' then
    select coalesce(pr.email, 'pengguna lain') into who
    from (select 1) one left join public.profiles pr on pr.user_id = d.resolved_by;
    perform public.cmd_reject('conflict',
      'Selisih sudah diselesaikan oleh ' || who || ' pada ' || public.dm_format_wib(d.resolved_at));
  end if;
  update public.discrepancies
     set status = 'resolved', resolved_by = ctx.user_id, resolved_at = ctx.received_at, resolution_note = v_note
   where id = d.id;
  return d.id;
end;
$$;

revoke execute on function public.cmd_resolve_discrepancy(public.command_context, jsonb) from public, anon, authenticated;

-- attach_document {id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
-- latitude?, longitude?, accuracy_m?, discrepancy_id?}: sent by the upload queue once the
-- object is in the bucket (refused 'upload_missing' otherwise, as set_shipment_image), so
-- no row points at a missing file. The surat jalan is the origin hub's; the rest the
-- receiving side's (the destination hub, or for a POD shipment a POD hub of its city);
-- staff any. Idempotent by id: the same document again is applied without a change.
create or replace function public.cmd_attach_document(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'Perintah tidak valid.';
  v_id uuid := public.cmd_uuid(p, 'id', invalid);
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'Shipment not found');
  v_kind text := public.cmd_req_text(p, 'kind', invalid);
  v_mime text := public.cmd_req_text(p, 'mime', invalid);
  v_path text := public.cmd_req_text(p, 'path', invalid);
  v_size integer := public.cmd_int_between(p, 'size_bytes', 1, 52428800, invalid, invalid);
  v_sha text := public.cmd_req_text(p, 'sha256', invalid);
  v_time timestamptz;
  v_lat double precision;
  v_lon double precision;
  v_acc double precision;
  v_discrepancy uuid := public.cmd_uuid_or_null(p, 'discrepancy_id', invalid);
  v_ext text;
  s public.shipments;
  dest public.hubs;
  prior public.shipment_documents;
begin
  v_ext := case v_mime when 'application/pdf' then 'pdf' when 'image/png' then 'png' when 'image/jpeg' then 'jpg' end;
  if v_kind not in ('surat_jalan', 'bast', 'signature_receiver', 'signature_driver', 'discrepancy_photo')
     or v_ext is null
     or v_path <> 'shipments/' || v_shipment_id::text || '/documents/' || v_id::text || '.' || v_ext
     or v_sha !~ '^[0-9a-f]{64}$'
     or (v_discrepancy is not null and v_kind <> 'discrepancy_photo') then
    perform public.cmd_reject('validation', invalid);
  end if;
  if jsonb_typeof(p -> 'device_time') is distinct from 'string'
     or (p ->> 'device_time') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_time := (p ->> 'device_time')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  v_lat := public.handover_coordinate(p, 'latitude', -90, 90);
  v_lon := public.handover_coordinate(p, 'longitude', -180, 180);
  v_acc := public.handover_coordinate(p, 'accuracy_m', 0, 1e7);
  if (v_lat is null) <> (v_lon is null) then
    perform public.cmd_reject('validation', invalid);
  end if;

  s := public.cmd_lock_shipment(v_shipment_id);
  if v_kind = 'surat_jalan' then
    perform public.cmd_require_hub(ctx, s.origin_hub_id);
  else
    select * into dest from public.hubs where id = s.destination_hub_id;
    if public.hub_kind(dest.name, dest.type) = 'pod' then
      perform public.cmd_require_pod(ctx, public.cmd_pod_city(s));
    else
      perform public.cmd_require_hub(ctx, s.destination_hub_id);
    end if;
  end if;
  select * into prior from public.shipment_documents where id = v_id;
  if found then
    if prior.shipment_id = v_shipment_id and prior.path = v_path and prior.sha256 = v_sha and not prior.deleted then
      return prior.id;
    end if;
    perform public.cmd_reject('duplicate_id', 'Perintah tidak valid: data dengan id ini sudah ada.');
  end if;
  if v_discrepancy is not null
     and exists (select 1 from public.discrepancies x where x.id = v_discrepancy and x.shipment_id <> v_shipment_id) then
    perform public.cmd_reject('validation', invalid);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'Berkas belum ada di penyimpanan; unggah ulang lalu coba lagi.');
  end if;
  insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
                                         latitude, longitude, accuracy_m, discrepancy_id, uploaded_by, received_at)
  values (v_id, v_shipment_id, v_kind, v_path, v_mime, v_size, v_sha, v_time,
          v_lat, v_lon, v_acc, v_discrepancy, ctx.user_id, ctx.received_at);
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_document(public.command_context, jsonb) from public, anon, authenticated;

-- An optional number within [p_min, p_max] (a coordinate, an accuracy): missing or null is null.
create or replace function public.handover_coordinate(p jsonb, p_key text, p_min double precision,
                                                      p_max double precision)
returns double precision
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'number' or (p ->> p_key)::double precision not between p_min and p_max then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  return (p ->> p_key)::double precision;
end;
$$;

revoke execute on function public.handover_coordinate(jsonb, text, double precision, double precision) from public, anon, authenticated;

-- schemas/functions/working_set.sql =======================================================

-- Issue 26: a device holds its working set, not the history (docs/sync.md, "The working set").
--
-- The rule (its device twin: sync/domain/working-set.ts, the same cases by hand in
-- tests/unit/working-set.test.ts):
--   * master data, profiles, statuses and stock balances: every row the caller may read;
--   * a shipment: while open, and for the retention window after it closed. Open means not
--     closed; closed means selesai_bongkar with a final status ('selesai', 'selesai_pod',
--     'dibatalkan'): the three commands that end a shipment set both in one statement, and a
--     row on which the two disagree counts as open (held, never lost). Its closed time is
--     unloading_finished_at (the time the user finished unloading, clamped by the server),
--     else updated_at (a void: the server's time of the last write). A soft-deleted
--     shipment is closed at its updated_at (its tombstone goes out for the window);
--   * a container: while its shipment is in the set;
--   * a stock ledger row: while its date_recorded (a Jakarta business date) is on or after
--     the cutoff's Jakarta date, or while its shipment is in the set.
-- The cutoff is the server's now() minus the retention window (app setting 'working_set',
-- retention_days, 14 by default, set by an admin: set_working_set_settings()). Every
-- answer that the device's rule depends on carries the cutoff, so the device uses the
-- server's clock, not its own.
--
-- A row that leaves the set is never sent again; a device drops it by the same rule
-- (sync/replication/working-set.ts), or at the latest at its reconcile, since
-- visible_ids lists only the working set. A row that enters the set without a change of
-- its own (an admin lengthened the window) is fetched by the reconcile (rows_by_id).
--
-- The checkpoint: pull_changes hands out only the rows of the set, in (change_xid, id)
-- order, below the commit-safe horizon. A batch that is not full has handed out every row
-- of the set below the horizon, so its answer carries a checkpoint just below the horizon
-- (horizon - 1, the largest uuid): the device's checkpoint moves past every row left out,
-- and changed_tables stops naming the table. A full batch ends at its last row, as before.
--
-- Cost: the rows of the set are found through indexes on their rule (shipments_open_idx,
-- shipments_closed_at_idx, shipments_deleted_at_idx; the ledger's inventory_date_idx; a
-- shipment's containers and ledger rows by their shipment_id indexes), never by walking
-- the history, so a pull costs what the working set costs, not what the history costs.

-- The retention window ------------------------------------------------------------------
create or replace function public.working_set_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('retention_days', 14)
    || coalesce((select s.value from public.app_settings s where s.key = 'working_set'), '{}'::jsonb)
$$;

comment on function public.working_set_settings() is
  'The working set''s settings: retention_days, how long a closed shipment and a ledger row stay on the devices (the admin''s over the default of 14).';

revoke execute on function public.working_set_settings() from public, anon;

grant execute on function public.working_set_settings() to authenticated, service_role;

create or replace function public.set_working_set_settings(p jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
begin
  perform public.require_admin('change the retention window');
  if p is null or jsonb_typeof(p) <> 'object' then
    raise exception 'Pengaturan harus berupa objek' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p) loop
    if v_key <> 'retention_days' then
      raise exception 'Pengaturan tidak dikenal: %', left(v_key, 40) using errcode = '22023';
    end if;
  end loop;
  if not p ? 'retention_days' then
    return public.working_set_settings();
  end if;
  if jsonb_typeof(p -> 'retention_days') <> 'number'
     or (p ->> 'retention_days')::numeric <> trunc((p ->> 'retention_days')::numeric)
     or (p ->> 'retention_days')::numeric < 1 or (p ->> 'retention_days')::numeric > 365 then
    raise exception 'Masa simpan riwayat harus bilangan bulat 1 sampai 365 hari' using errcode = '22023';
  end if;
  insert into public.app_settings as s (key, value, updated_at, updated_by)
  values ('working_set', jsonb_build_object('retention_days', (p ->> 'retention_days')::integer), now(), (select auth.uid()))
  on conflict (key) do update
    set value = s.value || excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return public.working_set_settings();
end;
$$;

comment on function public.set_working_set_settings(jsonb) is
  'Admin only: sets retention_days (whole days, 1 to 365); answers the settings.';

revoke execute on function public.set_working_set_settings(jsonb) from public, anon;

grant execute on function public.set_working_set_settings(jsonb) to authenticated, service_role;

-- The server's cutoff: closed shipments and ledger rows older than it are not sent.
create or replace function public.working_set_cutoff()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select now() - make_interval(days => (public.working_set_settings() ->> 'retention_days')::integer)
$$;

comment on function public.working_set_cutoff() is
  'now() (the server''s clock) minus the retention window: what closed before it, or a ledger row dated before its Jakarta date, is outside the working set.';

revoke execute on function public.working_set_cutoff() from public, anon;

grant execute on function public.working_set_cutoff() to authenticated, service_role;

-- When a shipment closed; null while it is open (see the rule above).
create or replace function public.shipment_closed_at(
  p_selesai_bongkar boolean,
  p_status text,
  p_deleted boolean,
  p_unloading_finished_at timestamptz,
  p_updated_at timestamptz
)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_deleted then p_updated_at
    when p_selesai_bongkar and p_status in ('selesai', 'selesai_pod', 'dibatalkan')
      then coalesce(p_unloading_finished_at, p_updated_at)
  end
$$;

comment on function public.shipment_closed_at(boolean, text, boolean, timestamptz, timestamptz) is
  'When a shipment left the open work (null while open): unloading_finished_at, else updated_at; a deleted one at its updated_at. Twin of closedAt in sync/domain/working-set.ts.';

-- The three branches, selecting p_select from shipments s and p_lateral (nothing: the
-- shipments themselves); $1 is the cutoff. A shipment's rows in another table are read by
-- a lateral subquery behind "offset 0", which the planner cannot flatten into a join: so
-- they are always read by their shipment_id index, shipment by shipment, never by a hash
-- join over the whole table (which an estimate without statistics can prefer).
create or replace function public.working_set_shipment_branches(p_select text, p_lateral text)
returns text
language sql
immutable
set search_path = ''
as $$
  select format(
    $f$select %1$s from public.shipments s %2$s
         where not (s.selesai_bongkar and s.status in ('selesai', 'selesai_pod', 'dibatalkan')) and not s.deleted
       union all
       select %1$s from public.shipments s %2$s
         where s.selesai_bongkar and s.status in ('selesai', 'selesai_pod', 'dibatalkan') and not s.deleted
           and (case when s.unloading_finished_at is null then s.updated_at else s.unloading_finished_at end) >= $1
       union all
       select %1$s from public.shipments s %2$s
         where s.deleted and s.updated_at >= $1$f$,
    p_select, coalesce(p_lateral, ''))
$$;

revoke execute on function public.working_set_shipment_branches(text, text) from public, anon;

grant execute on function public.working_set_shipment_branches(text, text) to authenticated, service_role;

-- The rows of a table that follow their shipment (a shipment_id column), as a FROM fragment.
create or replace function public.working_set_of_shipments(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '(' || public.working_set_shipment_branches('c.*',
    format('cross join lateral (select c.* from public.%I c where c.shipment_id = s.id offset 0) c', p_table)) || ') t'
$$;

revoke execute on function public.working_set_of_shipments(text) from public, anon;

grant execute on function public.working_set_of_shipments(text) to authenticated, service_role;

-- The rows of the set, as a FROM fragment with alias t, for the functions below: $1 is the
-- cutoff, $2 its Jakarta date. Only the tables whose history grows are filtered.
create or replace function public.working_set_source(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'shipments' then '(' || public.working_set_shipment_branches('s.*', null) || ') t'
    -- A shipment's containers and its handover records (tables/shipment_receipts.sql:
    -- each by its shipment_id index) follow their shipment.
    when 'containers' then public.working_set_of_shipments('containers')
    when 'shipment_documents' then public.working_set_of_shipments('shipment_documents')
    when 'shipment_receipts' then public.working_set_of_shipments('shipment_receipts')
    when 'discrepancies' then public.working_set_of_shipments('discrepancies')
    -- A ledger row of the window's dates, or of a shipment of the set: their ids, then each
    -- row by its primary key.
    when 'inventory' then
      '(select i.* from (select x.id from (select i.id from public.inventory i where i.date_recorded >= $2 union all '
        || public.working_set_shipment_branches('i.id',
             'cross join lateral (select i.id from public.inventory i where i.shipment_id = s.id offset 0) i')
        || ') x group by x.id) ids cross join lateral (select i.* from public.inventory i where i.id = ids.id offset 0) i) t'
    else format('public.%I t', p_table)
  end
$$;

comment on function public.working_set_source(text) is
  'The FROM fragment (alias t) of a replicated table''s working set: $1 the cutoff, $2 its Jakarta date.';

-- Only text; the pull's functions (security invoker) call it as the caller.
revoke execute on function public.working_set_source(text) from public, anon;

grant execute on function public.working_set_source(text) to authenticated, service_role;

-- How many rows a table's first pull brings (the first sync's progress).
create or replace function public.working_set_count(p_table text)
returns integer
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  n integer;
begin
  if not (p_table = any (public.replicated_tables())) then
    raise exception 'Unknown table %', p_table using errcode = '22023';
  end if;
  execute format('select count(*) from %s', public.working_set_source(p_table))
    into n using v_cutoff, public.dm_jakarta_date(v_cutoff);
  return n;
end;
$$;

comment on function public.working_set_count(text) is
  'How many rows of p_table''s working set the caller may read now (RLS): a new device''s first pull.';

revoke execute on function public.working_set_count(text) from public, anon;

grant execute on function public.working_set_count(text) to authenticated, service_role;

-- A new device's first sync asks its counts in one request (issue 26's first-sync goal;
-- docs/performance.md, "A device's working set").
--
-- The first sync's progress ("rows so far of about how many", per table) needs each table's
-- working-set count before its first pull. The app asked public.working_set_count(table)
-- once per table: eleven requests before the first row was pulled, each a round trip through
-- the gateway and PostgREST, and on PGlite's single backend eleven statements queued behind
-- one another (1.2 to 3.3 s). working_set_counts(tables) answers them all in one request,
-- with the same rule, the same row-level security (security invoker) and the same cutoff
-- for every table (one call, one now()). working_set_count (above)
-- stays for app versions that still ask one table at a time; both read
-- public.working_set_source, so they cannot disagree.
create or replace function public.working_set_counts(p_tables text[])
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_cutoff timestamptz := public.working_set_cutoff();
  v_day date := public.dm_jakarta_date(v_cutoff);
  t text;
  n integer;
  counts jsonb := '{}'::jsonb;
begin
  if p_tables is null or cardinality(p_tables) > 64 then
    raise exception 'Tables must be a list of at most 64 names' using errcode = '22023';
  end if;
  foreach t in array p_tables loop
    if t is null or not (t = any (public.replicated_tables())) then
      raise exception 'Unknown table %', left(coalesce(t, 'null'), 40) using errcode = '22023';
    end if;
    if counts ? t then
      continue;
    end if;
    execute format('select count(*) from %s', public.working_set_source(t))
      into n using v_cutoff, v_day;
    counts := counts || jsonb_build_object(t, n);
  end loop;
  return counts;
end;
$$;

comment on function public.working_set_counts(text[]) is
  'How many rows of each named table''s working set the caller may read now (RLS), as {table: count}: a new device''s first sync, in one request.';

revoke execute on function public.working_set_counts(text[]) from public, anon;

grant execute on function public.working_set_counts(text[]) to authenticated, service_role;

-- schemas/functions/older_history.sql =====================================================

-- The refusals both reads share: no live profile, a page size out of bounds,
-- a keyset cursor with one half missing.
create or replace function public.history_read_checks(
  p_limit integer,
  p_cursor_at text,
  p_cursor_id uuid
)
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if (select public.my_role()) is null then
    raise exception 'Profil pengguna tidak ditemukan.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 100 then
    raise exception 'Ukuran halaman harus 1 sampai 100 baris.' using errcode = '22023';
  end if;
  if (p_cursor_at is null) <> (p_cursor_id is null) then
    raise exception 'Penanda halaman tidak lengkap: tanggal dan id dikirim bersama.' using errcode = '22023';
  end if;
end;
$$;

revoke execute on function public.history_read_checks(integer, text, uuid) from public, anon;

grant execute on function public.history_read_checks(integer, text, uuid) to authenticated;

create or replace function public.search_shipments(
  p_query text default null,
  p_status text default null,
  p_origin_hub_id uuid default null,
  p_destination_hub_id uuid default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  batch_number text,
  status text,
  origin_hub_id uuid,
  destination_hub_id uuid,
  current_hub_id uuid,
  vehicle_id uuid,
  vendor_id uuid,
  smartboard_quantity integer,
  bracket_quantity integer,
  loading_date timestamptz,
  arrival_destination timestamptz,
  selesai_bongkar boolean,
  notes text,
  created_at timestamptz,
  updated_at timestamptz,
  license_plate text,
  driver_name text,
  ship_name text,
  vendor_name text,
  container_number text,
  vessel_name text
)
language plpgsql
stable
-- Definer, with the shipments' read policy written out below: under row-level security a
-- text match (ILIKE, not leakproof) may not use an index, so each search read every shipment
-- and container (0.4 to 1.2 s at 160,000 shipments).
security definer
set search_path = ''
-- A page's plan is cheap to run but its estimate is high: compiling it (JIT) took longer
-- than the read.
set jit = off
-- The planner prices an ILIKE like an equality, so it read every container (and at times
-- every shipment) rather than their trigram indexes: 130 to 370 ms a search at 160,000
-- shipments against 40 to 140 ms through the indexes (docs/sync.md, "Older history").
set enable_seqscan = off
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_pattern text;
  v_where text := 'not s.deleted';
  v_with text := '';
  v_hubs uuid[];
begin
  perform public.history_read_checks(p_limit, p_before_created_at::text, p_before_id);
  if v_query is not null and char_length(v_query) < 2 then
    raise exception 'Kata pencarian minimal 2 karakter.' using errcode = '22023';
  end if;
  if char_length(v_query) > 100 then
    raise exception 'Kata pencarian paling banyak 100 karakter.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'Rentang tanggal tidak valid: tanggal awal setelah tanggal akhir.' using errcode = '22023';
  end if;

  -- The shipments' read policy (policies/shipments.sql): staff read every
  -- shipment, a hub user those from, to or at its hubs.
  if not coalesce((select public.is_staff()), false) then
    v_hubs := coalesce((select public.my_hub_ids()), '{}'::uuid[]);
    v_where := v_where || ' and (s.origin_hub_id = any ($10) or s.destination_hub_id = any ($10)'
      || ' or s.current_hub_id = any ($10))';
  end if;
  if v_query is not null then
    -- A substring, whatever its case: % _ and \ in the text are matched as themselves.
    v_pattern := '%' || replace(replace(replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%';
    -- The matching ids first, each source by its own index (a trigram index, or the vehicle's
    -- and vendor's ids), then only those sorted: the planner cannot know how few a text
    -- matches, and walking every shipment newest first to find them cost a scan of the table.
    v_with := $w$with hits as materialized (
        select s.id from public.shipments s where s.batch_number ilike $1
        union
        select s.id from public.shipments s
        where s.vehicle_id = any (array(
          select v.id from public.vehicles v
          where v.license_plate ilike $1 or v.driver_name ilike $1 or v.nama_kapal ilike $1
             or v.vendor_id = any (array(select d.id from public.vendors d where d.name ilike $1))))
        union
        select s.id from public.shipments s
        where s.vendor_id = any (array(select d.id from public.vendors d where d.name ilike $1))
        union
        select c.shipment_id from public.containers c
        where not c.deleted and (c.container_number ilike $1 or c.vessel_name ilike $1)
      ) $w$;
    v_where := v_where || ' and s.id in (select h.id from hits h)';
  end if;
  if p_status is not null then v_where := v_where || ' and s.status = $2'; end if;
  if p_origin_hub_id is not null then v_where := v_where || ' and s.origin_hub_id = $3'; end if;
  if p_destination_hub_id is not null then v_where := v_where || ' and s.destination_hub_id = $4'; end if;
  if p_from is not null then v_where := v_where || ' and s.created_at >= $5'; end if;
  if p_to is not null then v_where := v_where || ' and s.created_at < $6'; end if;
  if p_before_id is not null then v_where := v_where || ' and (s.created_at, s.id) < ($7, $8)'; end if;

  return query execute v_with ||
    'select s.id, s.batch_number, s.status, s.origin_hub_id, s.destination_hub_id, s.current_hub_id,
            s.vehicle_id, s.vendor_id, s.smartboard_quantity, s.bracket_quantity, s.loading_date,
            s.arrival_destination, s.selesai_bongkar, s.notes, s.created_at, s.updated_at,
            v.license_plate, v.driver_name, v.nama_kapal,
            coalesce(d.name, vd.name), c.container_number, c.vessel_name
     from (select s.* from public.shipments s where ' || v_where || '
           order by s.created_at desc, s.id desc limit $9) s
     left join public.vehicles v on v.id = s.vehicle_id
     left join public.vendors d on d.id = s.vendor_id
     left join public.vendors vd on vd.id = v.vendor_id
     left join lateral (
       select c.container_number, c.vessel_name from public.containers c
       where c.shipment_id = s.id and not c.deleted
       order by c.created_at desc limit 1
     ) c on true
     order by s.created_at desc, s.id desc'
    using v_pattern, p_status, p_origin_hub_id, p_destination_hub_id, p_from, p_to,
          p_before_created_at, p_before_id, p_limit, v_hubs;
end;
$$;

comment on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) is
  'Issue 26: the shipments the caller may read (row-level security), newest first by (created_at, id), matching a text (batch, plate, driver, vendor, ship, container; at least 2 characters), a status, an origin, a destination and created_at in [p_from, p_to); next page: p_before_created_at and p_before_id of the last row. 1 to 100 rows a page.';

revoke execute on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) from public, anon;

grant execute on function public.search_shipments(text, text, uuid, uuid, timestamptz, timestamptz, timestamptz, uuid, integer) to authenticated;

create or replace function public.ledger_history(
  p_hub_id uuid default null,
  p_warehouse_id uuid default null,
  p_from date default null,
  p_to date default null,
  p_status text default null,
  p_origin_hub_id uuid default null,
  p_destination_hub_id uuid default null,
  p_before_window boolean default false,
  p_before_date date default null,
  p_before_id uuid default null,
  p_limit integer default 50
)
returns table (
  id uuid,
  warehouse_id uuid,
  date_recorded date,
  smartboard_quantity integer,
  bracket_quantity integer,
  batch_number text,
  shipment_id uuid,
  created_at timestamptz,
  updated_at timestamptz,
  shipment_status text,
  shipment_origin_hub_id uuid,
  shipment_destination_hub_id uuid,
  shipment_notes text
)
language plpgsql
stable
security invoker
set search_path = ''
set jit = off
as $$
declare
  v_warehouses uuid[];
  v_to date := p_to;
  v_where text := 'i.warehouse_id = w.id and not i.deleted';
  v_shipment_filter boolean := p_status is not null or p_origin_hub_id is not null or p_destination_hub_id is not null;
begin
  perform public.history_read_checks(p_limit, p_before_date::text, p_before_id);
  if (p_hub_id is null) = (p_warehouse_id is null) then
    raise exception 'Pilih satu hub atau satu gudang.' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'Rentang tanggal tidak valid: tanggal awal setelah tanggal akhir.' using errcode = '22023';
  end if;

  if p_before_window then
    -- What the devices do not hold for certain: rows dated up to the working set's cutoff day
    -- (functions/working_set.sql; that day included, as a device merges by id).
    v_to := least(coalesce(p_to, 'infinity'::date),
                  ((select public.working_set_cutoff()) at time zone 'Asia/Jakarta')::date);
  end if;

  select coalesce(array_agg(w.id order by w.id), '{}'::uuid[]) into v_warehouses
  from public.warehouses w
  where ((p_hub_id is not null and w.hub_id = p_hub_id) or w.id = p_warehouse_id)
    -- The ledger's own read policy, checked once here: a warehouse the caller may not read
    -- is not walked at all (row-level security would still hide its rows, one by one).
    and ((select public.is_staff()) or w.id = any ((select public.my_warehouse_ids())::uuid[]));

  if p_from is not null then v_where := v_where || ' and i.date_recorded >= $2'; end if;
  if v_to is not null then v_where := v_where || ' and i.date_recorded <= $3'; end if;
  if p_before_id is not null then v_where := v_where || ' and (i.date_recorded, i.id) < ($4, $5)'; end if;
  if v_shipment_filter then
    -- A filter on the shipment leaves out the rows without one (a stock entry made by hand),
    -- as the screen's own filter does.
    v_where := v_where || ' and exists (select 1 from public.shipments f where f.id = i.shipment_id'
      || case when p_status is not null then ' and f.status = $6' else '' end
      || case when p_origin_hub_id is not null then ' and f.origin_hub_id = $7' else '' end
      || case when p_destination_hub_id is not null then ' and f.destination_hub_id = $8' else '' end
      || ')';
  end if;

  -- One short index range per warehouse ((warehouse_id, date_recorded, id) read backwards),
  -- then the newest of them: never a sort of a warehouse's whole ledger.
  return query execute
    'select i.id, i.warehouse_id, i.date_recorded, i.smartboard_quantity, i.bracket_quantity,
            i.batch_number, i.shipment_id, i.created_at, i.updated_at,
            s.status, s.origin_hub_id, s.destination_hub_id, s.notes
     from unnest($1::uuid[]) w(id)
     cross join lateral (
       select i.* from public.inventory i where ' || v_where || '
       order by i.date_recorded desc, i.id desc limit $9
     ) i
     left join public.shipments s on s.id = i.shipment_id
     order by i.date_recorded desc, i.id desc
     limit $9'
    using v_warehouses, p_from, v_to, p_before_date, p_before_id, p_status, p_origin_hub_id,
          p_destination_hub_id, p_limit;
end;
$$;

comment on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) is
  'Issue 26: the ledger rows of one hub''s warehouses (p_hub_id) or of one warehouse the caller may read (row-level security), newest first by (date_recorded, id), date_recorded in [p_from, p_to] (inclusive), filtered by the related shipment''s status, origin and destination; p_before_window: only up to the working set''s cutoff day (what the devices do not hold for certain); next page: p_before_date and p_before_id of the last row. 1 to 100 rows a page.';

revoke execute on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) from public, anon;

grant execute on function public.ledger_history(uuid, uuid, date, date, text, uuid, uuid, boolean, date, uuid, integer) to authenticated;

-- schemas/functions/cmd_document_correction.sql ===========================================

-- attach_correction {…attach_document's fields, replaces}: attach_document's rules, then
-- the link. Idempotent by id as attach_document: the same correction again changes
-- nothing; the same id naming another replaced document is refused.
create or replace function public.cmd_attach_correction(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'Perintah tidak valid.';
  v_replaces uuid := public.cmd_uuid(p, 'replaces', invalid);
  v_id uuid;
  replaced public.shipment_documents;
begin
  -- attach_document's checks first (who may attach this kind to this shipment, the stored
  -- object, its measured facts), so nothing is said of a shipment the caller may not touch;
  -- a refusal below rolls its insert back with the rest of the command.
  v_id := public.cmd_attach_document(ctx, p - 'replaces');
  select * into replaced from public.shipment_documents d where d.id = v_replaces and not d.deleted;
  if not found
     or replaced.shipment_id::text is distinct from (p ->> 'shipment_id')
     or replaced.kind is distinct from (p ->> 'kind')
     or replaced.id = v_id then
    perform public.cmd_reject('validation', 'Dokumen yang diganti tidak ditemukan pada pengiriman ini.');
  end if;
  update public.shipment_documents set replaces = v_replaces where id = v_id and replaces is null;
  if not exists (select 1 from public.shipment_documents d where d.id = v_id and d.replaces = v_replaces) then
    perform public.cmd_reject('duplicate_id', 'Perintah tidak valid: data dengan id ini sudah ada.');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_correction(public.command_context, jsonb) from public, anon, authenticated;

-- schemas/functions/cmd_payload.sql =======================================================

-- Issue 40, "an honest trail": each command's stored payload holds only the fields its
-- schema knows. The devices' zod schemas are not strict: z.object() drops the keys it does
-- not know, and dispatch queues what the schema returns (sync/engine.ts), so a device never
-- sends a key its schema lacks. The server does the same: before a command runs, and before
-- its record is written to public.commands, its payload is cut to the fields its type knows
-- (public.cmd_payload_shape, the zod schemas' shapes; tests/integration/commands-trail.test.ts
-- holds the two equal). A key the schema does not know is dropped rather than refused: an
-- outbox written by an older release may carry a field since retired, and refusing it would
-- strand that work; what was dropped could never have done anything (no cmd_* reads it).
-- The audit trail (audit_command_hub: hub_id, current_hub_id) and a shipment's history
-- (shipment_history: shipment_id) read payload fields, so only a field the command carries
-- by its schema can place it under a hub or a shipment.
--
-- undo_command names the hub and the shipment of the command it undoes (for the trail); the
-- server takes them from that command's record, never from the device (a device could name
-- any shipment).
--
-- apply_commands runs them (apply_commands.sql).
--
-- The helpers are on apply_commands' hot path (every command): like the others there they
-- carry no `set search_path` (cmd_helpers.sql says why that is safe:
-- not security definer, not callable by the API roles, reached only from apply_commands, which
-- runs with an empty path; everything of ours they name is schema-qualified).

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

revoke execute on function public.cmd_payload_shape(text) from public, anon, authenticated;

-- p with only the fields shape names, recursively (a nested object: a receipt, an edit's
-- changes, undo's rows). A value of another JSON type than the shape
-- expects is kept as sent (the command's readers refuse it, and the record shows what came).
create or replace function public.cmd_known_fields(p jsonb, shape jsonb)
returns jsonb
language plpgsql
immutable
as $$
declare
  out jsonb := p;
  k text;
  i integer;
begin
  if jsonb_typeof(shape) = 'object' and jsonb_typeof(p) = 'object' then
    out := out - array(select e from jsonb_object_keys(p) e where not shape ? e);
    for k in select e.key from jsonb_each(shape) e where jsonb_typeof(e.value) <> 'boolean' loop
      if out ? k then
        out := jsonb_set(out, array[k], public.cmd_known_fields(out -> k, shape -> k));
      end if;
    end loop;
  elsif jsonb_typeof(shape) = 'array' and jsonb_typeof(p) = 'array' then
    for i in 0 .. jsonb_array_length(p) - 1 loop
      out := jsonb_set(out, array[i::text], public.cmd_known_fields(p -> i, shape -> 0));
    end loop;
  end if;
  return out;
end;
$$;

revoke execute on function public.cmd_known_fields(jsonb, jsonb) from public, anon, authenticated;

create or replace function public.cmd_payload_keys(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'queue_vehicles' then array['hub_id', 'vehicle_ids']
    when 'start_loading' then array['hub_id', 'vehicle_id']
    when 'remove_from_queue' then array['hub_id', 'vehicle_id']
    when 'finish_loading' then array['hub_id', 'vehicle_id']
    when 'create_shipment_darat' then array['hub_id', 'shipment_id', 'vehicle_id', 'destination_warehouse_id', 'batch_number', 'smartboard_quantity', 'bracket_quantity', 'inventory_id', 'image_count']
    when 'create_shipment_poljak' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number']
    when 'create_shipment_polsub' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number']
    when 'set_shipment_image' then array['shipment_id', 'slot', 'path']
    when 'confirm_arrival' then array['hub_id', 'shipment_id']
    when 'start_unloading' then array['hub_id', 'shipment_id']
    when 'complete_unloading' then array['hub_id', 'shipment_id', 'notes', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'pod_confirm_arrival' then array['shipment_id']
    when 'pod_start_unloading' then array['shipment_id']
    when 'pod_complete' then array['shipment_id', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'add_inventory' then array['inventory_id', 'warehouse_id', 'date_recorded', 'smartboard_quantity', 'bracket_quantity', 'batch_number']
    when 'add_warehouse' then array['warehouse_id', 'name', 'location', 'hub_id']
    when 'add_vendor' then array['vendor_id', 'name', 'contact_person', 'phone']
    when 'edit_vendor' then array['vendor_id', 'changes']
    when 'delete_vendor' then array['vendor_id']
    when 'add_vehicle_type' then array['vehicle_type_id', 'name']
    when 'add_vehicle' then array['vehicle_id', 'vendor_id', 'mode', 'license_plate', 'vehicle_type_id', 'driver_name', 'driver_phone', 'nama_kapal', 'nama_pelayaran', 'current_hub_id']
    when 'edit_vehicle' then array['vehicle_id', 'changes']
    when 'delete_vehicle' then array['vehicle_id']
    when 'add_sea_fleet' then array['vehicle_id', 'vendor_id', 'nama_kapal', 'nama_pelayaran', 'container_number', 'current_hub_id']
    when 'add_hub' then array['hub_id', 'name', 'city']
    when 'edit_hub' then array['hub_id', 'changes']
    when 'delete_hub' then array['hub_id']
    when 'set_warehouse_capacity' then array['warehouse_id', 'capacity']
    when 'undo_command' then array['command_id', 'hub_id', 'shipment_id', 'rows']
    when 'correct_shipment_counts' then array['shipment_id', 'smartboard_quantity', 'bracket_quantity', 'reason']
    when 'void_shipment' then array['shipment_id', 'reason']
    when 'resolve_discrepancy' then array['discrepancy_id', 'note']
    when 'attach_document' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id']
    when 'attach_correction' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id', 'replaces']
    else null
  end
$$;

revoke execute on function public.cmd_payload_keys(text) from public, anon, authenticated;

create or replace function public.cmd_payload_nested(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'complete_unloading' then array['receipt']
    when 'pod_complete' then array['receipt']
    when 'edit_vendor' then array['changes']
    when 'edit_vehicle' then array['changes']
    when 'edit_hub' then array['changes']
    when 'undo_command' then array['rows']
    else null
  end
$$;

revoke execute on function public.cmd_payload_nested(text) from public, anon, authenticated;

-- The payload as it is run and recorded: the fields of its type only; for undo_command the
-- hub and shipment of the undone command as its record has them (none when there is no such
-- record of this user's).
create or replace function public.cmd_trail_payload(p_type text, p jsonb, p_actor uuid)
returns jsonb
language plpgsql
stable
as $$
declare
  keys text[] := public.cmd_payload_keys(p_type);
  nested text[];
  k text;
  v jsonb := p;
  undone public.commands;
begin
  if keys is null or jsonb_typeof(v) is distinct from 'object' then
    return v;
  end if;
  if (v - keys) <> '{}'::jsonb then
    v := v - array(select jsonb_object_keys(v - keys));
  end if;
  nested := public.cmd_payload_nested(p_type);
  if nested is not null then
    foreach k in array nested loop
      if v ? k then
        v := jsonb_set(v, array[k], public.cmd_known_fields(v -> k, public.cmd_payload_shape(p_type) -> k));
      end if;
    end loop;
  end if;
  if p_type = 'undo_command' then
    v := v - 'hub_id' - 'shipment_id';
    if jsonb_typeof(v -> 'command_id') = 'string'
       and (v ->> 'command_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into undone from public.commands c
       where c.id = (v ->> 'command_id')::uuid and c.actor_id = p_actor;
      if found then
        if jsonb_typeof(undone.payload -> 'hub_id') = 'string' then
          v := v || jsonb_build_object('hub_id', undone.payload -> 'hub_id');
        end if;
        if jsonb_typeof(undone.payload -> 'shipment_id') = 'string' then
          v := v || jsonb_build_object('shipment_id', undone.payload -> 'shipment_id');
        end if;
      end if;
    end if;
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_trail_payload(text, jsonb, uuid) from public, anon, authenticated;

-- schemas/functions/realtime_pokes.sql ====================================================

-- public.poke_topic never waits (issue 44). A topic's row held by a concurrent sender (FOR
-- UPDATE SKIP LOCKED finds nothing) must not go on to INSERT ... ON CONFLICT DO NOTHING: that
-- insert would wait for the holder's transaction to
-- end (its update made a row version the unique check must see settled): commits of one hub
-- would queue behind each other, and two transactions holding each other's topics across
-- statements could deadlock (npm run load saw lock waits in 7 of 81 samples). A row that exists is never inserted again: held by someone else, the poke is skipped at
-- once (that sender's poke is delivered at its commit; the device's second round a second
-- after a poke and the safety probe cover the rest). The insert is left for a topic's very
-- first poke only.
create or replace function public.poke_topic(p_topic text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
  sent text;
begin
  select p.sent_at into last from public.realtime_pokes p where p.topic = p_topic for update skip locked;
  if found then
    if last > clock_timestamp() - interval '250 milliseconds' then
      return;
    end if;
    update public.realtime_pokes set sent_at = clock_timestamp() where topic = p_topic;
  else
    -- Held by a concurrent sender (its committed version is seen without waiting): skip.
    if exists (select 1 from public.realtime_pokes p where p.topic = p_topic) then
      return;
    end if;
    insert into public.realtime_pokes (topic, sent_at) values (p_topic, clock_timestamp())
    on conflict (topic) do nothing
    returning topic into sent;
    if sent is null then
      return;
    end if;
  end if;
  perform realtime.send(jsonb_build_object('scope', p_topic), 'poke', p_topic, true);
end;
$$;

revoke execute on function public.poke_topic(text) from public, anon, authenticated;

-- The topics a statement's rows (old and new versions, as jsonb) concern, for one table.
create or replace function public.poke_topics_of(p_table text, p_rows jsonb)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  with r as (select e from jsonb_array_elements(p_rows) e),
  -- The shipments the rows name (their own id for shipments, shipment_id for the rest).
  ships as (
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table in ('containers', 'shipment_documents', 'discrepancies')
      and s.id in (select (e ->> 'shipment_id')::uuid from r)
    union all
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table = 'vehicles' and s.vehicle_id in (select (e ->> 'id')::uuid from r)
  ),
  hubs as (
    select (e ->> k)::uuid as hub_id
    from r, unnest(array['origin_hub_id', 'destination_hub_id', 'current_hub_id']) k
    where p_table in ('shipments', 'discrepancies', 'vehicles')
    union
    select unnest(array[origin_hub_id, destination_hub_id, current_hub_id]) from ships
    union
    -- Stock: the warehouse's hub, and the POD hubs of the city the warehouse is in.
    select h.id
    from public.warehouses w
    join public.hubs h on h.id = w.hub_id
      or (h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(w.location)))
    where p_table in ('inventory', 'stock_balances')
      and w.id in (select (e ->> 'warehouse_id')::uuid from r)
  )
  select array_agg(distinct t) from (
    select 'dermaga:desk' as t
    union all
    select 'dermaga:hub:' || hub_id::text from hubs where hub_id is not null
    union all
    select 'dermaga:company'
    where p_table in ('hubs', 'warehouses', 'shipment_statuses', 'vendors', 'vehicle_types')
       or (p_table = 'vehicles'
           and exists (select 1 from r where (e ->> 'is_active')::boolean and (e ->> 'ready')::boolean))
    union all
    select 'dermaga:user:' || (e ->> 'user_id') from r where p_table = 'profiles' and e ? 'user_id'
  ) topics
  -- A row without its hub or user (a profile whose user is gone) names no topic.
  where t is not null
$$;

revoke execute on function public.poke_topics_of(text, jsonb) from public, anon, authenticated;

-- The statement trigger on each replicated table: one call per statement, whatever its rows.
create or replace function public.poke_changed_scopes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed jsonb := '[]';
  t text;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select changed || coalesce(jsonb_agg(to_jsonb(n)), '[]') into changed from new_rows n;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select changed || coalesce(jsonb_agg(to_jsonb(o)), '[]') into changed from old_rows o;
  end if;
  if jsonb_array_length(changed) = 0 then
    return null;
  end if;
  foreach t in array coalesce(public.poke_topics_of(tg_table_name, changed), '{}') loop
    perform public.poke_topic(t);
  end loop;
  return null;
end;
$$;

revoke execute on function public.poke_changed_scopes() from public, anon, authenticated;

-- Who may hear a topic: the scopes whose rows the user reads (the read policies' own tests,
-- is_staff and my_hub_ids). Anon has no policy, so no topic at all.
create or replace function public.may_hear_topic(p_topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case
      when p_topic is null or (select public.my_role()) is null then false
      when (select public.is_staff()) then p_topic like 'dermaga:%'
      when p_topic = 'dermaga:company' then true
      when p_topic = 'dermaga:user:' || (select auth.uid())::text then true
      when p_topic like 'dermaga:hub:%' then
        substr(p_topic, length('dermaga:hub:') + 1) = any (
          select h::text from unnest((select public.my_hub_ids())) h)
      else false
    end, false)
$$;

revoke execute on function public.may_hear_topic(text) from public, anon;

grant execute on function public.may_hear_topic(text) to authenticated, service_role;

-- schemas/policies/app_settings.sql =======================================================

revoke all on table public.app_settings from anon, authenticated;

grant select on table public.app_settings to authenticated;

grant all on table public.app_settings to service_role;

-- Like master data, only with a live profile (functions/profiles.sql).
create policy app_settings_read on public.app_settings
  for select to authenticated
  using ((select public.my_role()) is not null);

-- schemas/policies/command_images.sql =====================================================

-- No policy: only apply_commands (security definer) reads and writes it.
revoke all on table public.command_images from public, anon, authenticated;

-- schemas/policies/commands.sql ===========================================================

revoke all on table public.commands from anon, authenticated;

grant select on table public.commands to authenticated;

grant all on table public.commands to service_role;

-- The audit trail (public.commands: every command, who sent it, its payload
-- and outcome) is readable by admin and tower control only (issue 12). A user
-- does not read even its own: a device learns the outcome of its commands
-- from apply_commands' answer and keeps them in its outbox and conflicts, and
-- a hub user reading the payloads and rejections of its own past work is not
-- a need the product has.
create policy "Staff can read every command"
  on public.commands for select to authenticated
  using ((select public.is_staff()));

-- schemas/policies/containers.sql =========================================================

revoke all on table public.containers from anon, authenticated;

grant select on table public.containers to authenticated;

grant all on table public.containers to service_role;

create policy "Staff can read all containers and hub users those of shipments they can read"
  on public.containers for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = containers.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

-- schemas/policies/device_sync_reports.sql ================================================

revoke all on table public.device_sync_reports from anon, authenticated;

grant select on table public.device_sync_reports to authenticated;

grant all on table public.device_sync_reports to service_role;

-- Staff read every device; a hub user at most its own hub's (and its own rows).
create policy device_sync_reports_read on public.device_sync_reports
  for select to authenticated
  using (
    (select public.is_staff())
    or user_id = (select auth.uid())
    or hub_id = any ((select public.my_hub_ids())::uuid[])
  );

-- schemas/policies/discrepancies.sql ======================================================

revoke all on table public.discrepancies from anon, authenticated;

grant select on table public.discrepancies to authenticated;

grant all on table public.discrepancies to service_role;

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

-- schemas/policies/hubs.sql ===============================================================

-- Privileges --------------------------------------------------------------------
-- Hosted Supabase grants the API roles everything on public tables by default
-- and leaves the rest to RLS. Here: reads only, for signed-in users only
-- (public.commands too: its policy below limits it to staff).
revoke all on table public.hubs from anon, authenticated;

grant select on table public.hubs to authenticated;

-- The service role (edge functions, admin tooling; bypasses RLS) keeps full access.
grant all on table public.hubs to service_role;

-- Master data: every signed-in user needs it to fill the forms.
-- Issue 27, finding 6: a deleted user kept reading master data until its
-- access token expired.
--
-- delete-user removes the auth user; its profile becomes a tombstone
-- (deleted, user_id cleared: functions/profiles.sql). PostgREST
-- still accepts the token until it expires (JWT_EXPIRY, an hour by default),
-- and the master-data policies of policies/ asked for
-- nothing but the role 'authenticated' (using (true)). So the deleted user
-- read hubs, warehouses, statuses, vendors and vehicle types through
-- /rest/v1 and through the pull (pull_changes, visible_ids, rows_by_id and
-- changed_tables are security invoker: these policies decide).
--
-- Every read now also needs a live profile: my_role() is the caller's role
-- from its profile (not deleted), null for a token whose user is gone. An
-- open sign-up not yet given a hub has a profile (hub_user) and keeps reading
-- master data, as before. The other tables' policies already go through
-- is_staff(), is_admin(), my_hub_ids() or user_id = auth.uid(), which all come
-- to nothing without a live profile; apply_commands answers 'forbidden'
-- ("Profil pengguna tidak ditemukan.").
--
-- The shipment-documents bucket is public for reading anyway (its objects are
-- served by URL without a token); its select policy follows the same rule so
-- that no policy reads by the role alone.
create policy "Signed-in users can read all hubs"
  on public.hubs for select to authenticated using ((select public.my_role()) is not null);

-- schemas/policies/inventory.sql ==========================================================

revoke all on table public.inventory from anon, authenticated;

grant select on table public.inventory to authenticated;

grant all on table public.inventory to service_role;

create policy "Staff can read all inventory and hub users that of their own warehouses"
  on public.inventory for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );

-- schemas/policies/profiles.sql ===========================================================

revoke all on table public.profiles from anon, authenticated;

grant select on table public.profiles to authenticated;

grant all on table public.profiles to service_role;

create policy "Users can read their own profile and admins can read every profile"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- schemas/policies/realtime_messages.sql ==================================================

create policy "Signed-in users hear the pokes of the scopes they read"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select public.may_hear_topic((select realtime.topic())))
  );

-- schemas/policies/realtime_pokes.sql =====================================================

revoke all on table public.realtime_pokes from public, anon, authenticated;

-- schemas/policies/shipment_documents.sql =================================================

revoke all on table public.shipment_documents from anon, authenticated;

grant select on table public.shipment_documents to authenticated;

grant all on table public.shipment_documents to service_role;

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

-- schemas/policies/shipment_receipts.sql ==================================================

revoke all on table public.shipment_receipts from anon, authenticated;

grant select on table public.shipment_receipts to authenticated;

grant all on table public.shipment_receipts to service_role;

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

-- schemas/policies/shipment_statuses.sql ==================================================

revoke all on table public.shipment_statuses from anon, authenticated;

grant select on table public.shipment_statuses to authenticated;

grant all on table public.shipment_statuses to service_role;

create policy "Signed-in users can read all shipment statuses"
  on public.shipment_statuses for select to authenticated using ((select public.my_role()) is not null);

-- schemas/policies/shipments.sql ==========================================================

revoke all on table public.shipments from anon, authenticated;

grant select on table public.shipments to authenticated;

grant all on table public.shipments to service_role;

create policy "Staff can read all shipments and hub users those from, to or at their hub"
  on public.shipments for select to authenticated
  using (
    (select public.is_staff())
    or origin_hub_id = any ((select public.my_hub_ids())::uuid[])
    or destination_hub_id = any ((select public.my_hub_ids())::uuid[])
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
  );

-- schemas/policies/stock_balance_deltas.sql ===============================================

revoke all on table public.stock_balance_deltas from anon, authenticated;

grant all on table public.stock_balance_deltas to service_role;

-- schemas/policies/stock_balances.sql =====================================================

revoke all on table public.stock_balances from anon, authenticated;

grant select on table public.stock_balances to authenticated;

grant all on table public.stock_balances to service_role;

create policy "Staff can read all stock balances and hub users those of their own warehouses"
  on public.stock_balances for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );

-- schemas/policies/storage_objects.sql ====================================================

create policy "Staff and origin hub users can upload a shipment's documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

-- Upsert: a retried upload rewrites the same deterministic path, until the
-- shipment points at it; from then on only the uploader may.
create policy "Staff and origin hub users can replace a shipment's documents not yet in use"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document(name)
    and (owner_id = (select auth.uid())::text or not public.shipment_document_in_use(name))
  )
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

create policy "Users of a shipment's hubs can upload its documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document_file(name));

-- A retried upload (upsert) rewrites the same path; a document's file is only
-- ever rewritten by the user who stored it (the same bytes, from the same
-- queue entry), never replaced by anyone else.
create policy "The uploader can rewrite a document file it stored"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document_file(name)
    and owner_id = (select auth.uid())::text
  )
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document_file(name));

create policy "Readers of a shipment can read its files"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'shipment-documents'
    and (select public.my_role()) is not null
    and public.may_read_shipment_object(name)
  );

-- Restrictive: whatever permissive policy lets a user write the bucket (the uploader's
-- retry, the shipping photos' rules, any added later), none rewrites or deletes a sealed
-- object. No permissive delete policy exists on the bucket at all: nobody deletes through
-- the API; these make that an explicit rule rather than an absence.
create policy "Attached documents are never rewritten"
  on storage.objects as restrictive for update to authenticated
  using (not public.document_file_sealed(bucket_id, name));

create policy "Attached documents are never deleted"
  on storage.objects as restrictive for delete to authenticated
  using (not public.document_file_sealed(bucket_id, name));

-- schemas/policies/vehicle_types.sql ======================================================

revoke all on table public.vehicle_types from anon, authenticated;

grant select on table public.vehicle_types to authenticated;

grant all on table public.vehicle_types to service_role;

create policy "Signed-in users can read all vehicle types"
  on public.vehicle_types for select to authenticated using ((select public.my_role()) is not null);

-- schemas/policies/vehicles.sql ===========================================================

revoke all on table public.vehicles from anon, authenticated;

grant select on table public.vehicles to authenticated;

grant all on table public.vehicles to service_role;

-- A hub user must see the vehicles it can queue (active and ready, any hub:
-- spec 7.2's queue dialog) once it has a hub, the ones at its hub (ready and
-- loading tabs), and the vehicle of every shipment it can read (the hub tabs
-- join shipments to vehicles with an inner join, so a hidden vehicle would hide
-- the shipment). A hub user without a hub (an open sign-up) reads no vehicles.
create policy "Staff can read all vehicles and hub users those free, at their hub or on their shipments"
  on public.vehicles for select to authenticated
  using (
    (select public.is_staff())
    or ((select public.my_hub_id()) is not null and is_active and ready)
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.vehicle_id = vehicles.id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

-- schemas/policies/vendors.sql ============================================================

revoke all on table public.vendors from anon, authenticated;

grant select on table public.vendors to authenticated;

grant all on table public.vendors to service_role;

create policy "Signed-in users can read all vendors"
  on public.vendors for select to authenticated using ((select public.my_role()) is not null);

-- schemas/policies/warehouses.sql =========================================================

revoke all on table public.warehouses from anon, authenticated;

grant select on table public.warehouses to authenticated;

grant all on table public.warehouses to service_role;

create policy "Signed-in users can read all warehouses"
  on public.warehouses for select to authenticated using ((select public.my_role()) is not null);

-- schemas/triggers/auth_users.sql =========================================================

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();

create trigger on_auth_user_deleted
  before delete on auth.users
  for each row execute function public.retire_profile_of_deleted_user();

create trigger on_auth_user_renamed
  after update of raw_user_meta_data on auth.users
  for each row
  when (old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.sync_profile_name_from_auth_user();

create trigger on_auth_user_updated
  after update of email, raw_app_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email
        or old.raw_app_meta_data is distinct from new.raw_app_meta_data)
  execute function public.sync_profile_from_auth_user();

-- schemas/triggers/commands.sql ===========================================================

create trigger refuse_commands_of_deleted_users
  before insert on public.commands
  for each row execute function public.refuse_commands_of_deleted_users();

-- schemas/triggers/containers.sql =========================================================

create trigger stamp_replication before insert or update on public.containers
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/discrepancies.sql ======================================================

create trigger stamp_replication before insert or update on public.discrepancies
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/hubs.sql ===============================================================

-- replication stamps ---------------------------------------------------------
create trigger stamp_replication before insert or update on public.hubs
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/inventory.sql ==========================================================

create trigger stamp_replication before insert or update on public.inventory
  for each row execute function public.stamp_replication_columns();

-- (A trigger with transition tables takes one event.)
create trigger stock_ledger_inserted after insert on public.inventory
  referencing new table as new_rows
  for each statement execute function public.stock_ledger_changed();

create trigger stock_ledger_updated after update on public.inventory
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.stock_ledger_changed();

create trigger stock_ledger_deleted after delete on public.inventory
  referencing old table as old_rows
  for each statement execute function public.stock_ledger_changed();

-- schemas/triggers/profiles.sql ===========================================================

create trigger profiles_hub_user_needs_hub
  before insert or update of role, hub_id, deleted on public.profiles
  for each row execute function public.enforce_hub_user_has_hub();

create trigger stamp_replication before insert or update on public.profiles
  for each row execute function public.stamp_replication_columns();

create trigger mirror_to_auth_user
  after insert or update of role, hub_id on public.profiles
  for each row execute function public.mirror_profile_to_auth_user();

create trigger keep_one_admin
  before update of role, deleted on public.profiles
  for each row execute function public.keep_one_admin();

create trigger serialize_profile_changes
  before update on public.profiles
  for each statement execute function public.serialize_profile_changes();

-- schemas/triggers/realtime_pokes.sql =====================================================

do $$
declare
  tbl text;
begin
  foreach tbl in array public.replicated_tables() loop
    execute format('drop trigger if exists poke_on_insert on public.%I', tbl);
    execute format('drop trigger if exists poke_on_update on public.%I', tbl);
    execute format('drop trigger if exists poke_on_delete on public.%I', tbl);
    execute format(
      'create trigger poke_on_insert after insert on public.%I referencing new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_update after update on public.%I referencing old table as old_rows new table as new_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
    execute format(
      'create trigger poke_on_delete after delete on public.%I referencing old table as old_rows
       for each statement execute function public.poke_changed_scopes()', tbl);
  end loop;
end
$$;

-- schemas/triggers/shipment_documents.sql =================================================

create trigger stamp_replication before insert or update on public.shipment_documents
  for each row execute function public.stamp_replication_columns();

create trigger measured_before_insert before insert on public.shipment_documents
  for each row execute function public.shipment_document_measured();

-- schemas/triggers/shipment_receipts.sql ==================================================

create trigger stamp_replication before insert or update on public.shipment_receipts
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/shipment_statuses.sql ==================================================

create trigger stamp_replication before insert or update on public.shipment_statuses
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/shipments.sql ==========================================================

create trigger stamp_replication before insert or update on public.shipments
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/stock_balance_deltas.sql ===============================================

create constraint trigger stock_balances_apply after insert on public.stock_balance_deltas
  deferrable initially deferred
  for each row execute function public.stock_balances_apply();

-- schemas/triggers/stock_balances.sql =====================================================

create trigger stamp_replication before insert or update on public.stock_balances
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/vehicle_types.sql ======================================================

create trigger stamp_replication before insert or update on public.vehicle_types
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/vehicles.sql ===========================================================

create trigger stamp_replication before insert or update on public.vehicles
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/vendors.sql ============================================================

-- replication stamps ----------------------------------------------------------------
create trigger stamp_replication before insert or update on public.vendors
  for each row execute function public.stamp_replication_columns();

-- schemas/triggers/warehouses.sql =========================================================

create trigger stamp_replication before insert or update on public.warehouses
  for each row execute function public.stamp_replication_columns();

create trigger stock_balance_for_new_warehouse after insert on public.warehouses
  for each row execute function public.stock_balance_for_new_warehouse();

-- schemas/data/shipment_statuses.sql ======================================================

-- Every value of spec 4.2. Production needs these as much as the demo does,
-- so they live in a migration, not in seed.sql. selesai_pod is not in the
-- spec's list of known values but is the status the POD flow ends in.
insert into public.shipment_statuses (key, label, color, sort_order) values
  ('siap_muat_darat',   'Siap Muat Darat',    'info',     10),
  ('sedang_muat_darat', 'Sedang Muat Darat',  'warning',  20),
  ('otw_darat',         'OTW Darat',          'primary',  30),
  ('tiba_darat',        'Tiba Darat',         'success',  40),
  ('siap_muat_laut',    'Siap Muat Laut',     'info',     50),
  ('sedang_muat_laut',  'Sedang Muat Laut',   'warning',  60),
  ('otw_laut',          'OTW Laut',           'primary',  70),
  ('tiba_laut',         'Tiba Laut',          'success',  80),
  ('bongkar_tujuan',    'Bongkar di Tujuan',  'warning',  90),
  ('otw_cikarang',      'OTW Cikarang',       'primary', 100),
  ('otw_poljak',        'OTW Pol Jakarta',    'primary', 110),
  ('otw_polsub',        'OTW Pol Surabaya',   'primary', 120),
  ('otw_podmakasar',    'OTW POD Makassar',   'primary', 130),
  ('confirm_tiba',      'Confirm Tiba',       'info',    140),
  ('sedang_bongkar',    'Sedang Bongkar',     'warning', 150),
  ('selesai',           'Selesai',            'success', 160),
  ('selesai_pod',       'Selesai POD',        'success', 170),
  ('active',            'Active',             'success', 200),
  ('inactive',          'Inactive',           'danger',  210),
  ('pending',           'Pending',            'warning', 220),
  ('ready',             'Ready',              'info',    230),
  ('loading',           'Loading',            'warning', 240),
  ('transit',           'Transit',            'primary', 250);

-- schemas/data/storage_buckets.sql ========================================================

-- The shipment-documents bucket: the shipping forms' photos (delivery record, BAST,
-- containers; spec 3, 7.4) and the handover's documents (surat jalan and BAST PDFs,
-- signatures, discrepancy photos; issue 28). Storage also checks that the bytes are what the
-- type says (supabase/local/content-sniff.ts: a PDF starts with %PDF-). Private since issue
-- 40: a file is read (download, signed URL) only by those who read its shipment
-- (policies/storage_objects.sql); the shipments' image columns name the object and the app
-- asks for a signed URL.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('shipment-documents', 'shipment-documents', false, 5242880,
        array['image/jpeg', 'image/png', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
