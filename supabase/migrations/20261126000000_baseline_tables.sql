-- Baseline of the schema, squashed on 2026-11-26 from the 28 migrations written
-- before the first deploy. Each function is defined once, in its current form.
-- From here on, new migrations are appended after these files; a file that has
-- been applied anywhere is never edited.
--
-- The files, in the order they apply:
--   20261126000000_baseline_tables.sql            replication columns; hubs, warehouses, profiles, statuses
--   20261126000100_baseline_operations_tables.sql vendors, vehicles, shipments, containers, inventory,
--                                                 commands; indexes
--   20261126000200_user_management.sql            profiles follow auth.users; there is always an admin
--   20261126000300_baseline_rls.sql               grants, row-level security, the storage bucket
--   20261126000400_status_procedures.sql          the status procedures of spec 7.3
--   20261126000500_baseline_sync.sql              the pull and the changes probe (docs/sync.md)
--   20261126000600_domain_rules.sql               the derivation rules the devices share
--   20261126000700_baseline_command_helpers.sql   refusals, payload readers, permission checks, look-ups
--   20261126000800_baseline_commands.sql          the command envelope: apply_commands
--   20261126000900_cmd_vehicle_queue.sql ... 20261126001500_cmd_warehouse_capacity.sql
--                                                 one file per command family (sync/commands/*.ts)
--   20261126001600_audit_trail.sql                the audit screen's reads
--
-- Conventions for every table of the product:
--   * uuid primary keys with a server default, but a key made on the device is
--     accepted: commands create rows offline and must name them before they sync.
--   * the replication columns below.
--   * foreign keys are ON DELETE RESTRICT unless said otherwise: soft delete
--     (deleted = true) is the normal way to remove a row, and a hard delete of
--     something still referenced is a mistake the database refuses.
--   * names are trimmed and must not be blank; this is checked here rather than
--     trusted to the forms.

-- Replication columns: what every table that devices pull carries ------------
--
-- Devices keep an offline copy of the tables (RxDB) and pull changes by
-- checkpoint. Three columns make that pull correct:
--
--   updated_at  timestamptz  stamped here from the server clock on every write,
--                            so no device clock ever decides order (guarantee 11).
--   deleted     boolean      the soft-delete flag. Rows are not removed: a removed
--                            row cannot be pulled, so devices would keep it forever.
--   change_xid  xid8         the id of the transaction that last wrote the row,
--                            from pg_current_xact_id(). The pull reads
--                              (change_xid, id) > checkpoint
--                              and change_xid < pg_snapshot_xmin(pg_current_snapshot())
--                            so a row written by a transaction that is still open
--                            is never skipped, however late it commits (guarantee 6).
--                            A timestamp cursor cannot promise that: now() is the
--                            start of a transaction, not its commit.
--
-- The trigger below overwrites whatever the writer sent for updated_at and
-- change_xid; created_at is kept from the insert and can never change.

create or replace function public.stamp_replication_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.change_xid := pg_current_xact_id();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

comment on function public.stamp_replication_columns() is
  'Before insert/update on every replicated table: stamps updated_at from the server clock and change_xid with the writing transaction id (the pull position), and keeps created_at unchanged.';

-- A trigger function is never called directly; nobody needs execute on it.
revoke execute on function public.stamp_replication_columns() from public, anon, authenticated;

-- hubs -----------------------------------------------------------------------
create table public.hubs (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint hubs_name_not_blank check (btrim(name) <> ''),
  city text,
  type text not null default 'hub'
    constraint hubs_type_known check (type in ('karawang', 'cikarang', 'poljak', 'polsub', 'pod', 'hub')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.hubs is
  'A place goods move through: the factory hub (Karawang), inland and port hubs (Cikarang, PolJak, PolSub), destination-city PODs, or a plain hub added on the Hubs screen.';
comment on column public.hubs.type is
  'karawang, cikarang, poljak, polsub, pod, or hub (the default for hubs added on the Hubs screen). Decides the hub operations tabs and, for pod, the POD screen.';
comment on column public.hubs.city is
  'Destination city; for a POD hub it is what shipments otw_{city} and the city''s warehouse (warehouses.location) are matched against.';

-- Two live hubs with the same name would make the hub-by-name lookups of the app ambiguous.
create unique index hubs_name_unique_live on public.hubs (lower(btrim(name))) where not deleted;

-- warehouses -----------------------------------------------------------------
create table public.warehouses (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint warehouses_name_length check (char_length(btrim(name)) between 1 and 100),
  location text,
  hub_id uuid references public.hubs (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- Warehouse capacity (issue 11): the dashboard's hub cards use it as their
  -- maximum. NULL is "not set" (the card shows no fill); never negative.
  capacity integer check (capacity is null or capacity >= 0)
);

comment on table public.warehouses is
  'A stock location (Gudang). Its stock is the sum of its inventory rows.';
comment on column public.warehouses.hub_id is
  'The hub the warehouse belongs to; null for a warehouse added from the inventory screen without a hub.';
comment on column public.warehouses.location is
  'Free text, usually the city; POD completion finds the destination warehouse by matching this against the city.';
comment on column public.warehouses.capacity is
  'The most this warehouse holds (TV + bracket units); NULL when not set. Set by set_warehouse_capacity (admin).';

-- profiles -------------------------------------------------------------------
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  email text,
  full_name text,
  role text not null default 'hub_user'
    constraint profiles_role_known check (role in ('admin', 'tower_control', 'hub_user')),
  hub_id uuid references public.hubs (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- admin and tower_control work across all hubs; giving them a hub would
  -- silently narrow what my_hub_id() and the commands do for them.
  constraint profiles_only_hub_users_have_a_hub check (role = 'hub_user' or hub_id is null)
);

comment on table public.profiles is
  'The app role and hub of each auth user. Created by a trigger on auth.users; role and hub_id are mirrored into auth.users.raw_app_meta_data so the access token carries them.';
comment on column public.profiles.id is
  'Equal to user_id for profiles made by the sign-up trigger; kept separate because the profile outlives a deleted user as a tombstone.';
comment on column public.profiles.user_id is
  'The auth user. Set to null when the auth user is deleted; the profile is then marked deleted so devices learn of it.';
comment on column public.profiles.hub_id is
  'Required for a hub_user (see profiles_hub_user_needs_hub), null for admin and tower_control. A hub_user without a hub exists only right after an open sign-up, until an admin assigns one.';

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

create trigger profiles_hub_user_needs_hub
  before insert or update of role, hub_id, deleted on public.profiles
  for each row execute function public.enforce_hub_user_has_hub();

-- Shipment statuses: a table, not an enum ---------------------------------------
--
-- The product lets an admin add, rename and remove status values (spec 4.2,
-- 7.3). With a Postgres enum that means ALTER TYPE, which cannot drop a value
-- and cannot run inside the transaction of an RPC; with a table it is a row,
-- shipments.status references the key, and a rename cascades to the shipments.
--
-- key is the primary key (what shipments.status holds). id is a second,
-- never-changing identity for replication: devices store statuses by id, so a
-- renamed key arrives as an update of the same row instead of a new row next
-- to a stale one that would never go away.

create table public.shipment_statuses (
  key text primary key
    constraint shipment_statuses_key_format check (key ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  id uuid not null unique default gen_random_uuid(),
  label text not null
    constraint shipment_statuses_label_not_blank check (btrim(label) <> ''),
  color text not null default 'info'
    constraint shipment_statuses_color_known check (color in ('info', 'warning', 'primary', 'success', 'danger')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.shipment_statuses is
  'The values shipments.status may take, with display label, badge color and order. Managed by the procedures add/rename/remove_shipment_status (admin only).';
comment on column public.shipment_statuses.key is
  'The status value stored in shipments.status: lower case words joined by underscores (otw_cikarang, confirm_tiba). Renaming cascades to shipments.';
comment on column public.shipment_statuses.id is
  'Stable identity for replication; unlike key it never changes.';
comment on column public.shipment_statuses.color is
  'Badge color of the UI: info, warning, primary, success or danger.';
comment on column public.shipment_statuses.deleted is
  'Removed by remove_shipment_status. Kept as a tombstone so devices learn of the removal; add_shipment_status revives it.';

-- replication stamps ---------------------------------------------------------
create trigger stamp_replication before insert or update on public.hubs
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.warehouses
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.profiles
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.shipment_statuses
  for each row execute function public.stamp_replication_columns();

-- Every value of spec 4.2. Production needs these as much as the demo does,
-- so they live in a migration, not in seed.sql. selesai_pod is not in the
-- spec's list of known values but is the status the POD flow ends in.
insert into public.shipment_statuses (key, label, color, sort_order) values
  ('siap_muat_darat',   'Siap Muat Darat',    'info',     10),
  ('sedang_muat_darat', 'Sedang Muat Darat',  'warning',  20),
  ('otw_darat',         'OTW Darat',          'primary',  30),
  ('tiba_darat',        'Tiba Darat',         'success',  40),
  ('siap_muat_laut',    'Siap Muat Laut',     'info',     50),
  ('sedang_muat_laut',  'Sedang Muat Laut',   'warning',  60),
  ('otw_laut',          'OTW Laut',           'primary',  70),
  ('tiba_laut',         'Tiba Laut',          'success',  80),
  ('bongkar_tujuan',    'Bongkar di Tujuan',  'warning',  90),
  ('otw_cikarang',      'OTW Cikarang',       'primary', 100),
  ('otw_poljak',        'OTW Pol Jakarta',    'primary', 110),
  ('otw_polsub',        'OTW Pol Surabaya',   'primary', 120),
  ('otw_podmakasar',    'OTW POD Makassar',   'primary', 130),
  ('confirm_tiba',      'Confirm Tiba',       'info',    140),
  ('sedang_bongkar',    'Sedang Bongkar',     'warning', 150),
  ('selesai',           'Selesai',            'success', 160),
  ('selesai_pod',       'Selesai POD',        'success', 170),
  ('active',            'Active',             'success', 200),
  ('inactive',          'Inactive',           'danger',  210),
  ('pending',           'Pending',            'warning', 220),
  ('ready',             'Ready',              'info',    230),
  ('loading',           'Loading',            'warning', 240),
  ('transit',           'Transit',            'primary', 250);
