-- Perlu perhatian: a counted receipt's evidence that has not arrived (security audit
-- 2026-12-03: "nothing checks that a receipt's signature documents ever arrive"). A new
-- function, evidence_awaited(), and an index on each of shipment_receipts (received_at) and
-- discrepancies (reported_at) for its 30-day window.
-- The current definitions are in supabase/schemas/functions/evidence_awaited.sql (first
-- defined here) and supabase/schemas/tables/shipment_receipts.sql, discrepancies.sql.

-- Perlu perhatian (evidence_awaited): the receipts of the last days, whatever the history.
create index shipment_receipts_received_idx on public.shipment_receipts (received_at) where not deleted;

-- Perlu perhatian (evidence_awaited): the discrepancies of the last days, whatever the history.
create index discrepancies_reported_idx on public.discrepancies (reported_at) where not deleted;

-- Perlu perhatian: a counted receipt's evidence that has not arrived (security audit
-- 2026-12-03). A completion with a receipt names the document ids of its two signatures, and
-- each discrepancy the ids of its photos; the tablet uploads those files after the command
-- (offline first), and attach_document stores each one's row in shipment_documents once its
-- object is in the bucket. Until then the receipt's evidence is awaited: a tablet that never
-- comes back online, or whose upload keeps failing, would leave a receipt (and a printed BAST)
-- whose signatures nobody can show.
--
-- evidence_awaited() lists, per shipment, the files its live receipt and discrepancies name
-- that no live document of that shipment is: the shipment, its batch number, its destination (where it was
-- counted), when the first of them was named (the receipt's received_at, a discrepancy's
-- reported_at) and how many are missing. Security invoker: a caller sees what it may read
-- (the receipts', discrepancies', documents' and shipments' policies), as its pull would give
-- it. Only what was named in the last 30 days (a partial index on each table keeps the read
-- to that window, whatever the history), oldest first, at most 500 shipments. The device
-- shows an item once the device threshold has passed since it was named
-- (src/lib/attention/attention.ts).
create or replace function public.evidence_awaited()
returns table (shipment_id uuid, batch_number text, hub_id uuid, named_at timestamptz, missing integer)
language sql
stable
set search_path = ''
as $$
  with named as (
    select r.shipment_id, r.received_at as named_at, doc_id
      from public.shipment_receipts r
     cross join lateral unnest(array[r.receiver_signature_id, r.driver_signature_id]) as doc_id
     where not r.deleted and r.received_at > now() - interval '30 days'
    union all
    select d.shipment_id, d.reported_at, doc_id
      from public.discrepancies d
     cross join lateral unnest(d.photo_ids) as doc_id
     where not d.deleted and d.reported_at > now() - interval '30 days'
  )
  select n.shipment_id, s.batch_number, s.destination_hub_id, min(n.named_at), count(distinct n.doc_id)::integer
    from named n
    join public.shipments s on s.id = n.shipment_id and not s.deleted
   where not exists (
           select 1 from public.shipment_documents doc
            where doc.id = n.doc_id and doc.shipment_id = n.shipment_id and not doc.deleted)
   group by n.shipment_id, s.batch_number, s.destination_hub_id
   order by min(n.named_at), n.shipment_id
   limit 500
$$;

comment on function public.evidence_awaited() is
  'Perlu perhatian: per shipment, the signatures and discrepancy photos its live receipt names (last 30 days) that have no document yet; what the caller may read.';

revoke execute on function public.evidence_awaited() from public, anon;

grant execute on function public.evidence_awaited() to authenticated, service_role;
