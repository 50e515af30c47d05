-- User management through the edge functions create-user, update-user and
-- delete-user (issue 12). They act through the Auth admin API as the service
-- role; the triggers of 20261121000200 carry e-mail, role and hub to the
-- profile. Two more rules belong in the database, so that they hold in the
-- same transaction as the change whatever path makes it:
--
-- 1. The display name follows the auth user's user_metadata.full_name (an
--    admin's Edit User, or the user renaming themself: a name grants nothing).
-- 2. There is always an admin: the last live admin cannot be demoted or
--    deleted. The edge functions check this first to answer with a clear
--    message; this trigger is what makes two admins demoting each other at the
--    same moment safe (the admins' rows are locked before counting).

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

revoke execute on function public.sync_profile_name_from_auth_user() from public, anon, authenticated;
revoke execute on function public.keep_one_admin() from public, anon, authenticated;
