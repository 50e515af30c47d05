revoke all on table public.shipments from anon, authenticated;

grant select on table public.shipments to authenticated;

grant all on table public.shipments to service_role;

create policy "Staff can read all shipments and hub users those from, to or at their hub"
  on public.shipments for select to authenticated
  using (
    (select public.is_staff())
    or origin_hub_id = any ((select public.my_hub_ids())::uuid[])
    or destination_hub_id = any ((select public.my_hub_ids())::uuid[])
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
  );
