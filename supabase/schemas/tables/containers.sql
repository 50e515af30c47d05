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
