revoke all on table public.shipment_statuses from anon, authenticated;

grant select on table public.shipment_statuses to authenticated;

grant all on table public.shipment_statuses to service_role;

create policy "Signed-in users can read all shipment statuses"
  on public.shipment_statuses for select to authenticated using ((select public.my_role()) is not null);
