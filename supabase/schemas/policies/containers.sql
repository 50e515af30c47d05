revoke all on table public.containers from anon, authenticated;

grant select on table public.containers to authenticated;

grant all on table public.containers to service_role;

create policy "Staff can read all containers and hub users those of shipments they can read"
  on public.containers for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = containers.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );
