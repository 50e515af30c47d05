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

revoke execute on function public.shipment_document_measured() from public, anon, authenticated;
