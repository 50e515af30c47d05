-- Issue 42: no API role reads or writes the history directly (public.tv_unit_path reads it);
-- service_role may add to it, and no one may change it (triggers/tv_unit_events.sql).
revoke all on table public.tv_unit_events from anon, authenticated;

grant select, insert on table public.tv_unit_events to service_role;

revoke update, delete, truncate on table public.tv_unit_events from service_role;
