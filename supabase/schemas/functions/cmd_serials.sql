-- Issue 42: every TV by its serial number, server side. Device twins: sync/commands/serials.ts
-- (register_serials), sync/commands/shipping.ts (tv_serials of the shipping forms) and the pure
-- rule sync/domain/serials.ts (normalizeSerial, checkLoadScan: the same checks, in the same
-- order, with the same keys).
--
-- * A hub tracks serials when an admin says so (hubs.serial_tracking, edit_hub).
-- * register_serials {hub_id, units: [{unit_id, serial}]} (1 to 500): admin, or a hub user of
--   that hub. Refusals, in order: the hub (hubNotFound), its tracking (serial.trackingOff
--   {hub}), the list's length (serial.tooMany {max}), then each unit in list order: not a
--   serial (serial.invalid {serial: the text sent, trimmed, at most 64 characters}), twice in
--   the list (serial.alreadyScanned {serial}), a live unit's already, in any state
--   (serial.alreadyRegistered {serial}). Writes each unit in_stock at the hub and a
--   'registered' event.
-- * The shipping forms take tv_serials (absent: none). At a hub that tracks serials the list
--   has exactly smartboard_quantity serials (serial.countMismatch {count, quantity}), checked
--   after the form's own checks; each serial in list order: not a serial (serial.invalid),
--   twice (serial.alreadyScanned), on an open shipment (serial.inOpenShipment), not in this
--   hub's stock (serial.notInStock). The units are locked in serial order first (FOR UPDATE),
--   so of two tablets loading one serial the first wins and the second sees it in_transit.
--   Each goes in_transit on the new shipment ('loaded' event). At a hub that does not track
--   serials a non-empty list is refused (serial.trackingOff) and an empty one changes nothing.
-- * A unit's way back to stock: void_shipment puts the units of the voided shipment in_stock
--   at its origin ('returned' event). The shipping forms keep no undo images (docs/sync.md,
--   "Undo": a shipment sent by mistake is voided, with a reason), so undo_command of a form is
--   refused (undoNotFound) as before and moves no unit.
-- * The receipt by serial (complete_unloading, pod_complete): cmd_serials_receipt.sql.
-- * public.tv_unit_path(serial): where a unit is and its whole path, online.
-- * remove_serials (a serial registered by mistake, taken back): cmd_serials_remove.sql.

-- A serial's one form (normalizeSerial): control characters dropped, the white space
-- JavaScript's trim() drops removed from both ends, upper case as JavaScript's toUpperCase()
-- makes it (the few letters it turns into ASCII ones, then upper()), and then 3 to 64 letters,
-- digits or - _ / . starting with a letter or digit. Null when it is not a serial.
create or replace function public.cmd_serial_normal(p_raw text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when x.s ~ '^[A-Z0-9][A-Z0-9_/.-]{2,63}$' then x.s end
  from (
    select upper(
      replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
        regexp_replace(
          regexp_replace(p_raw, '[\x01-\x1f\x7f]', '', 'g'),
          '^[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[ \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
          '', 'g'),
        'ß', 'SS'), 'ı', 'I'), 'ſ', 'S'), 'ﬀ', 'FF'), 'ﬁ', 'FI'), 'ﬂ', 'FL'), 'ﬃ', 'FFI'), 'ﬄ', 'FFL'),
        'ﬅ', 'ST'), 'ﬆ', 'ST')) as s
  ) x
$$;

comment on function public.cmd_serial_normal(text) is
  'Issue 42: a serial''s one form (upper case, 3 to 64 letters, digits or - _ / .), or null when the text is not a serial. Twin of normalizeSerial in sync/domain/serials.ts.';

revoke execute on function public.cmd_serial_normal(text) from public, anon, authenticated;

grant execute on function public.cmd_serial_normal(text) to service_role;

-- The text a serial.invalid refusal names: what was sent, trimmed as JavaScript's trim(), at
-- most 64 characters (checkLoadScan: raw.trim().slice(0, 64)).
create or replace function public.cmd_serial_shown(p_raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select left(regexp_replace(coalesce(p_raw, ''),
    '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g'), 64)
$$;

revoke execute on function public.cmd_serial_shown(text) from public, anon, authenticated;

-- A unit's history is never rewritten (triggers/tv_unit_events.sql): by anyone.
create or replace function public.tv_unit_events_refuse_rewrite()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'A TV unit''s history is never rewritten (tv_unit_events: %)', tg_op
    using errcode = '42501';
end;
$$;

revoke execute on function public.tv_unit_events_refuse_rewrite() from public, anon, authenticated;

-- register_serials {hub_id, units: [{unit_id, serial}]} ----------------------------------
-- The units are read and their serials looked up once (one query), checked in list order, then
-- written in one INSERT (one statement: one poke, one pass of the triggers, for up to 500).
create or replace function public.cmd_register_serials(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid;
  hub public.hubs;
  units jsonb := p -> 'units';
  u jsonb;
  n integer;
  i integer;
  serials text[] := '{}';
  ids uuid[] := '{}';
  known text[];
  written text[];
begin
  -- Admin, or a hub user of this hub (tower control watches, it does not stock).
  perform public.cmd_require_role(ctx, array['admin', 'hub_user']);
  v_hub_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  perform public.cmd_require_hub(ctx, v_hub_id);
  if jsonb_typeof(units) is distinct from 'array' or jsonb_array_length(units) = 0 then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  hub := public.cmd_hub(v_hub_id);
  if not hub.serial_tracking then
    perform public.cmd_reject('precondition', 'serial.trackingOff', jsonb_build_object('hub', hub.name));
  end if;
  n := jsonb_array_length(units);
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  for i in 0 .. n - 1 loop
    u := units -> i;
    if jsonb_typeof(u) is distinct from 'object' or jsonb_typeof(u -> 'serial') is distinct from 'string' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    ids := ids || public.cmd_uuid(u, 'unit_id', 'invalidCommand');
    serials := serials || public.cmd_serial_normal(u ->> 'serial');
  end loop;
  -- The serials known already, in any state, at any hub (a serial is unique among the
  -- company's live units; one removed by remove_serials is free again).
  known := array(select t.serial from public.tv_units t where t.serial = any (serials) and not t.deleted);
  for i in 1 .. n loop
    if serials[i] is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(units -> (i - 1) ->> 'serial')));
    end if;
    if serials[i] = any (serials[1:i - 1]) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', serials[i]));
    end if;
    if ids[i] = any (ids[1:i - 1]) then
      perform public.cmd_reject('duplicate_id', 'duplicateId');
    end if;
    if serials[i] = any (known) then
      perform public.cmd_reject('duplicate', 'serial.alreadyRegistered', jsonb_build_object('serial', serials[i]));
    end if;
  end loop;
  if exists (select 1 from public.tv_units t where t.id = any (ids)) then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  -- A serial registered meanwhile by another transaction is waited for (the unique index)
  -- and left out here: refused as known, the first such in list order.
  with made as (
    insert into public.tv_units (id, serial, state, hub_id)
    select x.id, x.serial, 'in_stock', v_hub_id from unnest(ids, serials) as x (id, serial)
    on conflict (serial) where not deleted do nothing
    returning serial
  )
  select array_agg(m.serial) into written from made m;
  if coalesce(cardinality(written), 0) < n then
    perform public.cmd_reject('duplicate', 'serial.alreadyRegistered', jsonb_build_object('serial',
      (select x.serial from unnest(serials) with ordinality as x (serial, k)
       where x.serial <> all (coalesce(written, '{}')) order by x.k limit 1)));
  end if;
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select x.id, x.serial, 'registered', v_hub_id, null, ctx.command_id, ctx.user_id, ctx.received_at
  from unnest(ids, serials) as x (id, serial);
  return v_hub_id;
end;
$$;

revoke execute on function public.cmd_register_serials(public.command_context, jsonb) from public, anon, authenticated;

-- The shipping forms' serials --------------------------------------------------------------
-- Reads tv_serials (absent or null: none; else an array of strings), checks them against the
-- origin hub as the form's last check, locks the units (in serial order) and answers their
-- ids in list order (empty when the hub does not track serials or none were sent).
create or replace function public.cmd_serials_to_load(p jsonb, hub public.hubs, p_smartboards integer)
returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  raw jsonb := p -> 'tv_serials';
  n integer := 0;
  i integer;
  normal text[] := '{}';
  seen text[] := '{}';
  ids uuid[] := '{}';
  u public.tv_units;
begin
  if raw is not null and jsonb_typeof(raw) <> 'null' then
    if jsonb_typeof(raw) <> 'array' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    n := jsonb_array_length(raw);
    for i in 0 .. n - 1 loop
      if jsonb_typeof(raw -> i) <> 'string' then
        perform public.cmd_reject('validation', 'invalidCommand');
      end if;
    end loop;
  end if;
  if not hub.serial_tracking then
    if n > 0 then
      perform public.cmd_reject('precondition', 'serial.trackingOff', jsonb_build_object('hub', hub.name));
    end if;
    return ids;
  end if;
  if n > 500 then
    perform public.cmd_reject('validation', 'serial.tooMany', jsonb_build_object('max', 500));
  end if;
  if n <> p_smartboards then
    perform public.cmd_reject('validation', 'serial.countMismatch',
      jsonb_build_object('count', n, 'quantity', p_smartboards));
  end if;
  if n = 0 then
    return ids;
  end if;
  for i in 0 .. n - 1 loop
    normal := normal || public.cmd_serial_normal(raw ->> i);
  end loop;
  -- The units, locked in one order for every command (two loading the same serials never
  -- wait on each other in a circle); the second of two waits and then sees the first's write.
  perform 1 from public.tv_units t where t.serial = any (normal) and not t.deleted order by t.serial for update;
  for i in 1 .. n loop
    if normal[i] is null then
      perform public.cmd_reject('validation', 'serial.invalid',
        jsonb_build_object('serial', public.cmd_serial_shown(raw ->> (i - 1))));
    end if;
    if normal[i] = any (seen) then
      perform public.cmd_reject('validation', 'serial.alreadyScanned', jsonb_build_object('serial', normal[i]));
    end if;
    seen := seen || normal[i];
    select * into u from public.tv_units t where t.serial = normal[i] and not t.deleted;
    if found and u.state = 'in_transit' then
      perform public.cmd_reject('conflict', 'serial.inOpenShipment', jsonb_build_object('serial', normal[i]));
    end if;
    if not found or u.state <> 'in_stock' or u.hub_id is distinct from hub.id then
      perform public.cmd_reject('precondition', 'serial.notInStock', jsonb_build_object('serial', normal[i]));
    end if;
    ids := ids || u.id;
  end loop;
  return ids;
end;
$$;

revoke execute on function public.cmd_serials_to_load(jsonb, public.hubs, integer) from public, anon, authenticated;

-- The checked units leave on the new shipment: in_transit, moved (remove_serials refuses them
-- from now on), a 'loaded' event each.
create or replace function public.cmd_serials_load(ctx public.command_context, p_ids uuid[], p_shipment_id uuid,
                                                   p_hub_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if cardinality(p_ids) = 0 then
    return;
  end if;
  update public.tv_units set state = 'in_transit', shipment_id = p_shipment_id, hub_id = null, moved = true
   where id = any (p_ids);
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select t.id, t.serial, 'loaded', p_hub_id, p_shipment_id, ctx.command_id, ctx.user_id, ctx.received_at
  from public.tv_units t where t.id = any (p_ids);
end;
$$;

revoke execute on function public.cmd_serials_load(public.command_context, uuid[], uuid, uuid) from public, anon, authenticated;

-- void_shipment: the units on the voided shipment are back in stock at its origin.
create or replace function public.cmd_serials_return(ctx public.command_context, p_shipment_id uuid, p_hub_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  with back as (
    update public.tv_units set state = 'in_stock', hub_id = p_hub_id, shipment_id = null
     where shipment_id = p_shipment_id and state = 'in_transit'
    returning id, serial
  )
  insert into public.tv_unit_events (unit_id, serial, kind, hub_id, shipment_id, command_id, actor, at)
  select b.id, b.serial, 'returned', p_hub_id, p_shipment_id, ctx.command_id, ctx.user_id, ctx.received_at
  from back b;
end;
$$;

revoke execute on function public.cmd_serials_return(public.command_context, uuid, uuid) from public, anon, authenticated;

-- Where a unit is and its whole path (the header search, online) ----------------------------
-- {serial, state ('removed' for a serial taken back and not registered again), hub_id, hub_name,
-- shipment_id, events: [{kind, at, hub_id, hub_name,
--  shipment_id, batch_number, origin_hub_name, destination_hub_name, by}]}, oldest first;
-- null when there is no such unit or the caller may not read it (a hub user reads a unit that
-- is or was at or through one of its hubs: its hub now, an event's hub, or the origin,
-- destination or current hub of its shipment or of an event's shipment). A text that is not a
-- serial is refused (22023, serial.invalid's text; the hint {key, params}); a caller without
-- a live profile too (42501).
create or replace function public.tv_unit_path(p_serial text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_serial text;
  u public.tv_units;
  v_hubs uuid[];
  v_params jsonb;
begin
  if (select public.my_role()) is null then
    raise exception 'Profil pengguna tidak ditemukan.' using errcode = '42501';
  end if;
  v_serial := public.cmd_serial_normal(p_serial);
  if v_serial is null then
    v_params := jsonb_build_object('serial', public.cmd_serial_shown(p_serial));
    raise exception '%', public.message_text('serial.invalid', v_params) using errcode = '22023',
      hint = jsonb_build_object('key', 'serial.invalid', 'params', v_params)::text;
  end if;
  select * into u from public.tv_units t where t.serial = v_serial and not t.deleted;
  if not found then
    -- A serial taken back (remove_serials) and not registered again: its last removed unit, one
    -- of the caller's hubs first, answered as 'removed' (where and by whom are in its events).
    select * into u from public.tv_units t where t.serial = v_serial and t.deleted and t.state = 'in_stock'
    order by coalesce(t.hub_id = any ((select public.my_hub_ids())::uuid[]), false) desc, t.updated_at desc, t.id
    limit 1;
    if not found then
      return null;
    end if;
  end if;
  if not coalesce((select public.is_staff()), false) then
    v_hubs := coalesce((select public.my_hub_ids()), '{}'::uuid[]);
    -- (coalesce: a unit at no hub must not make the whole test null, which `if not` passes.)
    if not (coalesce(u.hub_id = any (v_hubs), false)
            or exists (
              select 1 from public.shipments s
              where s.id = u.shipment_id
                and (s.origin_hub_id = any (v_hubs) or s.destination_hub_id = any (v_hubs)
                     or s.current_hub_id = any (v_hubs)))
            or exists (
              -- Not by an 'unexpected' event: a receipt may list any serial of the company as
              -- found in its truck, and that would open the unit's whole path (its hubs,
              -- shipments and each actor's name) to the receiving hub (security audit 2026-12-03).
              select 1 from public.tv_unit_events e
              left join public.shipments s on s.id = e.shipment_id
              where e.unit_id = u.id and e.kind <> 'unexpected'
                and (e.hub_id = any (v_hubs) or s.origin_hub_id = any (v_hubs)
                     or s.destination_hub_id = any (v_hubs) or s.current_hub_id = any (v_hubs)))) then
      return null;
    end if;
  end if;
  return jsonb_build_object(
    'serial', u.serial,
    'state', case when u.deleted then 'removed' else u.state end,
    'hub_id', u.hub_id,
    'hub_name', (select h.name from public.hubs h where h.id = u.hub_id),
    'shipment_id', u.shipment_id,
    'events', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', e.kind,
               'at', e.at,
               'hub_id', e.hub_id,
               'hub_name', h.name,
               'shipment_id', e.shipment_id,
               'batch_number', s.batch_number,
               'origin_hub_name', oh.name,
               'destination_hub_name', dh.name,
               'by', coalesce(nullif(btrim(pr.full_name), ''), pr.email))
             order by e.at, e.id)
      from public.tv_unit_events e
      left join public.hubs h on h.id = e.hub_id
      left join public.shipments s on s.id = e.shipment_id
      left join public.hubs oh on oh.id = s.origin_hub_id
      left join public.hubs dh on dh.id = s.destination_hub_id
      left join public.profiles pr on pr.user_id = e.actor
      where e.unit_id = u.id), '[]'::jsonb));
end;
$$;

comment on function public.tv_unit_path(text) is
  'Issue 42: a TV unit by its serial (any form the scanner or a person gives): where it is now and its events oldest first, with hub, shipment and actor names (a serial taken back by remove_serials and not registered again: its last removed unit, state removed); null when unknown or not readable by the caller (a hub user: a unit at or through its hubs; a receipt that only found it unexpected does not count).';

revoke execute on function public.tv_unit_path(text) from public, anon;

grant execute on function public.tv_unit_path(text) to authenticated;
