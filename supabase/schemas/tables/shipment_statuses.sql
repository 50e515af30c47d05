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
