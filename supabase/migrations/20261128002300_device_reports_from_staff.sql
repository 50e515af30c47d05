-- Issue 40, "device reports only from staff": report_device_sync (moved here from
-- 20261126003200_device_sync_reports.sql) takes a report only from a hub user of a hub (its
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
  'A device''s report after a successful sync round, from hub staff of a hub, tower control or admins: the server stamps the time; the caller''s own device only; at most 20 devices a user.';

revoke execute on function public.report_device_sync(uuid, integer, text) from public, anon;
grant execute on function public.report_device_sync(uuid, integer, text) to authenticated;
