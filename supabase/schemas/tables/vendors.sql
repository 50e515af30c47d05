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
