-- "A hub_user profile has a hub" cannot be a plain CHECK: an open sign-up
-- (spec 2.3) creates a hub_user profile before any admin has chosen a hub, and
-- failing that insert would fail the sign-up itself. So the rule is enforced
-- here for every write except the insert made by the sign-up trigger
-- (public.handle_new_auth_user, which runs at trigger depth 1, so its insert
-- reaches this trigger at depth 2). A direct insert or any update that leaves a
-- hub_user without a hub is refused.
create or replace function public.enforce_hub_user_has_hub()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.role = 'hub_user' and new.hub_id is null and not new.deleted
     and not (tg_op = 'INSERT' and pg_trigger_depth() > 1) then
    raise exception 'A hub_user profile must have a hub (profile %)', new.id
      using errcode = '23514', -- check_violation, like the CHECK it stands in for
            hint = 'Set hub_id, or give the user the role admin or tower_control.',
            constraint = 'profiles_hub_user_needs_hub';
  end if;
  return new;
end;
$$;

comment on function public.enforce_hub_user_has_hub() is
  'Constraint profiles_hub_user_needs_hub: a hub_user has a hub, except the profile an open sign-up creates before an admin assigns one.';

revoke execute on function public.enforce_hub_user_has_hub() from public, anon, authenticated;

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

revoke execute on function public.mirror_profile_to_auth_user() from public, anon, authenticated;

-- auth.users -> profile ------------------------------------------------------------
-- sync_profile_from_auth_user (below; its trigger on_auth_user_updated in
-- triggers/auth_users.sql).

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

revoke execute on function public.retire_profile_of_deleted_user() from public, anon, authenticated;

-- The display name (4. above) ------------------------------------------------------
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

revoke execute on function public.keep_one_admin() from public, anon, authenticated;

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

revoke execute on function public.refuse_commands_of_deleted_users() from public, anon, authenticated;

-- Issue 27, finding 11: two admins changing each other at the same moment
-- (update-user demoting, delete-user deleting) got a 500 instead of an answer.
--
-- keep_one_admin (above) runs BEFORE each row's
-- update, when PostgreSQL has already locked that row, and then locks every
-- live admin row to count them. Admin X demoting Y holds Y's row and waits
-- for X's; Y demoting X holds X's row and waits for Y's: a deadlock
-- (40P01). PostgreSQL aborts one of them, Auth answers that as a failure
-- (500 "Unexpected failure"; hosted Auth answers "Database error ..."), and
-- the edge function passed the 500 on, even when a third admin remained and
-- both changes were allowed.
--
-- The fix: one transaction at a time changes profiles. A statement-level
-- trigger fires before any row of an UPDATE is touched, so it takes a
-- transaction-scoped advisory lock while the transaction holds no profile row
-- yet. It fires on every UPDATE of profiles, not only of role and deleted:
-- Auth's one update of a user fires the rename trigger first (triggers run in
-- name order: on_auth_user_renamed before on_auth_user_updated), which locks
-- the profile's row to copy the name; had that not waited for the lock too,
-- it would deadlock with keep_one_admin's lock of every admin row just the
-- same (seen on PostgreSQL). The second transaction waits at the lock,
-- and once the first commits it finds the rows as they are now: its own
-- change goes through, or keep_one_admin refuses it (23514) when it would
-- leave no admin, which the functions answer with 409 and their message
-- (supabase/functions/_shared/admin.ts). Profile changes are rare (an
-- admin's screen, a user renaming itself); the wait is one short transaction.
create or replace function public.serialize_profile_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One fixed key for "profiles change".
  perform pg_advisory_xact_lock(hashtext('public.profiles change')::bigint);
  return null;
end;
$$;

comment on function public.serialize_profile_changes() is
  'Before an UPDATE of profiles (per statement, before any row is locked): takes one advisory lock, so profile changes run one at a time and keep_one_admin never deadlocks.';

revoke execute on function public.serialize_profile_changes() from public, anon, authenticated;

-- An e-mail change of a user an admin has not given a hub yet (an open
-- sign-up) answered 500 (issue 27, finding 11). sync_profile_from_auth_user
-- copied the new address with `set role = ..., hub_id = ..., email = ...`:
-- naming role and hub_id fires profiles_hub_user_needs_hub (`before update of
-- role, hub_id, deleted`) even when neither changes, and that trigger refuses
-- every write that leaves a hub_user without a hub but the sign-up's own
-- insert. So the sign-up's address could not change at all.
--
-- Now an e-mail change writes the e-mail alone; role and hub are written only
-- when they change, and then the hub rule holds as before (an admin turning the
-- user into a hub user must give it a hub, which update-user requires anyway).
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

  if p.role is distinct from want_role or p.hub_id is distinct from want_hub then
    update public.profiles
       set role = want_role, hub_id = want_hub, email = new.email
     where id = p.id;
  elsif p.email is distinct from new.email then
    update public.profiles
       set email = new.email
     where id = p.id;
  end if;
  return null;
end;
$$;

comment on function public.sync_profile_from_auth_user() is
  'After an auth user''s e-mail or app metadata changes (Auth admin API, service role only): copies e-mail, role and hub_id to the profile; an e-mail change alone writes only the e-mail.';

revoke execute on function public.sync_profile_from_auth_user() from public, anon, authenticated;
