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
