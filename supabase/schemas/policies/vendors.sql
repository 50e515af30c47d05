revoke all on table public.vendors from anon, authenticated;

grant select on table public.vendors to authenticated;

grant all on table public.vendors to service_role;

create policy "Signed-in users can read all vendors"
  on public.vendors for select to authenticated using ((select public.my_role()) is not null);
