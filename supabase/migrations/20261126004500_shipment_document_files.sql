-- Issue 28: the handover documents' files in the shipment-documents bucket.
--
-- The tablet makes the surat jalan and the BAST as PDFs, and takes signatures
-- (PNG) and discrepancy photos (JPEG/PNG). The upload queue stores each at
-- shipments/<shipment id>/documents/<document id>.<pdf|png|jpg>
-- (sync/uploads/queue.ts) and only then records it with attach_document
-- (public.shipment_documents, 20261126004000-004099), which checks who may
-- attach which kind. Storage lets in whoever may attach some kind: staff and
-- the users of the shipment's origin hub (the surat jalan), of its destination
-- hub, or of a POD hub of its city (the receipt's documents).
--
-- The shipping forms' photos keep their own paths and policies
-- (20261126000300_baseline_rls.sql: shipment_document_owner,
-- may_write_shipment_document); a documents/ path is none of theirs.

-- The bucket takes PDF too. Storage also checks that the bytes are what the
-- type says (supabase/local/content-sniff.ts: a PDF starts with %PDF-).
update storage.buckets
  set allowed_mime_types = array['image/jpeg', 'image/png', 'application/pdf']
  where id = 'shipment-documents';

-- The shipment a document's path belongs to, or null for any other path.
create or replace function public.shipment_of_document_file(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/documents/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

-- May the caller store this document file? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document_file(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff()
      or s.origin_hub_id = public.my_hub_id()
      or s.destination_hub_id = public.my_hub_id()
      or exists (
        select 1 from public.hubs h
        where h.id = public.my_hub_id() and not h.deleted
          and public.hub_kind(h.name, h.type) = 'pod'
          and public.dm_slug(public.pod_city_of_hub(h.name, h.city)) = public.dm_slug(public.cmd_pod_city(s))
      )
    from public.shipments s
    where s.id = public.shipment_of_document_file(p_name) and not s.deleted
  ), false)
$$;

revoke execute on function public.shipment_of_document_file(text), public.may_write_shipment_document_file(text)
  from public, anon;
grant execute on function public.shipment_of_document_file(text), public.may_write_shipment_document_file(text)
  to authenticated, service_role;

create policy "Users of a shipment's hubs can upload its documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document_file(name));

-- A retried upload (upsert) rewrites the same path; a document's file is only
-- ever rewritten by the user who stored it (the same bytes, from the same
-- queue entry), never replaced by anyone else.
create policy "The uploader can rewrite a document file it stored"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document_file(name)
    and owner_id = (select auth.uid())::text
  )
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document_file(name));
