-- Issue 27, finding 6: a deleted user kept reading master data until its
-- access token expired.
--
-- delete-user removes the auth user; its profile becomes a tombstone
-- (deleted, user_id cleared: 20261126000200_user_management.sql). PostgREST
-- still accepts the token until it expires (JWT_EXPIRY, an hour by default),
-- and the master-data policies of 20261126000300_baseline_rls.sql asked for
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

alter policy "Signed-in users can read all hubs" on public.hubs
  using ((select public.my_role()) is not null);
alter policy "Signed-in users can read all warehouses" on public.warehouses
  using ((select public.my_role()) is not null);
alter policy "Signed-in users can read all shipment statuses" on public.shipment_statuses
  using ((select public.my_role()) is not null);
alter policy "Signed-in users can read all vendors" on public.vendors
  using ((select public.my_role()) is not null);
alter policy "Signed-in users can read all vehicle types" on public.vehicle_types
  using ((select public.my_role()) is not null);

alter policy "Signed-in users can read shipment documents" on storage.objects
  using (bucket_id = 'shipment-documents' and (select public.my_role()) is not null);

-- apply_commands refuses each command of a user without a live profile
-- ('forbidden'), then records the batch in public.commands with the caller as
-- actor. For a deleted user that record broke the foreign key to auth.users,
-- and the call answered 409 with PostgreSQL's own words (23503, "Key
-- (actor_id)=(...) is not present in table users"). Before that insert, the
-- refusal says what happened: 42501, which PostgREST answers with 403, the
-- status a device gets for any token it may no longer use.
create or replace function public.refuse_commands_of_deleted_users()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from auth.users u where u.id = new.actor_id) then
    raise exception 'Pengguna ini sudah dihapus.'
      using errcode = '42501', -- insufficient_privilege: PostgREST answers 403
            hint = 'Sign in again with an existing account.';
  end if;
  return new;
end;
$$;
comment on function public.refuse_commands_of_deleted_users() is
  'Before a command is recorded: refuses (42501) a command whose actor no longer exists, instead of the foreign key''s 23503.';

create trigger refuse_commands_of_deleted_users
  before insert on public.commands
  for each row execute function public.refuse_commands_of_deleted_users();

revoke execute on function public.refuse_commands_of_deleted_users() from public, anon, authenticated;
