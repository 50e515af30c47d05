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
--
-- The function moved here from 20261126000200_user_management.sql with its
-- trigger (one definition to read, README "Deploy"): a fresh database creates
-- both here; one made before replaces the function and re-creates the trigger.
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

drop trigger if exists on_auth_user_updated on auth.users;
create trigger on_auth_user_updated
  after update of email, raw_app_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email
        or old.raw_app_meta_data is distinct from new.raw_app_meta_data)
  execute function public.sync_profile_from_auth_user();

revoke execute on function public.sync_profile_from_auth_user() from public, anon, authenticated;
