revoke all on table public.shipment_receipts from anon, authenticated;

grant select on table public.shipment_receipts to authenticated;

grant all on table public.shipment_receipts to service_role;

-- The pull scope is the read scope (pull_changes and visible_ids are security invoker):
-- as the shipment's. Working set (issue 26): these rows belong to their shipment; when a
-- device drops a closed shipment past the retention window, its documents, receipt and
-- discrepancies leave with it (match them by shipment_id).
create policy "Staff can read all shipment receipts and hub users those of shipments from, to or at their hub"
  on public.shipment_receipts for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = shipment_receipts.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );
