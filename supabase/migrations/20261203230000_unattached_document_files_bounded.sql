-- A bound on the document files Storage keeps that no document names (security audit
-- 2026-12-03, left open there: a hub user could store any number of never-attached 5 MB files on
-- a shipment of its hub, and on the hub's own server they share a disk with PostgreSQL).
--   * unattached_document_files_per_shipment() (200) and unattached_document_files_per_uploader()
--     (1000, among its files of the last 30 days), new: an honest tablet attaches each file in the round after its upload, so what
--     waits is at most its offline backlog (a completion needs at most 63 files).
--   * document_file_room(name), new: over either bound an upload is refused with 42501 and a
--     message that starts with too_many_unattached_documents (Storage answers 403 with it; the
--     upload queue stops the entry with the message handover.uploadTooMany). A retried upload of
--     a file already stored is not counted against itself.
--   * the policies "Users of a shipment's hubs can upload its documents" (insert) and "The
--     uploader can rewrite a document file it stored" (update: hosted Storage's move renames by
--     an update) check it; both were first and last defined in 20261128020000_baseline.sql.
--   * the message handover.uploadTooMany.
-- The current definitions are in supabase/schemas/functions/shipment_documents.sql and
-- supabase/schemas/policies/storage_objects.sql.

-- How many document files Storage keeps that no shipment_documents row names (security audit
-- 2026-12-03: a hub user could store any number of never-attached 5 MB files on the hub's own
-- server, whose disk PostgreSQL shares). An honest tablet attaches each file in the round after
-- its upload, so what waits is at most its offline backlog. One shipment legitimately needs a
-- surat jalan, and per completion a BAST, two signatures and at most 6 discrepancies of 10 photos
-- (63; handover_receipt), plus corrections: 200 is three whole completions of it (an undone
-- completion's recount) with room to spare. An uploader's files wait across its shipments: 1000
-- is sixteen such worst-case completions, or hundreds of ordinary ones, in one offline backlog.
-- The uploader's are those of the last 30 days: a file whose attach was refused (another hub
-- since, a mismatch) or never sent (a tablet wiped) stays unattached for ever, and an honest
-- account must not creep up to the bound over months. So an attacker adds at most 1000 x 5 MB
-- per login a month, and 200 x 5 MB on any one shipment.
create or replace function public.unattached_document_files_per_shipment()
returns integer
language sql
immutable
as $$ select 200 $$;

revoke execute on function public.unattached_document_files_per_shipment() from public, anon, authenticated;

create or replace function public.unattached_document_files_per_uploader()
returns integer
language sql
immutable
as $$ select 1000 $$;

revoke execute on function public.unattached_document_files_per_uploader() from public, anon, authenticated;

-- Is there room for this document file? True for any other path, and for a caller who may not
-- write it (the policies' own checks decide those), and for a file already stored at this path (a retried upload rewrites it: it is not counted
-- against itself). Else the shipment's files that nothing names, and the caller's, must be
-- under their bounds; over one, it raises 42501 (Storage answers 403 with this message, which
-- starts with the code the upload queue knows: sync/uploads/queue.ts). Called by the insert
-- policy and by the rewrite policy's check (on hosted Storage a move renames a row by update).
-- Per-shipment and per-uploader locks make the count exact under concurrent uploads (taken in
-- that order; held until the upload's row commits). Volatile: each count reads what committed.
create or replace function public.document_file_room(p_name text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_shipment uuid := public.shipment_of_document_file(p_name);
  v_owner text := (select auth.uid())::text;
  v_prefix text;
begin
  -- Whoever may not write it learns nothing here (the policy's own check refuses it).
  if v_shipment is null or not public.may_write_shipment_document_file(p_name) then
    return true;
  end if;
  v_prefix := 'shipments/' || v_shipment::text || '/documents/';
  perform pg_advisory_xact_lock(hashtextextended('unattached document files of ' || v_shipment::text, 0));
  if (select count(*) from storage.objects o
      where o.bucket_id = 'shipment-documents' and o.name like v_prefix || '%' and o.name <> p_name
        and not exists (select 1 from public.shipment_documents d where d.path = o.name))
     >= public.unattached_document_files_per_shipment() then
    raise exception using errcode = '42501',
      message = format('too_many_unattached_documents: shipment %s already has %s stored document files that no document names; attach them before storing more',
                       v_shipment, public.unattached_document_files_per_shipment());
  end if;
  if v_owner is null then
    return true;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('unattached document files by ' || v_owner, 0));
  if (select count(*) from storage.objects o
      where o.bucket_id = 'shipment-documents' and o.owner_id = v_owner
        and o.created_at > now() - interval '30 days'
        and o.name like 'shipments/%/documents/%' and o.name <> p_name
        and not exists (select 1 from public.shipment_documents d where d.path = o.name))
     >= public.unattached_document_files_per_uploader() then
    raise exception using errcode = '42501',
      message = format('too_many_unattached_documents: this user already has %s stored document files that no document names; attach them before storing more',
                       public.unattached_document_files_per_uploader());
  end if;
  return true;
end;
$$;

revoke execute on function public.document_file_room(text) from public, anon;

grant execute on function public.document_file_room(text) to authenticated, service_role;

drop policy "Users of a shipment's hubs can upload its documents" on storage.objects;
drop policy "The uploader can rewrite a document file it stored" on storage.objects;

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

insert into public.app_messages (key, text) values
  ('handover.uploadTooMany', 'Penyimpanan menolak berkas ini: terlalu banyak berkas dokumen tersimpan yang belum dicatat (pada pengiriman ini atau dari pengguna ini). Tidak dicoba lagi; hubungi admin.')
on conflict (key) do update set text = excluded.text;
