-- Issue 40, "device reports only from staff": report_device_sync takes a report only from a hub user of a hub (its
-- row is filed under that hub), tower control or an admin; a sign-up that no admin has given
-- a hub yet is refused, so it cannot put devices on tower's board. Bounded:
--   * per user: at most 20 devices (a hub's shared login on its tablets, reinstalls); a report
--     from a 21st device replaces that user's report silent the longest, so one login can
--     never fill the board;
--   * per device: one row, of the user who first reported it; an outbox of at most 100,000
--     commands (the device caps what it sends there: sync/replication/device-report.ts); an
--     app version of at most 64 printable characters.
-- device_sync_report_list (unchanged) names who reported each device: e-mail and name.
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
  v_hub uuid := (select public.my_hub_id());
  v_owner uuid;
  v_at timestamptz := now();
begin
  if v_user is null or v_role is null then
    raise exception 'Hanya pengguna yang masuk yang dapat melaporkan sinkronisasi' using errcode = '42501';
  end if;
  if not (v_role in ('admin', 'tower_control') or (v_role = 'hub_user' and v_hub is not null)) then
    raise exception 'Hanya staf hub, tower control dan admin yang dapat melaporkan sinkronisasi'
      using errcode = '42501';
  end if;
  if p_device_id is null then
    raise exception 'ID perangkat wajib diisi' using errcode = '22023';
  end if;
  if p_outbox_size is null or p_outbox_size < 0 or p_outbox_size > 100000 then
    raise exception 'Jumlah antrean harus antara 0 dan 100000' using errcode = '22023';
  end if;
  if p_app_version is not null and (char_length(p_app_version) > 64 or p_app_version ~ '[[:cntrl:]]') then
    raise exception 'Versi aplikasi tidak valid' using errcode = '22023';
  end if;
  -- One user's reports one at a time (the bound below counts them).
  perform pg_advisory_xact_lock(('x' || left(md5('device_sync_reports:' || v_user::text), 16))::bit(64)::bigint);
  select r.user_id into v_owner from public.device_sync_reports r where r.device_id = p_device_id for update;
  if found and v_owner <> v_user then
    raise exception 'Perangkat ini dilaporkan oleh pengguna lain' using errcode = '42501';
  end if;
  if not found then
    -- A new device: the user's reports beyond the 19 most recent make room for it.
    delete from public.device_sync_reports r
     where r.user_id = v_user
       and r.device_id not in (select k.device_id from public.device_sync_reports k
                                where k.user_id = v_user
                                order by k.last_sync_at desc, k.device_id
                                limit 19);
  end if;
  insert into public.device_sync_reports as r (device_id, user_id, hub_id, last_sync_at, outbox_size, app_version)
  values (p_device_id, v_user, v_hub, v_at, p_outbox_size, p_app_version)
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

revoke execute on function public.report_device_sync(uuid, integer, text) from public, anon;

grant execute on function public.report_device_sync(uuid, integer, text) to authenticated, service_role;

comment on function public.report_device_sync(uuid, integer, text) is
  'A device''s report after a successful sync round, from hub staff of a hub, tower control or admins: the server stamps the time; the caller''s own device only; at most 20 devices a user.';

grant execute on function public.report_device_sync(uuid, integer, text) to authenticated;

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

revoke execute on function public.device_sync_report_list() from public, anon;

grant execute on function public.device_sync_report_list() to authenticated, service_role;

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

revoke execute on function public.attention_settings() from public, anon;

grant execute on function public.attention_settings() to authenticated, service_role;

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

revoke execute on function public.set_attention_settings(jsonb) from public, anon;

grant execute on function public.set_attention_settings(jsonb) to authenticated, service_role;
