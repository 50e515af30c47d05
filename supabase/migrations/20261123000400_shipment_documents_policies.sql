-- Who may write the shipment-documents bucket (issue 9). Objects are the
-- upload queue's deterministic paths, shipments/<shipment id>/<slot>.<ext>
-- (sync/uploads/queue.ts). Only those who may set the shipment's photos
-- (admin, tower control, users of its origin hub: cmd_set_shipment_image) may
-- upload or replace them, and an object a shipment already points at is never
-- replaced by anyone but the user who uploaded it. Reading stays as it was:
-- the bucket is public, and signed-in users may list it
-- (20261121001000_shipment_documents_bucket.sql).

-- The shipment an object path belongs to, or null for any other path.
create or replace function public.shipment_document_owner(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(delivery_record|bast)\.(png|jpg|jpeg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

-- May the caller write this object? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff() or s.origin_hub_id = public.my_hub_id()
    from public.shipments s
    where s.id = public.shipment_document_owner(p_name) and not s.deleted
  ), false)
$$;

-- Does a shipment point at this object already?
create or replace function public.shipment_document_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.id = public.shipment_document_owner(p_name)
      and '/storage/v1/object/public/shipment-documents/' || p_name in (s.delivery_record_image_url, s.bast_image_url)
  )
$$;

drop policy if exists "Signed-in users can upload shipment documents" on storage.objects;
drop policy if exists "Signed-in users can replace shipment documents" on storage.objects;

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

revoke execute on function public.shipment_document_owner(text), public.may_write_shipment_document(text),
  public.shipment_document_in_use(text) from public, anon;
grant execute on function public.shipment_document_owner(text), public.may_write_shipment_document(text),
  public.shipment_document_in_use(text) to authenticated, service_role;
