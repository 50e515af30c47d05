revoke all on table public.warehouses from anon, authenticated;

grant select on table public.warehouses to authenticated;

grant all on table public.warehouses to service_role;

create policy "Signed-in users can read all warehouses"
  on public.warehouses for select to authenticated using ((select public.my_role()) is not null);
