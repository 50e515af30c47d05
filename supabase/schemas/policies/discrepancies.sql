revoke all on table public.discrepancies from anon, authenticated;

grant select on table public.discrepancies to authenticated;

grant all on table public.discrepancies to service_role;

create policy "Staff can read all discrepancies and hub users those of shipments from, to or at their hub"
  on public.discrepancies for select to authenticated
  using (
    (select public.is_staff())
    or origin_hub_id = any ((select public.my_hub_ids())::uuid[])
    or destination_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.id = discrepancies.shipment_id
        and s.current_hub_id = any ((select public.my_hub_ids())::uuid[])
    )
  );
