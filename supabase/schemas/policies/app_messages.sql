revoke all on table public.app_messages from anon, authenticated;

-- Product text, no data: any signed-in user may read it (an API client naming its refusals).
grant select on table public.app_messages to authenticated;

grant all on table public.app_messages to service_role;

create policy app_messages_read on public.app_messages
  for select to authenticated
  using (true);
