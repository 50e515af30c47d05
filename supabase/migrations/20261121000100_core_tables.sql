-- Core tables: hubs, warehouses and profiles (one per auth user).
--
-- Conventions for every table of the product:
--   * uuid primary keys with a server default, but a key made on the device is
--     accepted: commands create rows offline and must name them before they sync.
--   * the replication columns of 20261121000000_replication.sql.
--   * foreign keys are ON DELETE RESTRICT unless said otherwise: soft delete
--     (deleted = true) is the normal way to remove a row, and a hard delete of
--     something still referenced is a mistake the database refuses.
--   * names are trimmed and must not be blank; this is checked here rather than
--     trusted to the forms.

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
  change_xid xid8 not null default pg_current_xact_id()
);

comment on table public.warehouses is
  'A stock location (Gudang). Its stock is the sum of its inventory rows.';
comment on column public.warehouses.hub_id is
  'The hub the warehouse belongs to; null for a warehouse added from the inventory screen without a hub.';
comment on column public.warehouses.location is
  'Free text, usually the city; POD completion finds the destination warehouse by matching this against the city.';

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

-- replication stamps ---------------------------------------------------------
create trigger stamp_replication before insert or update on public.hubs
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.warehouses
  for each row execute function public.stamp_replication_columns();
create trigger stamp_replication before insert or update on public.profiles
  for each row execute function public.stamp_replication_columns();
