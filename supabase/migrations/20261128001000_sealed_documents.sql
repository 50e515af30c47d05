-- Issue 40: evidence that holds up. The handover's documents (surat jalan, BAST,
-- signatures, discrepancy photos: public.shipment_documents, attached by
-- attach_document once their object is in the bucket shipment-documents) are
--   sealed:   once attached, nobody rewrites (upsert, PUT) or deletes the object through
--             the API, its uploader included; a correction is a new document naming
--             the one it replaces (attach_correction), and both stay;
--   measured: the row records the stored object's size, type and SHA-256 (the Storage
--             that took the upload measured them into storage.objects.metadata); a
--             device's claim that differs is refused (document_mismatch);
--   private:  the bucket is not public; a file is read (download, signed URL) only by
--             those who read its shipment.
-- Storage enforces all three through storage.objects' row-level security, so the local
-- stand-in (supabase/local/storage.ts writes and reads as the caller) and hosted Storage
-- behave alike (docs/security.md, "Sealed, measured, private documents").

-- Private: /storage/v1/object/public/shipment-documents/... answers nothing any more.
-- The shipments' image columns keep naming the object; the app asks for a signed URL.
update storage.buckets set public = false where id = 'shipment-documents';

-- The shipment an object of the bucket belongs to: a shipping form's photo
-- (shipments/<id>/<slot>.<ext>) or a handover document (shipments/<id>/documents/<id>.<ext>).
create or replace function public.shipment_of_object(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select coalesce(public.shipment_document_owner(p_name), public.shipment_of_document_file(p_name))
$$;

-- May the caller read this object? Security invoker: the shipments' own read policy decides
-- (staff every shipment; a hub user those from, to or at its hubs), as for every other row
-- of the shipment, so a user who moved hubs or was deleted reads nothing.
create or replace function public.may_read_shipment_object(p_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.shipments s where s.id = public.shipment_of_object(p_name))
$$;

revoke execute on function public.shipment_of_object(text), public.may_read_shipment_object(text)
  from public, anon;
grant execute on function public.shipment_of_object(text), public.may_read_shipment_object(text)
  to authenticated, service_role;

drop policy "Signed-in users can read shipment documents" on storage.objects;
create policy "Readers of a shipment can read its files"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'shipment-documents'
    and (select public.my_role()) is not null
    and public.may_read_shipment_object(name)
  );

-- Sealed: an object a shipment_documents row names. Security definer: the seal holds
-- whoever asks, whatever rows they may read. Volatile, so that under READ COMMITTED it reads
-- with a snapshot of its own: an upsert that waited for the object's row (locked by the
-- attach that seals it, shipment_document_measured) sees the attach once it committed.
create or replace function public.document_file_sealed(p_bucket text, p_name text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select p_bucket = 'shipment-documents'
     and exists (select 1 from public.shipment_documents d where d.path = p_name)
$$;

revoke execute on function public.document_file_sealed(text, text) from public, anon;
grant execute on function public.document_file_sealed(text, text) to authenticated, service_role;

-- Restrictive: whatever permissive policy lets a user write the bucket (the uploader's
-- retry, the shipping photos' rules, any added later), none rewrites or deletes a sealed
-- object. No permissive delete policy exists on the bucket at all: nobody deletes through
-- the API; these make that an explicit rule rather than an absence.
create policy "Attached documents are never rewritten"
  on storage.objects as restrictive for update to authenticated
  using (not public.document_file_sealed(bucket_id, name));

create policy "Attached documents are never deleted"
  on storage.objects as restrictive for delete to authenticated
  using (not public.document_file_sealed(bucket_id, name));

-- Measured: what attach_document records is what is stored. The Storage that took the
-- upload wrote size, mimetype and sha256 into the object's metadata (the local stand-in
-- while streaming it; hosted: docs/security.md); a claim that differs from any of them is
-- refused, inside the command (a rejection, not an error), and nothing is recorded. The
-- object's row is locked for the rest of the command, so the bytes measured are the bytes
-- sealed. An object without a measured hash (stored before issue 40) keeps the device's
-- claim for the hash; its size and type are still the stored ones.
create or replace function public.shipment_document_measured()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m jsonb;
begin
  select coalesce(o.metadata, '{}'::jsonb) into m
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = new.path
  for share;
  if not found then
    return new; -- attach_document refuses a missing object itself (upload_missing)
  end if;
  if (jsonb_typeof(m -> 'size') = 'number' and (m ->> 'size')::numeric <> new.size_bytes)
     or (jsonb_typeof(m -> 'mimetype') = 'string' and m ->> 'mimetype' <> new.mime)
     or (jsonb_typeof(m -> 'sha256') = 'string' and m ->> 'sha256' <> new.sha256) then
    perform public.cmd_reject('document_mismatch',
      'Berkas di penyimpanan tidak sama dengan yang dicatat perangkat (ukuran, jenis atau SHA-256 berbeda); dokumen tidak dicatat.');
  end if;
  return new;
end;
$$;

create trigger measured_before_insert before insert on public.shipment_documents
  for each row execute function public.shipment_document_measured();

revoke execute on function public.shipment_document_measured() from public, anon, authenticated;

-- A correction names the document it replaces: one of the same shipment and kind. Both
-- stay; readers (and the paper's QR) see the later one as the replacement.
alter table public.shipment_documents
  add column replaces uuid references public.shipment_documents (id),
  add constraint shipment_documents_replaces_another check (replaces <> id);
create index shipment_documents_replaces_idx on public.shipment_documents (replaces) where replaces is not null;
comment on column public.shipment_documents.replaces is
  'Issue 40: the document this one corrects (same shipment and kind; attach_correction). Both stay.';

-- attach_correction {…attach_document's fields, replaces}: attach_document's rules, then
-- the link. Idempotent by id as attach_document: the same correction again changes
-- nothing; the same id naming another replaced document is refused.
create or replace function public.cmd_attach_correction(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'Perintah tidak valid.';
  v_replaces uuid := public.cmd_uuid(p, 'replaces', invalid);
  v_id uuid;
  replaced public.shipment_documents;
begin
  -- attach_document's checks first (who may attach this kind to this shipment, the stored
  -- object, its measured facts), so nothing is said of a shipment the caller may not touch;
  -- a refusal below rolls its insert back with the rest of the command.
  v_id := public.cmd_attach_document(ctx, p - 'replaces');
  select * into replaced from public.shipment_documents d where d.id = v_replaces and not d.deleted;
  if not found
     or replaced.shipment_id::text is distinct from (p ->> 'shipment_id')
     or replaced.kind is distinct from (p ->> 'kind')
     or replaced.id = v_id then
    perform public.cmd_reject('validation', 'Dokumen yang diganti tidak ditemukan pada pengiriman ini.');
  end if;
  update public.shipment_documents set replaces = v_replaces where id = v_id and replaces is null;
  if not exists (select 1 from public.shipment_documents d where d.id = v_id and d.replaces = v_replaces) then
    perform public.cmd_reject('duplicate_id', 'Perintah tidak valid: data dengan id ini sudah ada.');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_correction(public.command_context, jsonb)
  from public, anon, authenticated;
