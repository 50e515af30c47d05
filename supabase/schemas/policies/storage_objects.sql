create policy "Staff and origin hub users can upload a shipment's documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

-- Upsert: a retried upload rewrites the same deterministic path, until the
-- shipment points at it; from then on only the uploader may.
create policy "Staff and origin hub users can replace a shipment's documents not yet in use"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document(name)
    and (owner_id = (select auth.uid())::text or not public.shipment_document_in_use(name))
  )
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

-- A handover document's file, stored by the users of the shipment's hubs while the shipment's
-- and the uploader's files that no document names are under their bounds (document_file_room,
-- shipment_documents.sql; security audit 2026-12-03).
create policy "Users of a shipment's hubs can upload its documents"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document_file(name)
    and public.document_file_room(name)
  );

-- A retried upload (upsert) rewrites the same path; a document's file is only
-- ever rewritten by the user who stored it (the same bytes, from the same
-- queue entry), never replaced by anyone else. Its check holds the room for unattached files
-- too: on hosted Storage a move renames an object by an update, which must not pile one
-- shipment's unattached files onto another.
create policy "The uploader can rewrite a document file it stored"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document_file(name)
    and owner_id = (select auth.uid())::text
  )
  with check (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document_file(name)
    and public.document_file_room(name)
  );

create policy "Readers of a shipment can read its files"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'shipment-documents'
    and (select public.my_role()) is not null
    and public.may_read_shipment_object(name)
  );

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
