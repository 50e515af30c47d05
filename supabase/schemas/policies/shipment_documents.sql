revoke all on table public.shipment_documents from anon, authenticated;

grant select on table public.shipment_documents to authenticated;

grant all on table public.shipment_documents to service_role;

create policy "Staff can read all shipment documents and hub users those of shipments from, to or at their hub"
  on public.shipment_documents for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = shipment_documents.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );
