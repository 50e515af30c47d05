-- Who may write its objects (issue 9). Objects are the upload queue's
-- deterministic paths, shipments/<shipment id>/<slot>.<ext>
-- (sync/uploads/queue.ts). Only those who may set the shipment's photos
-- (admin, tower control, users of its origin hub: cmd_set_shipment_image) may
-- upload or replace them, and an object a shipment already points at is never
-- replaced by anyone but the user who uploaded it.

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

revoke execute on function public.shipment_document_owner(text) from public, anon;

grant execute on function public.shipment_document_owner(text) to authenticated, service_role;

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

revoke execute on function public.may_write_shipment_document(text) from public, anon;

grant execute on function public.may_write_shipment_document(text) to authenticated, service_role;

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

revoke execute on function public.shipment_document_in_use(text) from public, anon;

grant execute on function public.shipment_document_in_use(text) to authenticated, service_role;

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

revoke execute on function public.shipment_of_document_file(text) from public, anon;

grant execute on function public.shipment_of_document_file(text) to authenticated, service_role;

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

revoke execute on function public.may_write_shipment_document_file(text) from public, anon;

grant execute on function public.may_write_shipment_document_file(text) to authenticated, service_role;

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

revoke execute on function public.shipment_of_object(text) from public, anon;

grant execute on function public.shipment_of_object(text) to authenticated, service_role;

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

revoke execute on function public.may_read_shipment_object(text) from public, anon;

grant execute on function public.may_read_shipment_object(text) to authenticated, service_role;

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
      'handover.fileMismatch');
  end if;
  return new;
end;
$$;

revoke execute on function public.shipment_document_measured() from public, anon, authenticated;
