-- Issue 27, finding 11: two admins changing each other at the same moment
-- (update-user demoting, delete-user deleting) got a 500 instead of an answer.
--
-- keep_one_admin (20261126000200_user_management.sql) runs BEFORE each row's
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

create trigger serialize_profile_changes
  before update on public.profiles
  for each statement execute function public.serialize_profile_changes();

revoke execute on function public.serialize_profile_changes() from public, anon, authenticated;
