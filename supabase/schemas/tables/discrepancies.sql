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
  -- Issue 42: the serials a receipt by serial names (server-derived from its tally; last, as the
  -- migration added it).
  serials text[] not null default '{}',
  constraint discrepancies_resolved_whole
    check ((status = 'open') = (resolved_by is null and resolved_at is null and resolution_note is null))
);

create index discrepancies_pull_idx on public.discrepancies (change_xid, id);

create index discrepancies_shipment_idx on public.discrepancies (shipment_id);

-- Perlu perhatian (evidence_awaited): the discrepancies of the last days, whatever the history.
create index discrepancies_reported_idx on public.discrepancies (reported_at) where not deleted;

create index discrepancies_open_idx on public.discrepancies (status) where status = 'open' and not deleted;

comment on table public.discrepancies is
  'Issue 28: a difference found when counting a shipment (kurang, lebih, rusak), with its photos; open until tower control or an admin resolves it with a note.';

comment on column public.discrepancies.serials is
  'Issue 42, a receipt by serial: the TVs this row is about, derived by the server from the tally (smartboard kurang: the missing serials in serial order; lebih: the unexpected ones, rusak: the damaged ones, both in scan order); empty for every other row.';

alter table public.discrepancies enable row level security;
