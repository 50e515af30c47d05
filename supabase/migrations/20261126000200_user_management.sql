-- User management: profiles follow auth.users, and the token follows the profile.
--
-- 1. Every new auth user gets a profile (sign-up, admin create, seed).
-- 2. The profile's role and hub_id are mirrored into auth.users.raw_app_meta_data,
--    which Supabase Auth (and the local Auth stand-in) put into the access
--    token's app_metadata; the app can show the role without a query.
-- 3. An admin changing app_metadata.role / app_metadata.hub_id through the Auth
--    admin API (service role only) changes the profile; a changed e-mail is
--    copied to the profile; a deleted user leaves a deleted profile behind.
-- 4. The display name follows the auth user's user_metadata.full_name (an
--    admin's Edit User, or the user renaming themself: a name grants nothing).
-- 5. There is always an admin: the last live admin cannot be demoted or
--    deleted.
--
-- The edge functions create-user, update-user and delete-user (issue 12) act
-- through the Auth admin API as the service role; these triggers carry the
-- change to the profile in the same transaction, whatever path makes it.
--
-- Where role and hub come from on create: ONLY raw_app_meta_data. It can be set
-- by the service role alone (Auth admin API: createUser({ app_metadata })).
-- raw_user_meta_data is written by the signing-up user themself
-- (signUp({ options: { data } })), so taking a role or a hub from it would let
-- anyone on the open sign-up page make themselves admin or join a hub and read
-- its shipments. full_name, which grants nothing, is taken from user metadata.
--
-- The functions run as their owner (security definer) because auth.users is
-- not writable by the API roles, with an empty search_path so that nothing
-- the caller controls can shadow a table or function name.

create or replace function public.handle_new_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  user_meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  new_role text := coalesce(nullif(app_meta ->> 'role', ''), 'hub_user');
begin
  insert into public.profiles (id, user_id, email, full_name, role, hub_id)
  values (
    new.id,
    new.id,
    new.email,
    nullif(btrim(coalesce(user_meta ->> 'full_name', user_meta ->> 'name', '')), ''),
    new_role,
    -- a hub only belongs to a hub_user (profiles_only_hub_users_have_a_hub)
    case when new_role = 'hub_user' then nullif(app_meta ->> 'hub_id', '')::uuid end
  );
  return new;
end;
$$;

comment on function public.handle_new_auth_user() is
  'After insert on auth.users: creates the profile. Role (default hub_user) and hub_id from raw_app_meta_data only (service-role controlled); full_name from raw_user_meta_data.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_auth_user();

-- profile -> auth.users.raw_app_meta_data ----------------------------------------
create or replace function public.mirror_profile_to_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is null then
    return null;
  end if;
  -- Only write when something differs: the reverse trigger below fires on
  -- this update, and the guard is what ends the round trip.
  update auth.users u
     set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('role', new.role, 'hub_id', new.hub_id)
   where u.id = new.user_id
     and (u.raw_app_meta_data ->> 'role' is distinct from new.role
          or u.raw_app_meta_data ->> 'hub_id' is distinct from new.hub_id::text
          or not (coalesce(u.raw_app_meta_data, '{}'::jsonb) ? 'hub_id'));
  return null;
end;
$$;

comment on function public.mirror_profile_to_auth_user() is
  'After a profile''s role or hub_id is written: copies them into auth.users.raw_app_meta_data (the token''s app_metadata).';

create trigger mirror_to_auth_user
  after insert or update of role, hub_id on public.profiles
  for each row execute function public.mirror_profile_to_auth_user();

-- auth.users -> profile ------------------------------------------------------------
-- sync_profile_from_auth_user and its trigger on_auth_user_updated moved to
-- 20261126002700_profile_email_sync_keeps_hub_check.sql when they changed (issue 27).

-- A deleted auth user: keep the profile as a tombstone (the foreign key sets
-- user_id to null) so devices pulling profiles learn that it is gone.
create or replace function public.retire_profile_of_deleted_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set deleted = true where user_id = old.id;
  return old;
end;
$$;

comment on function public.retire_profile_of_deleted_user() is
  'Before delete on auth.users: marks the profile deleted (the foreign key then clears user_id).';

create trigger on_auth_user_deleted
  before delete on auth.users
  for each row execute function public.retire_profile_of_deleted_user();

-- The display name (4. above) ------------------------------------------------------
create or replace function public.sync_profile_name_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  want_name text := nullif(btrim(coalesce(new.raw_user_meta_data ->> 'full_name', '')), '');
begin
  if want_name is not null then
    update public.profiles
       set full_name = want_name
     where user_id = new.id
       and full_name is distinct from want_name;
  end if;
  return null;
end;
$$;
comment on function public.sync_profile_name_from_auth_user() is
  'After an auth user''s user_metadata changes: copies a non-blank full_name to the profile.';

create trigger on_auth_user_renamed
  after update of raw_user_meta_data on auth.users
  for each row
  when (old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.sync_profile_name_from_auth_user();

-- There is always an admin (5. above). The edge functions check this first to
-- answer with a clear message; this trigger is what makes two admins demoting
-- each other at the same moment safe (the admins' rows are locked before
-- counting).
create or replace function public.keep_one_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  others integer;
begin
  -- Only a real demotion or removal: an unknown role is left to the CHECK
  -- constraint profiles_role_known, which names it.
  if old.role = 'admin' and not old.deleted
     and (new.role in ('tower_control', 'hub_user') or new.deleted) then
    -- Lock every live admin row, then count: a concurrent demotion waits here
    -- and counts again after this one commits.
    perform 1 from public.profiles where role = 'admin' and not deleted for update;
    select count(*) into others
      from public.profiles
     where role = 'admin' and not deleted and id <> old.id;
    if others = 0 then
      raise exception 'Admin terakhir tidak dapat dihapus atau diubah role-nya'
        using errcode = '23514', -- check_violation
              constraint = 'profiles_keep_one_admin';
    end if;
  end if;
  return new;
end;
$$;
comment on function public.keep_one_admin() is
  'Before a profile''s role or deleted flag changes: refuses to leave no live admin.';

create trigger keep_one_admin
  before update of role, deleted on public.profiles
  for each row execute function public.keep_one_admin();

revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;
revoke execute on function public.mirror_profile_to_auth_user() from public, anon, authenticated;
revoke execute on function public.retire_profile_of_deleted_user() from public, anon, authenticated;
revoke execute on function public.sync_profile_name_from_auth_user() from public, anon, authenticated;
revoke execute on function public.keep_one_admin() from public, anon, authenticated;
