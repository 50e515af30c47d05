revoke all on table public.inventory from anon, authenticated;

grant select on table public.inventory to authenticated;

grant all on table public.inventory to service_role;

create policy "Staff can read all inventory and hub users that of their own warehouses"
  on public.inventory for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );
