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
