-- Profiles follow auth.users, and the token follows the profile.
--
-- 1. Every new auth user gets a profile (sign-up, admin create, seed).
-- 2. The profile's role and hub_id are mirrored into auth.users.raw_app_meta_data,
--    which Supabase Auth (and the local Auth stand-in) put into the access
--    token's app_metadata; the app can show the role without a query.
-- 3. An admin changing app_metadata.role / app_metadata.hub_id through the Auth
--    admin API (service role only) changes the profile; a changed e-mail is
--    copied to the profile; a deleted user leaves a deleted profile behind.
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
create or replace function public.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  app_meta jsonb := coalesce(new.raw_app_meta_data, '{}'::jsonb);
  p public.profiles%rowtype;
  want_role text;
  want_hub uuid;
begin
  select * into p from public.profiles where user_id = new.id;
  if not found then
    return null;
  end if;

  want_role := coalesce(nullif(app_meta ->> 'role', ''), p.role);
  want_hub := case
    when want_role <> 'hub_user' then null -- choosing admin clears the hub (spec 5)
    when app_meta ? 'hub_id' then nullif(app_meta ->> 'hub_id', '')::uuid
    else p.hub_id
  end;

  if p.role is distinct from want_role
     or p.hub_id is distinct from want_hub
     or p.email is distinct from new.email then
    update public.profiles
       set role = want_role, hub_id = want_hub, email = new.email
     where id = p.id;
  end if;
  return null;
end;
$$;

comment on function public.sync_profile_from_auth_user() is
  'After an auth user''s e-mail or app metadata changes (Auth admin API, service role only): copies e-mail, role and hub_id to the profile.';

create trigger on_auth_user_updated
  after update of email, raw_app_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email
        or old.raw_app_meta_data is distinct from new.raw_app_meta_data)
  execute function public.sync_profile_from_auth_user();

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

revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;
revoke execute on function public.mirror_profile_to_auth_user() from public, anon, authenticated;
revoke execute on function public.sync_profile_from_auth_user() from public, anon, authenticated;
revoke execute on function public.retire_profile_of_deleted_user() from public, anon, authenticated;
