-- What the server measured of a handover document where Storage did not (issue 40, hosted;
-- docs/evidence.md, "Measured on hosted Storage"). Hosted Storage keeps no SHA-256 of an upload:
-- the edge function measure-document reads the object's bytes and records their hash and size
-- here, under the stamp of the object it read (its id, version and updated_at). The trigger
-- shipment_document_measured takes the hash from here when the object's metadata has none, and
-- only while that stamp is still the object's (bytes written since are not the bytes measured).
-- Written only by record_document_measure (service role); nobody reads it through the API.
create table public.document_measures (
  path text primary key,
  object_stamp text not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes bigint not null check (size_bytes >= 0),
  measured_at timestamptz not null default now()
);

comment on table public.document_measures is
  'Issue 40 on hosted Storage: the SHA-256 and size measure-document measured of a document object (bucket shipment-documents), under the object''s stamp (document_object_stamp). Service role only.';

alter table public.document_measures enable row level security;
