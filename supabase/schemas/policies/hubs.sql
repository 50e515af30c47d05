-- Privileges --------------------------------------------------------------------
-- Hosted Supabase grants the API roles everything on public tables by default
-- and leaves the rest to RLS. Here: reads only, for signed-in users only
-- (public.commands too: its policy below limits it to staff).
revoke all on table public.hubs from anon, authenticated;

grant select on table public.hubs to authenticated;

-- The service role (edge functions, admin tooling; bypasses RLS) keeps full access.
grant all on table public.hubs to service_role;

-- Master data: every signed-in user needs it to fill the forms.
-- Issue 27, finding 6: a deleted user kept reading master data until its
-- access token expired.
--
-- delete-user removes the auth user; its profile becomes a tombstone
-- (deleted, user_id cleared: functions/profiles.sql). PostgREST
-- still accepts the token until it expires (JWT_EXPIRY, an hour by default),
-- and the master-data policies of policies/ asked for
-- nothing but the role 'authenticated' (using (true)). So the deleted user
-- read hubs, warehouses, statuses, vendors and vehicle types through
-- /rest/v1 and through the pull (pull_changes, visible_ids, rows_by_id and
-- changed_tables are security invoker: these policies decide).
--
-- Every read now also needs a live profile: my_role() is the caller's role
-- from its profile (not deleted), null for a token whose user is gone. An
-- open sign-up not yet given a hub has a profile (hub_user) and keeps reading
-- master data, as before. The other tables' policies already go through
-- is_staff(), is_admin(), my_hub_ids() or user_id = auth.uid(), which all come
-- to nothing without a live profile; apply_commands answers 'forbidden'
-- ("Profil pengguna tidak ditemukan.").
--
-- The shipment-documents bucket is public for reading anyway (its objects are
-- served by URL without a token); its select policy follows the same rule so
-- that no policy reads by the role alone.
create policy "Signed-in users can read all hubs"
  on public.hubs for select to authenticated using ((select public.my_role()) is not null);
