-- Local bootstrap: what hosted Supabase provides before any migration runs.
-- Applied by the local stack only (supabase/local/migrate.ts); it never ships in
-- supabase/migrations because a hosted project already has all of this.
-- Idempotent: it runs on every start, and on a shared PostgreSQL server the
-- roles are cluster-wide, so two databases may race to create them.

do $$
declare
  r record;
begin
  for r in select * from (values
    ('anon', 'nologin noinherit'),
    ('authenticated', 'nologin noinherit'),
    ('service_role', 'nologin noinherit bypassrls'),
    ('authenticator', 'login noinherit')
  ) as t(name, opts)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.opts);
      exception when duplicate_object or unique_violation then
        null; -- another database on this server created it first
      end;
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- The API roles' settings as hosted Supabase has them (issue 27; its init
-- scripts and a hosted project's role dump): a query through the API is
-- cancelled after 3 s as anon and 8 s as authenticated (57014), and PostgREST's
-- own connection waits at most 8 s for a query or a lock. PostgREST 12 reads
-- the impersonated role's settings and applies them in each request's
-- transaction (a SET ROLE alone would not: role settings apply at login), so
-- these hold for every /rest/v1 request here as there; the authenticator's
-- apply at its login. service_role has none, as hosted. Roles are
-- cluster-wide: on a shared PostgreSQL server every test database sets the
-- same values. What hosted also has and this cannot: pg-safeupdate, loaded
-- for the authenticator, refuses UPDATE and DELETE without WHERE; neither
-- PGlite nor Debian's PostgreSQL 15 ships it. Here the API roles hold no
-- UPDATE or DELETE on any table (supabase/schemas/policies/), and
-- tests/integration/hosted-role-settings.test.ts checks every function body
-- for an UPDATE or DELETE without WHERE, which safeupdate would refuse there.
-- Each only when not set yet: another database on the same server may be
-- bootstrapping at the same moment (two stacks side by side in CI), and two
-- ALTER ROLEs of one role at once fail with "tuple concurrently updated".
do $$
declare
  r record;
begin
  for r in select * from (values
    ('anon', 'statement_timeout', '3s'),
    ('authenticated', 'statement_timeout', '8s'),
    ('authenticator', 'statement_timeout', '8s'),
    ('authenticator', 'lock_timeout', '8s')
  ) as t(role, name, value)
  loop
    if not exists (
      select 1 from pg_db_role_setting s join pg_roles o on o.oid = s.setrole
      where o.rolname = r.role and s.setdatabase = 0 and r.name || '=' || r.value = any (s.setconfig)
    ) then
      begin
        execute format('alter role %I set %I = %L', r.role, r.name, r.value);
      exception when internal_error or unique_violation then
        null; -- set by another database's bootstrap meanwhile
      end;
    end if;
  end loop;
  -- PostgREST reads those settings for the roles its own login is a member
  -- of (pg_auth_members of current_user). PGlite has one user, so PostgREST's
  -- connection there is the owner's, not authenticator's: the owner must be a
  -- member too, or PostgREST finds no settings. (The owner is a superuser on
  -- both engines here: the membership grants it nothing it lacked. pg_has_role
  -- would not tell: a superuser "has" every role without being a member.)
  if current_user <> 'authenticator' and (
    select count(*) from pg_auth_members m
    where m.member = current_user::regrole and m.roleid in ('anon'::regrole, 'authenticated'::regrole)
  ) < 2 then
    begin
      execute format('grant anon, authenticated, service_role to %I', current_user);
    exception when internal_error or unique_violation then
      null;
    end;
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Hosted Supabase grants the API roles everything in public by default and
-- lets RLS decide; migrations narrow this where the product needs it.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- auth -----------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_token varchar(255) default '',
  recovery_token varchar(255) default '',
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email));

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id uuid references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

-- PostgREST sets request.jwt.claims for each request; these read it as
-- hosted Supabase's functions do.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')::text
$$;

grant execute on all functions in schema auth to anon, authenticated, service_role;
grant select on auth.users to service_role;

-- storage --------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  unique (bucket_id, name)
);

-- An uploader's recent files (document_file_room counts those of the last 30 days that no
-- document names at each upload of a document file: by this index, what that uploader stored
-- lately, not every file of the bucket).
create index if not exists objects_owner_id_created_idx on storage.objects (owner_id, created_at)
  where owner_id is not null;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Hosted Storage's helper for policies: the folders of an object path.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

-- bookkeeping: what the local stack applied (the names the Supabase CLI uses).
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  applied_at timestamptz not null default now()
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null,
  applied_at timestamptz not null default now()
);

-- Realtime (issue 44): the part of hosted Supabase Realtime's schema the migrations use,
-- made only where it is absent (a hosted project has its own, which this never runs on).
-- realtime.messages holds what Broadcast from the database sends, with RLS deciding who may
-- join a private channel (policies use realtime.topic(), the topic being joined);
-- realtime.send(payload, event, topic, private) is hosted's signature. Here it sends through
-- NOTIFY on the channel dermaga_realtime at commit (the gateway's one listening connection
-- fans it out: supabase/local/realtime.ts) instead of writing a row that Realtime would read
-- from the WAL; the rows hosted keeps are dropped after a few days anyway.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;
do $$
begin
  if to_regprocedure('realtime.topic()') is null then
    create function realtime.topic() returns text
    language sql stable
    as 'select nullif(current_setting(''realtime.topic'', true), '''')::text';
  end if;
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
    returns void
    language plpgsql
    as $f$
    begin
      perform pg_notify('dermaga_realtime', jsonb_build_object(
        'topic', topic, 'event', event, 'payload', payload, 'private', private)::text);
    end
    $f$;
  end if;
end
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
revoke execute on function realtime.send(jsonb, text, text, boolean) from public, anon, authenticated;
