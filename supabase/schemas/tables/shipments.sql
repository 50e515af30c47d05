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

-- A vehicle's open shipments (queue_vehicles refuses a truck on a trip: cmd_vehicle_on_trip).
create index shipments_vehicle_open_idx on public.shipments (vehicle_id) where not selesai_bongkar and not deleted;

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
