-- The bucket for delivery-record, BAST and container photos (spec 3, 7.4).
-- Public, because the shipment rows store public URLs that the app shows;
-- writes are limited by the policies of 20261123000400, and the bucket
-- itself limits type and size as the shipping forms do (JPG/PNG, compressed
-- on the device well under 5 MB).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('shipment-documents', 'shipment-documents', true, 5242880, array['image/jpeg', 'image/png'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Who may write its objects: 20261123000400_shipment_documents_policies.sql.

create policy "Signed-in users can read shipment documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'shipment-documents');
