revoke all on table public.tv_units from anon, authenticated;

grant select on table public.tv_units to authenticated;

grant all on table public.tv_units to service_role;

-- Issue 42: as containers: staff read every unit; a hub user the units in stock at its hubs
-- and those on a shipment it can read (from, to or at its hubs).
create policy "Staff can read all TV units and hub users those at their hubs or on shipments they can read"
  on public.tv_units for select to authenticated
  using (
    (select public.is_staff())
    or tv_units.hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.id = tv_units.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );
