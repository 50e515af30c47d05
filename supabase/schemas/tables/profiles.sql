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

create index profiles_pull_idx          on public.profiles (change_xid, id);

-- profiles: user_id is unique already (the RLS helpers look it up); hub for the users screen.
create index profiles_hub_id_idx on public.profiles (hub_id);

alter table public.profiles enable row level security;
