-- Issue 30, "Perlu perhatian": what the server knows of each device's sync, and the
-- thresholds an admin sets for the board.
--
-- device_sync_reports: one row per device and user (a device id is made by the
-- engine's store of one user on one device, docs/sync.md "The device's report"),
-- written by report_device_sync() after a successful sync round, at most every
-- minute. The server stamps the time (architecture: no device clock decides);
-- the device says only how many commands wait in its outbox and its app version.
-- Not replicated: tower control and admins read it on demand
-- (device_sync_report_list()), so a tablet's pull never carries other devices.
--
-- app_settings: small named settings an admin sets from Settings, read by every
-- signed-in user. The board's thresholds are the key 'attention', read with their
-- defaults by attention_settings() and written by set_attention_settings().
--
-- Nobody writes either table directly (no INSERT/UPDATE/DELETE for the API roles,
-- 20261126000300_baseline_rls.sql): the two functions check who calls and what.

create table public.device_sync_reports (
  device_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The user's hub when it reported (null for admin and tower control).
  hub_id uuid references public.hubs (id) on delete set null,
  last_sync_at timestamptz not null default now(),
  outbox_size integer not null check (outbox_size between 0 and 1000000),
  app_version text check (char_length(app_version) <= 64)
);
comment on table public.device_sync_reports is
  'Each device''s last successful sync as it reported it (report_device_sync): when (server time), its outbox size, its app version.';
create index device_sync_reports_hub on public.device_sync_reports (hub_id);
create index device_sync_reports_user on public.device_sync_reports (user_id);

alter table public.device_sync_reports enable row level security;
revoke all on table public.device_sync_reports from anon, authenticated;
grant select on table public.device_sync_reports to authenticated;
grant all on table public.device_sync_reports to service_role;

-- Staff read every device; a hub user at most its own hub's (and its own rows).
create policy device_sync_reports_read on public.device_sync_reports
  for select to authenticated
  using (
    (select public.is_staff())
    or user_id = (select auth.uid())
    or hub_id = any ((select public.my_hub_ids())::uuid[])
  );

create or replace function public.report_device_sync(
  p_device_id uuid,
  p_outbox_size integer,
  p_app_version text default null
)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_role text := (select public.my_role());
  v_owner uuid;
  v_at timestamptz := now();
begin
  if v_user is null or v_role is null then
    raise exception 'Hanya pengguna yang masuk yang dapat melaporkan sinkronisasi' using errcode = '42501';
  end if;
  if p_device_id is null then
    raise exception 'ID perangkat wajib diisi' using errcode = '22023';
  end if;
  if p_outbox_size is null or p_outbox_size < 0 or p_outbox_size > 1000000 then
    raise exception 'Jumlah antrean harus antara 0 dan 1000000' using errcode = '22023';
  end if;
  if p_app_version is not null and (char_length(p_app_version) > 64 or p_app_version ~ '[[:cntrl:]]') then
    raise exception 'Versi aplikasi tidak valid' using errcode = '22023';
  end if;
  select r.user_id into v_owner from public.device_sync_reports r where r.device_id = p_device_id for update;
  if found and v_owner <> v_user then
    raise exception 'Perangkat ini dilaporkan oleh pengguna lain' using errcode = '42501';
  end if;
  insert into public.device_sync_reports as r (device_id, user_id, hub_id, last_sync_at, outbox_size, app_version)
  values (p_device_id, v_user, (select public.my_hub_id()), v_at, p_outbox_size, p_app_version)
  on conflict (device_id) do update
    set hub_id = excluded.hub_id,
        last_sync_at = excluded.last_sync_at,
        outbox_size = excluded.outbox_size,
        app_version = excluded.app_version
    where r.user_id = v_user;
  return v_at;
end;
$$;
comment on function public.report_device_sync(uuid, integer, text) is
  'A device''s report after a successful sync round: the server stamps the time; the caller''s own device only.';

-- The devices of hub users, for the board of tower control and admins (a hub user: its
-- hub's), with who they are: tower control cannot read other users' profiles.
create or replace function public.device_sync_report_list()
returns table (
  device_id uuid,
  user_id uuid,
  email text,
  full_name text,
  hub_id uuid,
  last_sync_at timestamptz,
  outbox_size integer,
  app_version text
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.device_id, r.user_id, p.email, p.full_name, r.hub_id, r.last_sync_at, r.outbox_size, r.app_version
  from public.device_sync_reports r
  join public.profiles p on p.user_id = r.user_id and not p.deleted and p.role = 'hub_user'
  where (select public.is_staff())
     or r.hub_id = any ((select public.my_hub_ids())::uuid[])
  order by r.last_sync_at
  limit 2000
$$;
comment on function public.device_sync_report_list() is
  'The sync reports of hub users'' devices the caller may see (staff: all; a hub user: its hub''s), oldest sync first.';

-- Settings --------------------------------------------------------------------------
create table public.app_settings (
  key text primary key check (key ~ '^[a-z_]{1,40}$'),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.app_settings is
  'Named settings an admin sets (Settings); readable by every signed-in user. ''attention'': the thresholds of Perlu perhatian.';
alter table public.app_settings enable row level security;
revoke all on table public.app_settings from anon, authenticated;
grant select on table public.app_settings to authenticated;
grant all on table public.app_settings to service_role;
-- Like master data, only with a live profile (20261126001800_reads_need_a_live_profile.sql).
create policy app_settings_read on public.app_settings
  for select to authenticated
  using ((select public.my_role()) is not null);

-- The board's thresholds, in minutes, with their defaults for what is not set:
-- eta_grace_minutes past the end of a shipment's ETA day, waiting_minutes for a truck
-- waiting to load or unload (waiting_by_hub: per hub id, over the default),
-- device_silent_minutes since a hub device's last sync.
create or replace function public.attention_settings()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'eta_grace_minutes', 0,
    'waiting_minutes', 120,
    'waiting_by_hub', '{}'::jsonb,
    'device_silent_minutes', 240
  ) || coalesce((select s.value from public.app_settings s where s.key = 'attention'), '{}'::jsonb)
$$;
comment on function public.attention_settings() is
  'The thresholds of Perlu perhatian (minutes), the admin''s over the defaults.';

create or replace function public.set_attention_settings(p jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text;
  v_minutes integer;
  v_by_hub jsonb := '{}'::jsonb;
  v_hub text;
  v_value jsonb;
  v_out jsonb := '{}'::jsonb;
begin
  perform public.require_admin('change the attention thresholds');
  if p is null or jsonb_typeof(p) <> 'object' then
    raise exception 'Pengaturan harus berupa objek' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p) loop
    if v_key not in ('eta_grace_minutes', 'waiting_minutes', 'waiting_by_hub', 'device_silent_minutes') then
      raise exception 'Pengaturan tidak dikenal: %', left(v_key, 40) using errcode = '22023';
    end if;
  end loop;
  foreach v_key in array array['eta_grace_minutes', 'waiting_minutes', 'device_silent_minutes'] loop
    if p ? v_key then
      if jsonb_typeof(p -> v_key) <> 'number' or (p ->> v_key)::numeric <> trunc((p ->> v_key)::numeric)
         or (p ->> v_key)::numeric < 0 or (p ->> v_key)::numeric > 43200 then
        raise exception 'Batas waktu harus bilangan bulat 0 sampai 43200 menit' using errcode = '22023';
      end if;
      v_out := v_out || jsonb_build_object(v_key, (p ->> v_key)::integer);
    end if;
  end loop;
  if v_out ? 'waiting_minutes' and (v_out ->> 'waiting_minutes')::integer = 0 then
    raise exception 'Batas waktu tunggu minimal 1 menit' using errcode = '22023';
  end if;
  if v_out ? 'device_silent_minutes' and (v_out ->> 'device_silent_minutes')::integer = 0 then
    raise exception 'Batas waktu perangkat tidak sinkron minimal 1 menit' using errcode = '22023';
  end if;
  if p ? 'waiting_by_hub' then
    if jsonb_typeof(p -> 'waiting_by_hub') <> 'object' then
      raise exception 'Batas waktu per hub harus berupa objek' using errcode = '22023';
    end if;
    for v_hub, v_value in select * from jsonb_each(p -> 'waiting_by_hub') loop
      if v_hub !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         or not exists (select 1 from public.hubs h where h.id = v_hub::uuid and not h.deleted) then
        raise exception 'Hub tidak ditemukan' using errcode = '22023';
      end if;
      if jsonb_typeof(v_value) <> 'number' or v_value::numeric <> trunc(v_value::numeric)
         or v_value::numeric < 1 or v_value::numeric > 43200 then
        raise exception 'Batas waktu harus bilangan bulat 1 sampai 43200 menit' using errcode = '22023';
      end if;
      v_by_hub := v_by_hub || jsonb_build_object(v_hub, v_value::integer);
    end loop;
    v_out := v_out || jsonb_build_object('waiting_by_hub', v_by_hub);
  end if;
  insert into public.app_settings as s (key, value, updated_at, updated_by)
  values ('attention', v_out, now(), (select auth.uid()))
  on conflict (key) do update
    set value = s.value || excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  return public.attention_settings();
end;
$$;
comment on function public.set_attention_settings(jsonb) is
  'Admin only: sets the thresholds of Perlu perhatian given (minutes; waiting_by_hub replaces the per-hub list); answers them all.';

revoke execute on function
  public.report_device_sync(uuid, integer, text),
  public.device_sync_report_list(),
  public.attention_settings(),
  public.set_attention_settings(jsonb)
  from public, anon;
grant execute on function
  public.report_device_sync(uuid, integer, text),
  public.device_sync_report_list(),
  public.attention_settings(),
  public.set_attention_settings(jsonb)
  to authenticated, service_role;
