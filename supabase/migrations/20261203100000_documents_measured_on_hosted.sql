-- Issue 40 on hosted Storage: the server records no document hash it did not measure.
-- Hosted Storage writes no SHA-256 of an upload, so shipment_document_measured kept the
-- device's claim there. Now the edge function measure-document (supabase/functions) reads the
-- object's bytes as the caller and records their SHA-256 and size in public.document_measures
-- under the object's stamp; the trigger takes the hash from the metadata (the local stand-in's
-- Storage measures while it stores) or from that record while the stamp holds, and refuses an
-- object nobody measured (document_unmeasured). The current definitions are in
-- supabase/schemas/tables/document_measures.sql, policies/document_measures.sql and
-- functions/shipment_documents.sql; shipment_document_measured was first defined in
-- 20261128020000_baseline.sql, and last in 20261129010000_messages_by_key.sql.

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

-- The server's own record (tables/document_measures.sql): no policy, so no API role reads or
-- writes a row; record_document_measure (service role) writes it, the attach trigger reads it.
revoke all on table public.document_measures from anon, authenticated;

grant all on table public.document_measures to service_role;

-- An object's stamp: what changes whenever its bytes are written (its id, hosted Storage's
-- version, updated_at). A measure is taken under the stamp read before the bytes were read and
-- counts only while the object still has it (record_document_measure, the trigger below).
-- (updated_at in microseconds since the epoch: its text form would follow the session's zone.)
create or replace function public.document_object_stamp(o storage.objects)
returns text
language sql
immutable
set search_path = ''
as $$
  select o.id::text || '/' || coalesce(o.version, '') || '/'
         || coalesce((extract(epoch from o.updated_at) * 1000000)::bigint::text, '')
$$;

revoke execute on function public.document_object_stamp(storage.objects) from public, anon, authenticated;

-- For measure-document (service role): a handover document object's stamp, and whether the
-- Storage that took it measured it already (a SHA-256 in its metadata: the local stack's). Null
-- when there is no such object.
create or replace function public.document_object_state(p_path text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'stamp', public.document_object_stamp(o),
    'measured', jsonb_typeof(o.metadata -> 'sha256') = 'string')
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = p_path
    and public.shipment_of_document_file(p_path) is not null
$$;

revoke execute on function public.document_object_state(text) from public, anon, authenticated;

grant execute on function public.document_object_state(text) to service_role;

-- For measure-document (service role): records the SHA-256 and size of a document object's
-- bytes, read after `p_stamp` was. True when recorded; false when the object has another stamp
-- by now (rewritten meanwhile: measure again) or is gone. A sealed document's measure is never
-- changed (its bytes cannot change either: storage_objects.sql).
create or replace function public.record_document_measure(p_path text, p_stamp text, p_sha256 text, p_size bigint)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  current_stamp text;
begin
  if p_sha256 is null or p_sha256 !~ '^[0-9a-f]{64}$' or p_size is null or p_size < 0 then
    raise exception 'a measure is a SHA-256 in lower-case hex and a size' using errcode = '22023';
  end if;
  select public.document_object_stamp(o) into current_stamp
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = p_path
    and public.shipment_of_document_file(p_path) is not null
  for share;
  if current_stamp is distinct from p_stamp then
    return false;
  end if;
  if exists (select 1 from public.shipment_documents d where d.path = p_path) then
    return exists (select 1 from public.document_measures m where m.path = p_path and m.object_stamp = p_stamp);
  end if;
  insert into public.document_measures (path, object_stamp, sha256, size_bytes)
  values (p_path, p_stamp, p_sha256, p_size)
  on conflict (path) do update
    set object_stamp = excluded.object_stamp, sha256 = excluded.sha256,
        size_bytes = excluded.size_bytes, measured_at = now();
  return true;
end;
$$;

revoke execute on function public.record_document_measure(text, text, text, bigint) from public, anon, authenticated;

grant execute on function public.record_document_measure(text, text, text, bigint) to service_role;

-- Measured: what attach_document records is what is stored. The Storage that took the upload
-- wrote size and mimetype into the object's metadata, and the local stand-in the SHA-256 too,
-- while streaming it; hosted Storage writes no hash, so measure-document (an edge function the
-- device calls before the attach) records it in public.document_measures under the object's
-- stamp. A claim that differs from any measured fact is refused, inside the command (a
-- rejection, not an error), and nothing is recorded. An object whose hash nobody measured (or
-- measured before the bytes were written again) is refused as unmeasured: the server records
-- no hash it did not measure (issue 40). The object's row is locked for the rest of the
-- command, so the bytes measured are the bytes sealed.
create or replace function public.shipment_document_measured()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m jsonb;
  stamp text;
  measured public.document_measures;
begin
  select coalesce(o.metadata, '{}'::jsonb), public.document_object_stamp(o) into m, stamp
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = new.path
  for share;
  if not found then
    return new; -- attach_document refuses a missing object itself (upload_missing)
  end if;
  if jsonb_typeof(m -> 'sha256') is distinct from 'string' then
    select * into measured from public.document_measures d
    where d.path = new.path and d.object_stamp = stamp;
    if not found then
      perform public.cmd_reject('document_unmeasured', 'handover.fileUnmeasured');
    end if;
    m := m || jsonb_build_object('sha256', measured.sha256, 'size', measured.size_bytes);
  end if;
  if (jsonb_typeof(m -> 'size') = 'number' and (m ->> 'size')::numeric <> new.size_bytes)
     or (jsonb_typeof(m -> 'mimetype') = 'string' and m ->> 'mimetype' <> new.mime)
     or m ->> 'sha256' <> new.sha256 then
    perform public.cmd_reject('document_mismatch',
      'handover.fileMismatch');
  end if;
  return new;
end;
$$;

insert into public.app_messages (key, text) values
  ('handover.fileUnmeasured', 'Server belum mengukur berkas di penyimpanan (SHA-256-nya belum tercatat); dokumen tidak dicatat. Kirim ulang dari perangkat.')
on conflict (key) do update set text = excluded.text;
