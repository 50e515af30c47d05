-- A display name only as a person may set it (security audit 2026-12-03): on hosted Supabase a
-- user's own updateUser({ data: { full_name } }) reaches auth.users unchecked (the length and
-- character rules lived only in the user functions and the local Auth), and the triggers copied
-- any non-blank full_name to the profile: a name of 100 kB, or with a right-to-left override,
-- stood in Users, the audit trail and the device board. Now profile_name (new) applies
-- text-rules.ts's nameProblem (at most 200 characters, no control or invisible character):
-- a new user with such a name gets none, a rename to one changes nothing.
-- The current definitions are in supabase/schemas/functions/profiles.sql; handle_new_auth_user
-- and sync_profile_name_from_auth_user were first and last defined in 20261128020000_baseline.sql.

-- A display name as a person may set it (the rule of supabase/functions/_shared/text-rules.ts's
-- nameProblem, which the user functions and the local Auth check before a name is set): trimmed,
-- at most 200 characters, no control character but tab, line feed and carriage return, no
-- invisible format character. Anything else is null: on hosted Supabase a user's own
-- updateUser({ data: { full_name } }) reaches auth.users unchecked, and a name of 100 kB or
-- with a right-to-left override would stand in Users, the audit trail and the device board
-- (security audit 2026-12-03).
create or replace function public.profile_name(p_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
           when char_length(n) <= 200
            and n !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]'
           then n
         end
    from (select nullif(btrim(coalesce(p_name, '')), '') as n) x;
$$;

revoke execute on function public.profile_name(text) from public, anon, authenticated;

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
    public.profile_name(coalesce(user_meta ->> 'full_name', user_meta ->> 'name')),
    new_role,
    -- a hub only belongs to a hub_user (profiles_only_hub_users_have_a_hub)
    case when new_role = 'hub_user' then nullif(app_meta ->> 'hub_id', '')::uuid end
  );
  return new;
end;
$$;

comment on function public.handle_new_auth_user() is
  'After insert on auth.users: creates the profile. Role (default hub_user) and hub_id from raw_app_meta_data only (service-role controlled); full_name from raw_user_meta_data.';

revoke execute on function public.handle_new_auth_user() from public, anon, authenticated;

create or replace function public.sync_profile_name_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- A name the rule refuses changes nothing (the profile keeps the name it had).
  want_name text := public.profile_name(new.raw_user_meta_data ->> 'full_name');
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
  'After an auth user''s user_metadata changes: copies a non-blank full_name the name rule allows (profile_name) to the profile.';

revoke execute on function public.sync_profile_name_from_auth_user() from public, anon, authenticated;
