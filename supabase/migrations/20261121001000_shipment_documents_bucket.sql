-- The bucket for delivery-record, BAST and container photos (spec 3, 7.4).
-- Public, because the shipment rows store public URLs that the app shows;
-- writes are limited to signed-in users by the policies below, and the bucket
-- itself limits type and size as the shipping forms do (JPG/PNG, compressed
-- on the device well under 5 MB).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('shipment-documents', 'shipment-documents', true, 5242880, array['image/jpeg', 'image/png'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Signed-in users can upload shipment documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents');

-- Upsert: a retried upload rewrites the same deterministic path.
create policy "Signed-in users can replace shipment documents"
  on storage.objects for update to authenticated
  using (bucket_id = 'shipment-documents')
  with check (bucket_id = 'shipment-documents');

create policy "Signed-in users can read shipment documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'shipment-documents');
