-- The shipment-documents bucket: the shipping forms' photos (delivery record, BAST,
-- containers; spec 3, 7.4) and the handover's documents (surat jalan and BAST PDFs,
-- signatures, discrepancy photos; issue 28). Storage also checks that the bytes are what the
-- type says (supabase/local/content-sniff.ts: a PDF starts with %PDF-). Private since issue
-- 40: a file is read (download, signed URL) only by those who read its shipment
-- (policies/storage_objects.sql); the shipments' image columns name the object and the app
-- asks for a signed URL.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('shipment-documents', 'shipment-documents', false, 5242880,
        array['image/jpeg', 'image/png', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
