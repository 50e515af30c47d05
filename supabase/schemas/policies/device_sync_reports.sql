revoke all on table public.device_sync_reports from anon, authenticated;

grant select on table public.device_sync_reports to authenticated;

grant all on table public.device_sync_reports to service_role;

-- Staff read every device; a hub user at most its own hub's (and its own rows).
create policy device_sync_reports_read on public.device_sync_reports
  for select to authenticated
  using (
    (select public.is_staff())
    or user_id = (select auth.uid())
    or hub_id = any ((select public.my_hub_ids())::uuid[])
  );
