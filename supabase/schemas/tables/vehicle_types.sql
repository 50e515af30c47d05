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
