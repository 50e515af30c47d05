revoke all on table public.vehicle_types from anon, authenticated;

grant select on table public.vehicle_types to authenticated;

grant all on table public.vehicle_types to service_role;

create policy "Signed-in users can read all vehicle types"
  on public.vehicle_types for select to authenticated using ((select public.my_role()) is not null);
