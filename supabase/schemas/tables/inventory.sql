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
