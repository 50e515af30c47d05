-- Row-level security: who may READ which rows. Nobody writes directly.
--
-- One write path (issue 3): the app writes through apply_commands (the sync
-- issue), the status procedures (20261126000400_status_procedures.sql) and the
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

revoke execute on function public.my_role(), public.is_admin(), public.is_staff(), public.my_hub_id(),
  public.my_hub_ids(), public.my_warehouse_ids() from public, anon;
grant execute on function public.my_role(), public.is_admin(), public.is_staff(), public.my_hub_id(),
  public.my_hub_ids(), public.my_warehouse_ids() to authenticated, service_role;

-- Privileges --------------------------------------------------------------------
-- Hosted Supabase grants the API roles everything on public tables by default
-- and leaves the rest to RLS. Here: reads only, for signed-in users only
-- (public.commands too: its policy below limits it to staff).
revoke all on table
  public.hubs, public.warehouses, public.profiles, public.shipment_statuses, public.vendors,
  public.vehicle_types, public.vehicles, public.shipments, public.containers, public.inventory,
  public.commands
  from anon, authenticated;
grant select on table
  public.hubs, public.warehouses, public.profiles, public.shipment_statuses, public.vendors,
  public.vehicle_types, public.vehicles, public.shipments, public.containers, public.inventory,
  public.commands
  to authenticated;
-- The service role (edge functions, admin tooling; bypasses RLS) keeps full access.
grant all on table
  public.hubs, public.warehouses, public.profiles, public.shipment_statuses, public.vendors,
  public.vehicle_types, public.vehicles, public.shipments, public.containers, public.inventory,
  public.commands
  to service_role;

-- The same for tables later migrations create: no direct writes by the API
-- roles and nothing for anon, unless a migration grants it deliberately.
alter default privileges in schema public
  revoke insert, update, delete, truncate, references, trigger on tables from anon, authenticated;
alter default privileges in schema public
  revoke select on tables from anon;

-- Row-level security ---------------------------------------------------------------
alter table public.hubs enable row level security;
alter table public.warehouses enable row level security;
alter table public.profiles enable row level security;
alter table public.shipment_statuses enable row level security;
alter table public.vendors enable row level security;
alter table public.vehicle_types enable row level security;
alter table public.vehicles enable row level security;
alter table public.shipments enable row level security;
alter table public.containers enable row level security;
alter table public.inventory enable row level security;
alter table public.commands enable row level security;

-- Master data: every signed-in user needs it to fill the forms.
create policy "Signed-in users can read all hubs"
  on public.hubs for select to authenticated using (true);
create policy "Signed-in users can read all warehouses"
  on public.warehouses for select to authenticated using (true);
create policy "Signed-in users can read all shipment statuses"
  on public.shipment_statuses for select to authenticated using (true);
create policy "Signed-in users can read all vendors"
  on public.vendors for select to authenticated using (true);
create policy "Signed-in users can read all vehicle types"
  on public.vehicle_types for select to authenticated using (true);

create policy "Users can read their own profile and admins can read every profile"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "Staff can read all shipments and hub users those from, to or at their hub"
  on public.shipments for select to authenticated
  using (
    (select public.is_staff())
    or origin_hub_id = any ((select public.my_hub_ids())::uuid[])
    or destination_hub_id = any ((select public.my_hub_ids())::uuid[])
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
  );

create policy "Staff can read all containers and hub users those of shipments they can read"
  on public.containers for select to authenticated
  using (
    (select public.is_staff())
    or exists (
      select 1 from public.shipments s
      where s.id = containers.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

create policy "Staff can read all inventory and hub users that of their own warehouses"
  on public.inventory for select to authenticated
  using (
    (select public.is_staff())
    or warehouse_id = any ((select public.my_warehouse_ids())::uuid[])
  );

-- A hub user must see the vehicles it can queue (active and ready, any hub:
-- spec 7.2's queue dialog) once it has a hub, the ones at its hub (ready and
-- loading tabs), and the vehicle of every shipment it can read (the hub tabs
-- join shipments to vehicles with an inner join, so a hidden vehicle would hide
-- the shipment). A hub user without a hub (an open sign-up) reads no vehicles.
create policy "Staff can read all vehicles and hub users those free, at their hub or on their shipments"
  on public.vehicles for select to authenticated
  using (
    (select public.is_staff())
    or ((select public.my_hub_id()) is not null and is_active and ready)
    or current_hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.vehicle_id = vehicles.id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

-- The audit trail (public.commands: every command, who sent it, its payload
-- and outcome) is readable by admin and tower control only (issue 12). A user
-- does not read even its own: a device learns the outcome of its commands
-- from apply_commands' answer and keeps them in its outbox and conflicts, and
-- a hub user reading the payloads and rejections of its own past work is not
-- a need the product has.
create policy "Staff can read every command"
  on public.commands for select to authenticated
  using ((select public.is_staff()));

-- The shipment-documents bucket ---------------------------------------------------
-- For delivery-record, BAST and container photos (spec 3, 7.4). Public,
-- because the shipment rows store public URLs that the app shows; the bucket
-- itself limits type and size as the shipping forms do (JPG/PNG, compressed
-- on the device well under 5 MB).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('shipment-documents', 'shipment-documents', true, 5242880, array['image/jpeg', 'image/png'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Signed-in users can read shipment documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'shipment-documents');

-- Who may write its objects (issue 9). Objects are the upload queue's
-- deterministic paths, shipments/<shipment id>/<slot>.<ext>
-- (sync/uploads/queue.ts). Only those who may set the shipment's photos
-- (admin, tower control, users of its origin hub: cmd_set_shipment_image) may
-- upload or replace them, and an object a shipment already points at is never
-- replaced by anyone but the user who uploaded it.

-- The shipment an object path belongs to, or null for any other path.
create or replace function public.shipment_document_owner(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(delivery_record|bast)\.(png|jpg|jpeg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

-- May the caller write this object? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff() or s.origin_hub_id = public.my_hub_id()
    from public.shipments s
    where s.id = public.shipment_document_owner(p_name) and not s.deleted
  ), false)
$$;

-- Does a shipment point at this object already?
create or replace function public.shipment_document_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.id = public.shipment_document_owner(p_name)
      and '/storage/v1/object/public/shipment-documents/' || p_name in (s.delivery_record_image_url, s.bast_image_url)
  )
$$;

create policy "Staff and origin hub users can upload a shipment's documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

-- Upsert: a retried upload rewrites the same deterministic path, until the
-- shipment points at it; from then on only the uploader may.
create policy "Staff and origin hub users can replace a shipment's documents not yet in use"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'shipment-documents'
    and public.may_write_shipment_document(name)
    and (owner_id = (select auth.uid())::text or not public.shipment_document_in_use(name))
  )
  with check (bucket_id = 'shipment-documents' and public.may_write_shipment_document(name));

revoke execute on function public.shipment_document_owner(text), public.may_write_shipment_document(text),
  public.shipment_document_in_use(text) from public, anon;
grant execute on function public.shipment_document_owner(text), public.may_write_shipment_document(text),
  public.shipment_document_in_use(text) to authenticated, service_role;
