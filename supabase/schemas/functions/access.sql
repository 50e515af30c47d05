-- Row-level security: who may READ which rows. Nobody writes directly.
--
-- One write path (issue 3): the app writes through apply_commands (the sync
-- issue), the status procedures (functions/shipment_statuses.sql) and the
-- user-management edge functions (service role). Those run with their own
-- rights and check role and hub themselves. So the API roles lose INSERT,
-- UPDATE and DELETE on every table here, and the policies below are SELECT
-- policies only.
--
-- Soft-deleted rows stay readable on purpose: a device has to pull the
-- tombstone to drop its copy. Filtering deleted rows is the reader's job.
--
-- The read matrix in words (docs/security.md has it as a table):
--   admin, tower_control  everything (tower_control: only its own profile)
--   hub_user              master data (hubs, warehouses, vendors, vehicle types,
--                         statuses); its own profile; shipments leaving from,
--                         going to or currently at its hub, and their containers;
--                         its hub's warehouses' inventory; vehicles at its hub,
--                         free to be queued, or carrying a shipment it can read
--   POD hub_user          as hub_user, where "its hub" means every POD hub of its
--                         city, and its warehouses include any whose location
--                         is its city
--   anon                  nothing
-- A hub_user without a hub (an open sign-up not yet assigned) reads master
-- data and its own profile only. Every check is NULL-safe: an unknown role or
-- hub refuses, never passes.
--
-- Then the shipment-documents storage bucket and who may write it.

-- Helpers ------------------------------------------------------------------------
-- security definer: they read profiles, whose own policy would otherwise
-- hide the rows they need (and recurse when used inside that policy).
-- search_path = '': every name is schema-qualified, nothing the caller sets can
-- redirect them. stable: one evaluation per statement when wrapped in
-- (select ...) inside a policy, not one per row.
create or replace function public.my_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role
  from public.profiles p
  where p.user_id = (select auth.uid()) and not p.deleted
$$;

comment on function public.my_role() is
  'The signed-in user''s role from its profile; null when signed out or without a profile (the app then treats it as hub_user).';

revoke execute on function public.my_role() from public, anon;

grant execute on function public.my_role() to authenticated, service_role;

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select public.my_role()) = 'admin', false)
$$;

comment on function public.is_admin() is 'True when the signed-in user is an admin.';

revoke execute on function public.is_admin() from public, anon;

grant execute on function public.is_admin() to authenticated, service_role;

create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select public.my_role()) in ('admin', 'tower_control'), false)
$$;

comment on function public.is_staff() is
  'True for admin and tower_control, the roles that see every hub (spec 6: view all shipments and inventory).';

revoke execute on function public.is_staff() from public, anon;

grant execute on function public.is_staff() to authenticated, service_role;

-- Spec 7.3: my_hub_id() returns the current user's hub id; null for
-- admin and tower_control (spec 6: "for other roles it is null").
create or replace function public.my_hub_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.hub_id
  from public.profiles p
  where p.user_id = (select auth.uid()) and not p.deleted and p.role = 'hub_user'
$$;

comment on function public.my_hub_id() is
  'Spec 7.3: the signed-in hub user''s hub id; null for admin, tower_control, a user without a hub and anon.';

revoke execute on function public.my_hub_id() from public, anon;

grant execute on function public.my_hub_id() to authenticated, service_role;

-- The hubs whose shipments and vehicles a hub user sees: its own hub and, for
-- a POD user, every POD hub of the same city ("shipments going to its city's
-- POD"). Empty for staff (they pass through is_staff) and for anon.
create or replace function public.my_hub_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(h.id), '{}'::uuid[])
  from public.hubs mine
  join public.hubs h
    on h.id = mine.id
    or (mine.type = 'pod' and h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(mine.city)))
  where mine.id = (select public.my_hub_id())
$$;

comment on function public.my_hub_ids() is
  'The hubs a hub user works at: its own, plus for a POD user every POD hub of its city. Used by the read policies.';

revoke execute on function public.my_hub_ids() from public, anon;

grant execute on function public.my_hub_ids() to authenticated, service_role;

-- The warehouses whose inventory a hub user sees: those of its hubs and, for a
-- POD user, any whose location is its city (POD completion books stock there).
create or replace function public.my_warehouse_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(w.id), '{}'::uuid[])
  from public.warehouses w
  where w.hub_id = any ((select public.my_hub_ids())::uuid[])
     or exists (
       select 1 from public.hubs mine
       where mine.id = (select public.my_hub_id())
         and mine.type = 'pod'
         and lower(btrim(w.location)) = lower(btrim(mine.city))
     )
$$;

comment on function public.my_warehouse_ids() is
  'The warehouses whose inventory a hub user reads: its hubs'' warehouses, plus for a POD user the warehouses located in its city.';

revoke execute on function public.my_warehouse_ids() from public, anon;

grant execute on function public.my_warehouse_ids() to authenticated, service_role;

-- The status procedures of spec 7.3, over the shipment_statuses table.
--
-- Names and arguments are the spec's, so the status screen calls them as
-- before: get_shipment_status_values(), is_shipment_status_used(status_value),
-- add_shipment_status(new_status), rename_shipment_status(old_value, new_value),
-- remove_shipment_status(value_to_remove). my_hub_id() and the
-- other helpers the policies use are above. Optional trailing arguments carry what the table
-- adds over an enum (label, color, order); callers that omit them get defaults.
--
-- The writing procedures are security definer (the API roles cannot write the
-- table) and start by checking that the caller is an admin. Errors carry
-- SQLSTATEs that PostgREST turns into meaningful HTTP statuses:
--   42501 not an admin (403), 23505 key exists (409), 23503 still used (409),
--   P0002 no such status, 22023 bad argument (400).
create or replace function public.require_admin(action text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- The service role (edge functions, admin tooling) acts for an admin.
  if not (select public.is_admin()) and coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'Only an admin can %', action
      using errcode = '42501'; -- insufficient_privilege
  end if;
end;
$$;

comment on function public.require_admin(text) is
  'Raises insufficient_privilege unless the caller is an admin (or the service role).';

revoke execute on function public.require_admin(text) from public, anon, authenticated;

create or replace function public.require_staff()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'Audit trail is readable by admin and tower control only'
      using errcode = '42501';
  end if;
end;
$$;

revoke execute on function public.require_staff() from public, anon, authenticated;
