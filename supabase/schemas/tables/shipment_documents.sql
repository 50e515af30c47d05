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
