revoke all on table public.profiles from anon, authenticated;

grant select on table public.profiles to authenticated;

grant all on table public.profiles to service_role;

create policy "Users can read their own profile and admins can read every profile"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
