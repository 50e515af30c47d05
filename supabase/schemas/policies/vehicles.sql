revoke all on table public.vehicles from anon, authenticated;

grant select on table public.vehicles to authenticated;

grant all on table public.vehicles to service_role;

-- A hub user must see the vehicles it can queue (active and ready, any hub:
-- spec 7.2's queue dialog) once it has a hub, the ones at its hub (ready and
-- loading tabs), and the vehicle of every shipment it can read (the hub tabs
-- join shipments to vehicles with an inner join, so a hidden vehicle would hide
-- the shipment). A hub user without a hub (an open sign-up) reads no vehicles.
create policy "Staff can read all vehicles and hub users those free, at their hub or on their shipments"
  on public.vehicles for select to authenticated
  using (
    (select public.is_staff())
    or ((select public.my_hub_id()) is not null and is_active and ready)
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.vehicle_id = vehicles.id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );
