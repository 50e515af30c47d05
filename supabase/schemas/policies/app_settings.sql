revoke all on table public.app_settings from anon, authenticated;

grant select on table public.app_settings to authenticated;

grant all on table public.app_settings to service_role;

-- Like master data, only with a live profile (functions/profiles.sql).
create policy app_settings_read on public.app_settings
  for select to authenticated
  using ((select public.my_role()) is not null);
