-- Issue 42, first slice: every TV by its serial number, server side. The current definitions
-- are in supabase/schemas (the declarative schema): tables/hubs.sql (serial_tracking),
-- tables/tv_units.sql, tables/tv_unit_events.sql, policies/tv_units.sql,
-- policies/tv_unit_events.sql, triggers/tv_units.sql, triggers/tv_unit_events.sql,
-- functions/cmd_serials.sql (new), and the functions re-created whole below from
-- functions/cmd_hubs.sql, cmd_payload.sql, apply_commands.sql, replication.sql,
-- working_set.sql, realtime_pokes.sql, cmd_shipping.sql and cmd_shipment_correction.sql (each
-- first defined in 20261128020000_baseline.sql, some replaced since by
-- 20261129010000_messages_by_key.sql). The notes on what they do are in those files
-- (cmd_serials.sql's header); triggers/realtime_pokes.sql makes the pokes of every replicated
-- table, so the new one's are made here.

-- tables/hubs.sql
alter table public.hubs add column serial_tracking boolean not null default false;

comment on column public.hubs.serial_tracking is
  'Issue 42: the hub handles its TVs by serial number (registered stock, loading by scan; tv_units). Set by edit_hub (admin). Off: counts only, as before.';

-- tables/tv_units.sql
-- tv_units ------------------------------------------------------------------------
-- Issue 42: every smartboard TV by its serial number, at a hub that tracks serials
-- (hubs.serial_tracking). One row a unit, where it is now; its history is
-- public.tv_unit_events. Written only by the commands (register_serials, the shipping forms,
-- undo_command, void_shipment: functions/cmd_serials.sql); replicated to the devices like the
-- other tables (public.replicated_tables), the units in stock and on the way only
-- (functions/working_set.sql).
create table public.tv_units (
  id uuid primary key default gen_random_uuid(),
  serial text not null
    constraint tv_units_serial_unique unique
    constraint tv_units_serial_normal check (serial ~ '^[A-Z0-9][A-Z0-9_/.-]{2,63}$'),
  state text not null
    constraint tv_units_state_known check (state in ('in_stock', 'in_transit', 'missing')),
  hub_id uuid references public.hubs (id) on delete restrict,
  shipment_id uuid references public.shipments (id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted boolean not null default false,
  change_xid xid8 not null default pg_current_xact_id(),
  -- In stock: at a hub, on no shipment. On the way: on a shipment, at no hub.
  constraint tv_units_place check (
    (state <> 'in_stock' or (hub_id is not null and shipment_id is null))
    and (state <> 'in_transit' or (shipment_id is not null and hub_id is null)))
);

comment on table public.tv_units is
  'Issue 42: a smartboard TV by its serial number and where it is now (in stock at a hub, on the way on a shipment, or missing). Written by the commands only; its history is tv_unit_events.';

comment on column public.tv_units.serial is
  'The serial''s one form (public.cmd_serial_normal; sync/domain/serials.ts normalizeSerial): upper case, 3 to 64 letters, digits or - _ / ., unique across the company.';

comment on column public.tv_units.state is
  'in_stock (at hub_id), in_transit (on the open shipment shipment_id), missing (not found at a receipt; shipment_id the last shipment).';

comment on column public.tv_units.hub_id is 'The hub holding the unit while in_stock; null otherwise.';

comment on column public.tv_units.shipment_id is
  'The open shipment carrying the unit while in_transit; the last shipment when missing; null in stock.';

comment on column public.tv_units.updated_at is
  'Server clock at the last write, stamped by trigger stamp_replication; a writer''s own value is ignored.';

comment on column public.tv_units.deleted is
  'Soft delete: the row stays so devices pull the deletion; readers filter it out.';

comment on column public.tv_units.change_xid is
  'Pull position: id of the transaction that last wrote the row (pg_current_xact_id(), by trigger). Pull by (change_xid, id) below pg_snapshot_xmin(pg_current_snapshot()).';

-- The pull: (change_xid, id) > checkpoint, in that order (changed_tables' probe).
create index tv_units_pull_idx on public.tv_units (change_xid, id);

-- The working set's pull (units in stock or on the way; functions/working_set.sql): the same
-- order over the live units only, so a pull costs what the set costs, not the history.
create index tv_units_live_pull_idx on public.tv_units (change_xid, id)
  where state in ('in_stock', 'in_transit');

-- A hub's stock by serial (read policy, the scanner) and a shipment's units (its load, void, undo).
create index tv_units_hub_id_idx on public.tv_units (hub_id) where hub_id is not null;

create index tv_units_shipment_id_idx on public.tv_units (shipment_id) where shipment_id is not null;

alter table public.tv_units enable row level security;

-- tables/tv_unit_events.sql
-- tv_unit_events ------------------------------------------------------------------
-- Issue 42: a unit's history, one row a move, never rewritten (triggers/tv_unit_events.sql
-- refuses UPDATE, DELETE and TRUNCATE for everyone). Not replicated; read through
-- public.tv_unit_path (functions/cmd_serials.sql). shipment_id has no foreign key: the history
-- outlives whatever happens to a shipment row.
create table public.tv_unit_events (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references public.tv_units (id) on delete restrict,
  serial text not null,
  kind text not null
    constraint tv_unit_events_kind_known check (kind in ('registered', 'loaded', 'returned')),
  hub_id uuid references public.hubs (id) on delete restrict,
  shipment_id uuid,
  command_id uuid,
  actor uuid,
  at timestamptz not null default now()
);

comment on table public.tv_unit_events is
  'Issue 42: the history of each TV unit (registered at a hub, loaded on a shipment, returned to stock by an undo or a void), written by the commands, never updated or deleted. Read through tv_unit_path.';

comment on column public.tv_unit_events.hub_id is
  'The hub of the move: where it was registered, loaded from, or returned to.';

comment on column public.tv_unit_events.command_id is 'The command that made the move (public.commands.id).';

comment on column public.tv_unit_events.actor is 'The user who sent that command (auth user id).';

comment on column public.tv_unit_events.at is 'The server''s time of that command (its receipt).';

create index tv_unit_events_unit_idx on public.tv_unit_events (unit_id, at, id);

alter table public.tv_unit_events enable row level security;

-- functions/cmd_serials.sql
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
--   the list (serial.alreadyScanned {serial}), known already in any state
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
-- * public.tv_unit_path(serial): where a unit is and its whole path, online.

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

revoke execute on function public.cmd_serial_normal(text) from public, anon;

grant execute on function public.cmd_serial_normal(text) to authenticated, service_role;

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
  -- The serials known already, in any state, at any hub (a serial is unique in the company).
  known := array(select t.serial from public.tv_units t where t.serial = any (serials));
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
    on conflict (serial) do nothing
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
  perform 1 from public.tv_units t where t.serial = any (normal) order by t.serial for update;
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

-- The checked units leave on the new shipment: in_transit, a 'loaded' event each.
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
  update public.tv_units set state = 'in_transit', shipment_id = p_shipment_id, hub_id = null
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
-- {serial, state, hub_id, hub_name, shipment_id, events: [{kind, at, hub_id, hub_name,
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
    return null;
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
              select 1 from public.tv_unit_events e
              left join public.shipments s on s.id = e.shipment_id
              where e.unit_id = u.id
                and (e.hub_id = any (v_hubs) or s.origin_hub_id = any (v_hubs)
                     or s.destination_hub_id = any (v_hubs) or s.current_hub_id = any (v_hubs)))) then
      return null;
    end if;
  end if;
  return jsonb_build_object(
    'serial', u.serial,
    'state', u.state,
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
  'Issue 42: a TV unit by its serial (any form the scanner or a person gives): where it is now and its events oldest first, with hub, shipment and actor names; null when unknown or not readable by the caller (a hub user: a unit at or through its hubs).';

revoke execute on function public.tv_unit_path(text) from public, anon;

grant execute on function public.tv_unit_path(text) to authenticated;

-- functions/cmd_hubs.sql
create or replace function public.cmd_edit_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  c jsonb;
  v_name text;
  v_blind boolean;
  v_serials boolean;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  c := public.cmd_changes(p);
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'hubNameRequired');
  end if;
  if c ? 'blind_count' then
    if jsonb_typeof(c -> 'blind_count') <> 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_blind := (c ->> 'blind_count')::boolean;
  end if;
  -- Issue 42: the hub handles its TVs by serial number.
  if c ? 'serial_tracking' then
    if jsonb_typeof(c -> 'serial_tracking') <> 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_serials := (c ->> 'serial_tracking')::boolean;
  end if;
  perform 1 from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  begin
    update public.hubs
       set name = coalesce(v_name, name),
           city = case when c ? 'city' then public.cmd_opt_text(c, 'city') else city end,
           blind_count = coalesce(v_blind, blind_count),
           serial_tracking = coalesce(v_serials, serial_tracking)
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateHub', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

-- functions/cmd_payload.sql
create or replace function public.cmd_payload_shape(p_type text)
returns jsonb
language sql
immutable
as $$
  select case p_type
    when 'queue_vehicles' then '{"hub_id":true,"vehicle_ids":true}'::jsonb
    when 'start_loading' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'remove_from_queue' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'finish_loading' then '{"hub_id":true,"vehicle_id":true}'::jsonb
    when 'create_shipment_darat' then '{"hub_id":true,"shipment_id":true,"vehicle_id":true,"destination_warehouse_id":true,"batch_number":true,"smartboard_quantity":true,"bracket_quantity":true,"inventory_id":true,"image_count":true,"tv_serials":true}'::jsonb
    when 'create_shipment_poljak' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true,"tv_serials":true}'::jsonb
    when 'create_shipment_polsub' then '{"hub_id":true,"shipment_id":true,"container_id":true,"inventory_id":true,"vehicle_id":true,"pelayaran":true,"nama_kapal":true,"no_container":true,"etd":true,"eta":true,"destination_hub_id":true,"smartboard_quantity":true,"bracket_quantity":true,"image_count":true,"batch_number":true,"tv_serials":true}'::jsonb
    when 'set_shipment_image' then '{"shipment_id":true,"slot":true,"path":true}'::jsonb
    when 'confirm_arrival' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'start_unloading' then '{"hub_id":true,"shipment_id":true}'::jsonb
    when 'complete_unloading' then '{"hub_id":true,"shipment_id":true,"notes":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}]}}'::jsonb
    when 'pod_confirm_arrival' then '{"shipment_id":true}'::jsonb
    when 'pod_start_unloading' then '{"shipment_id":true}'::jsonb
    when 'pod_complete' then '{"shipment_id":true,"smartboard_inventory_id":true,"bracket_inventory_id":true,"receipt":{"receipt_id":true,"smartboard_received":true,"bracket_received":true,"smartboard_damaged":true,"bracket_damaged":true,"receiver_name":true,"driver_name":true,"receiver_signature_id":true,"driver_signature_id":true,"signed_at":true,"discrepancies":[{"id":true,"item":true,"reason":true,"quantity":true,"note":true,"photo_ids":true}]}}'::jsonb
    when 'add_inventory' then '{"inventory_id":true,"warehouse_id":true,"date_recorded":true,"smartboard_quantity":true,"bracket_quantity":true,"batch_number":true}'::jsonb
    when 'add_warehouse' then '{"warehouse_id":true,"name":true,"location":true,"hub_id":true}'::jsonb
    when 'add_vendor' then '{"vendor_id":true,"name":true,"contact_person":true,"phone":true}'::jsonb
    when 'edit_vendor' then '{"vendor_id":true,"changes":{"name":true,"contact_person":true,"phone":true}}'::jsonb
    when 'delete_vendor' then '{"vendor_id":true}'::jsonb
    when 'add_vehicle_type' then '{"vehicle_type_id":true,"name":true}'::jsonb
    when 'add_vehicle' then '{"vehicle_id":true,"vendor_id":true,"mode":true,"license_plate":true,"vehicle_type_id":true,"driver_name":true,"driver_phone":true,"nama_kapal":true,"nama_pelayaran":true,"current_hub_id":true}'::jsonb
    when 'edit_vehicle' then '{"vehicle_id":true,"changes":{"license_plate":true,"vehicle_type_id":true,"driver_name":true,"driver_phone":true,"nama_kapal":true,"nama_pelayaran":true,"is_active":true}}'::jsonb
    when 'delete_vehicle' then '{"vehicle_id":true}'::jsonb
    when 'add_sea_fleet' then '{"vehicle_id":true,"vendor_id":true,"nama_kapal":true,"nama_pelayaran":true,"container_number":true,"current_hub_id":true}'::jsonb
    when 'add_hub' then '{"hub_id":true,"name":true,"city":true}'::jsonb
    when 'edit_hub' then '{"hub_id":true,"changes":{"name":true,"city":true,"blind_count":true,"serial_tracking":true}}'::jsonb
    when 'delete_hub' then '{"hub_id":true}'::jsonb
    when 'set_warehouse_capacity' then '{"warehouse_id":true,"capacity":true}'::jsonb
    when 'undo_command' then '{"command_id":true,"hub_id":true,"shipment_id":true,"rows":[{"table":true,"id":true,"before":true,"after":true}]}'::jsonb
    when 'correct_shipment_counts' then '{"shipment_id":true,"smartboard_quantity":true,"bracket_quantity":true,"reason":true}'::jsonb
    when 'void_shipment' then '{"shipment_id":true,"reason":true}'::jsonb
    when 'resolve_discrepancy' then '{"discrepancy_id":true,"note":true}'::jsonb
    when 'attach_document' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true}'::jsonb
    when 'register_serials' then '{"hub_id":true,"units":[{"unit_id":true,"serial":true}]}'::jsonb
    when 'attach_correction' then '{"id":true,"shipment_id":true,"kind":true,"mime":true,"path":true,"size_bytes":true,"sha256":true,"device_time":true,"latitude":true,"longitude":true,"accuracy_m":true,"discrepancy_id":true,"replaces":true}'::jsonb
    else null::jsonb
  end
$$;

-- functions/cmd_payload.sql
create or replace function public.cmd_payload_keys(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'queue_vehicles' then array['hub_id', 'vehicle_ids']
    when 'start_loading' then array['hub_id', 'vehicle_id']
    when 'remove_from_queue' then array['hub_id', 'vehicle_id']
    when 'finish_loading' then array['hub_id', 'vehicle_id']
    when 'create_shipment_darat' then array['hub_id', 'shipment_id', 'vehicle_id', 'destination_warehouse_id', 'batch_number', 'smartboard_quantity', 'bracket_quantity', 'inventory_id', 'image_count', 'tv_serials']
    when 'create_shipment_poljak' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number', 'tv_serials']
    when 'create_shipment_polsub' then array['hub_id', 'shipment_id', 'container_id', 'inventory_id', 'vehicle_id', 'pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id', 'smartboard_quantity', 'bracket_quantity', 'image_count', 'batch_number', 'tv_serials']
    when 'set_shipment_image' then array['shipment_id', 'slot', 'path']
    when 'confirm_arrival' then array['hub_id', 'shipment_id']
    when 'start_unloading' then array['hub_id', 'shipment_id']
    when 'complete_unloading' then array['hub_id', 'shipment_id', 'notes', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'pod_confirm_arrival' then array['shipment_id']
    when 'pod_start_unloading' then array['shipment_id']
    when 'pod_complete' then array['shipment_id', 'smartboard_inventory_id', 'bracket_inventory_id', 'receipt']
    when 'add_inventory' then array['inventory_id', 'warehouse_id', 'date_recorded', 'smartboard_quantity', 'bracket_quantity', 'batch_number']
    when 'add_warehouse' then array['warehouse_id', 'name', 'location', 'hub_id']
    when 'add_vendor' then array['vendor_id', 'name', 'contact_person', 'phone']
    when 'edit_vendor' then array['vendor_id', 'changes']
    when 'delete_vendor' then array['vendor_id']
    when 'add_vehicle_type' then array['vehicle_type_id', 'name']
    when 'add_vehicle' then array['vehicle_id', 'vendor_id', 'mode', 'license_plate', 'vehicle_type_id', 'driver_name', 'driver_phone', 'nama_kapal', 'nama_pelayaran', 'current_hub_id']
    when 'edit_vehicle' then array['vehicle_id', 'changes']
    when 'delete_vehicle' then array['vehicle_id']
    when 'add_sea_fleet' then array['vehicle_id', 'vendor_id', 'nama_kapal', 'nama_pelayaran', 'container_number', 'current_hub_id']
    when 'add_hub' then array['hub_id', 'name', 'city']
    when 'edit_hub' then array['hub_id', 'changes']
    when 'delete_hub' then array['hub_id']
    when 'set_warehouse_capacity' then array['warehouse_id', 'capacity']
    when 'undo_command' then array['command_id', 'hub_id', 'shipment_id', 'rows']
    when 'correct_shipment_counts' then array['shipment_id', 'smartboard_quantity', 'bracket_quantity', 'reason']
    when 'void_shipment' then array['shipment_id', 'reason']
    when 'resolve_discrepancy' then array['discrepancy_id', 'note']
    when 'attach_document' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id']
    when 'register_serials' then array['hub_id', 'units']
    when 'attach_correction' then array['id', 'shipment_id', 'kind', 'mime', 'path', 'size_bytes', 'sha256', 'device_time', 'latitude', 'longitude', 'accuracy_m', 'discrepancy_id', 'replaces']
    else null
  end
$$;

-- functions/cmd_payload.sql
create or replace function public.cmd_payload_nested(p_type text)
returns text[]
language sql
immutable
as $$
  select case p_type
    when 'complete_unloading' then array['receipt']
    when 'pod_complete' then array['receipt']
    when 'edit_vendor' then array['changes']
    when 'edit_vehicle' then array['changes']
    when 'edit_hub' then array['changes']
    when 'undo_command' then array['rows']
    when 'register_serials' then array['units']
    else null
  end
$$;

-- functions/apply_commands.sql
create or replace function public.apply_commands(commands jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  uid uuid := auth.uid();
  me record;
  cmd jsonb;
  prior public.commands%rowtype;
  ctx public.command_context;
  -- One element a command, appended in place (a jsonb array concatenated a command at a
  -- time is copied whole each time: about 35 us a command in a batch of 100).
  results jsonb[] := '{}';
  v_id uuid;
  v_actor uuid;
  v_payload jsonb;
  v_raw jsonb;
  v_type text;
  v_issued timestamptz;
  v_received timestamptz;
  v_outcome text;
  v_code text;
  v_message text;
  v_key text;
  v_params jsonb;
  v_hint text;
  v_entity uuid;
  v_state text;
  v_detail text;
  v_locked text;
  -- The records not yet written to public.commands (6. above), in arrival order.
  held public.commands[] := '{}';
  held_ids uuid[] := '{}'; -- their ids (an array of uuids is searched faster than of rows)
  -- The row images of the held records' commands (command_images_write, below), written
  -- with them.
  images public.command_images[] := '{}';
  v_images text;
  -- The types that run with records and images still held: their functions never read
  -- public.commands or public.command_images (the header above; catalogue-server.test.ts
  -- checks it).
  trail_blind constant text[] := array['queue_vehicles', 'start_loading', 'finish_loading', 'remove_from_queue',
    'create_shipment_darat', 'create_shipment_poljak', 'create_shipment_polsub', 'set_shipment_image',
    'add_inventory', 'add_vehicle', 'add_sea_fleet', 'edit_vehicle', 'delete_vehicle', 'add_vehicle_type',
    'add_vendor', 'edit_vendor', 'delete_vendor', 'add_hub', 'edit_hub', 'delete_hub', 'add_warehouse',
    'set_warehouse_capacity', 'correct_shipment_counts', 'void_shipment', 'resolve_discrepancy',
    'attach_document', 'attach_correction', 'register_serials'];
begin
  if uid is null then
    raise exception 'Not authenticated' using errcode = '28000';
  end if;
  if jsonb_typeof(commands) is distinct from 'array' or jsonb_array_length(commands) > 500 then
    raise exception 'commands must be an array of at most 500 commands' using errcode = '22023';
  end if;
  -- Bound the time a batch can hold locks; a timeout is transient and retried.
  set local lock_timeout = '5s';
  set local statement_timeout = '30s';
  -- Images are taken only from this call's commands.
  v_locked := set_config('dermaga.images', '', true);

  select p.role, p.hub_id, p.email into me
  from public.profiles p where p.user_id = uid and not p.deleted;

  for cmd in select value from jsonb_array_elements(commands) loop
    -- Ids are compared in canonical form (the uuid type): the answer carries
    -- the canonical id, which the device matches in the same form.
    v_id := null;
    if jsonb_typeof(cmd -> 'id') = 'string' then
      begin
        v_id := (cmd ->> 'id')::uuid;
      exception when others then
        v_id := null;
      end;
    end if;
    if v_id is null then
      results := results || jsonb_build_object(
        'id', cmd ->> 'id', 'outcome', 'rejected', 'code', 'invalid_command',
        'message', public.message_text('invalidCommand'), 'key', 'invalidCommand', 'params', '{}'::jsonb);
      continue;
    end if;

    v_type := case when jsonb_typeof(cmd -> 'type') = 'string' then cmd ->> 'type' else '' end;
    -- The records held back are written before anything could read them (6. above): before
    -- the record of this id is looked up, if it is among them, and before a command of a type
    -- that may read the trail runs.
    if cardinality(held) > 0
       and (v_id = any (held_ids) or v_type <> all (trail_blind)) then
      perform public.commands_write(held);
      held := '{}';
      held_ids := '{}';
      if cardinality(images) > 0 then
        perform public.command_images_write(images);
        images := '{}';
      end if;
    end if;

    -- Two tabs or a retry racing with a slow first attempt: the second waits
    -- for the first to commit and then answers from its record. (An assignment,
    -- not PERFORM: see 2. above; the void result cast to text is '').
    v_locked := pg_advisory_xact_lock(('x' || left(md5(v_id::text), 16))::bit(64)::bigint)::text;
    -- Only the fields its type knows are run and recorded (the header above).
    v_raw := coalesce(cmd -> 'payload', 'null'::jsonb);
    v_payload := public.cmd_trail_payload(v_type, v_raw, uid);
    select * into prior from public.commands c where c.id = v_id;
    if found then
      -- A replay (lost response, second tab): the first answer, nothing applied
      -- again. The same id with another actor, type or payload is not a replay:
      -- it is refused and the first command stays as it was.
      if prior.actor_id <> uid or prior.type <> v_type
         or (prior.payload <> v_payload and prior.payload <> v_raw) then
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', 'rejected', 'code', 'duplicate_id',
          'message', public.message_text('commandIdTaken'), 'key', 'commandIdTaken', 'params', '{}'::jsonb);
      else
        results := results || jsonb_build_object(
          'id', v_id, 'outcome', prior.outcome, 'code', prior.code, 'message', prior.message,
          'key', prior.message_key, 'params', prior.message_params);
      end if;
      continue;
    end if;

    v_received := clock_timestamp();
    v_issued := v_received;
    v_outcome := 'applied';
    v_code := null;
    v_message := null;
    v_key := null;
    v_params := null;
    v_entity := null;
    begin
      v_issued := public.cmd_device_time(cmd -> 'issued_at', v_payload, v_received);
      if v_issued is null or jsonb_typeof(v_payload) is distinct from 'object' then
        perform public.cmd_reject('invalid_command', 'invalidCommand');
      end if;
      begin
        v_actor := case when jsonb_typeof(cmd -> 'actor') = 'string' then (cmd ->> 'actor')::uuid end;
      exception when others then
        v_actor := null;
      end;
      if v_actor is distinct from uid then
        perform public.cmd_reject('forbidden_actor', 'forbiddenActor');
      end if;
      if me.role is null then
        perform public.cmd_reject('forbidden', 'profileNotFound');
      end if;
      ctx := row(v_id, v_type, uid, me.email, me.role, me.hub_id, v_issued, v_received)::public.command_context;
      -- The command types, the most frequent first (each WHEN is one comparison).
      case v_type
        when 'queue_vehicles' then v_entity := public.cmd_queue_vehicles(ctx, v_payload);
        when 'start_loading' then v_entity := public.cmd_start_loading(ctx, v_payload);
        when 'finish_loading' then v_entity := public.cmd_finish_loading(ctx, v_payload);
        when 'remove_from_queue' then v_entity := public.cmd_remove_from_queue(ctx, v_payload);
        when 'create_shipment_darat' then v_entity := public.cmd_create_shipment_darat(ctx, v_payload);
        when 'create_shipment_poljak' then v_entity := public.cmd_create_shipment_poljak(ctx, v_payload);
        when 'create_shipment_polsub' then v_entity := public.cmd_create_shipment_polsub(ctx, v_payload);
        when 'confirm_arrival' then v_entity := public.cmd_confirm_arrival(ctx, v_payload);
        when 'start_unloading' then v_entity := public.cmd_start_unloading(ctx, v_payload);
        when 'complete_unloading' then v_entity := public.cmd_complete_unloading(ctx, v_payload);
        when 'pod_confirm_arrival' then v_entity := public.cmd_pod_confirm_arrival(ctx, v_payload);
        when 'pod_start_unloading' then v_entity := public.cmd_pod_start_unloading(ctx, v_payload);
        when 'pod_complete' then v_entity := public.cmd_pod_complete(ctx, v_payload);
        when 'set_shipment_image' then v_entity := public.cmd_set_shipment_image(ctx, v_payload);
        when 'add_inventory' then v_entity := public.cmd_add_inventory(ctx, v_payload);
        when 'add_vehicle' then v_entity := public.cmd_add_vehicle(ctx, v_payload);
        when 'add_sea_fleet' then v_entity := public.cmd_add_sea_fleet(ctx, v_payload);
        when 'edit_vehicle' then v_entity := public.cmd_edit_vehicle(ctx, v_payload);
        when 'delete_vehicle' then v_entity := public.cmd_delete_vehicle(ctx, v_payload);
        when 'add_vehicle_type' then v_entity := public.cmd_add_vehicle_type(ctx, v_payload);
        when 'add_vendor' then v_entity := public.cmd_add_vendor(ctx, v_payload);
        when 'edit_vendor' then v_entity := public.cmd_edit_vendor(ctx, v_payload);
        when 'delete_vendor' then v_entity := public.cmd_delete_vendor(ctx, v_payload);
        when 'add_hub' then v_entity := public.cmd_add_hub(ctx, v_payload);
        when 'edit_hub' then v_entity := public.cmd_edit_hub(ctx, v_payload);
        when 'delete_hub' then v_entity := public.cmd_delete_hub(ctx, v_payload);
        when 'add_warehouse' then v_entity := public.cmd_add_warehouse(ctx, v_payload);
        when 'set_warehouse_capacity' then v_entity := public.cmd_set_warehouse_capacity(ctx, v_payload);
        when 'undo_command' then v_entity := public.cmd_undo_command(ctx, v_payload);
        when 'correct_shipment_counts' then v_entity := public.cmd_correct_shipment_counts(ctx, v_payload);
        when 'void_shipment' then v_entity := public.cmd_void_shipment(ctx, v_payload);
        when 'resolve_discrepancy' then v_entity := public.cmd_resolve_discrepancy(ctx, v_payload);
        when 'attach_document' then v_entity := public.cmd_attach_document(ctx, v_payload);
        when 'attach_correction' then v_entity := public.cmd_attach_correction(ctx, v_payload);
        when 'register_serials' then v_entity := public.cmd_register_serials(ctx, v_payload);
        else
          perform public.cmd_reject('unknown_command', 'unknownCommand', jsonb_build_object('type', v_type));
      end case;
    exception
      when sqlstate '40001' or sqlstate '40P01' or sqlstate '55P03' or sqlstate '57014' then
        raise; -- transient: the whole call fails and the client retries it
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail,
                                v_hint = pg_exception_hint;
        v_outcome := 'rejected';
        if v_detail like 'dermaga:%' then
          -- cmd_reject's refusal: its code, and its message key and parameters (the hint).
          v_code := substr(v_detail, 9);
          v_key := v_hint::jsonb ->> 'key';
          v_params := v_hint::jsonb -> 'params';
        elsif v_state like '23%' then
          v_code := 'constraint';
        else
          v_code := 'server_error';
        end if;
    end;

    -- Its images, if it kept any (an applied floor command; a refused one's were rolled back
    -- with its subtransaction), written with its record.
    v_images := current_setting('dermaga.images', true);
    if v_images <> '' then
      images := images || row(v_id, v_type, uid, me.hub_id, v_images::jsonb, null, now())::public.command_images;
      v_locked := set_config('dermaga.images', '', true);
    end if;
    -- Its record, written later (6. above).
    held := held || row(v_id, null, uid, me.email, v_type, v_payload, coalesce(v_issued, v_received),
                        v_received, v_outcome, v_code, v_message, v_entity, v_key, v_params)::public.commands;
    held_ids := held_ids || v_id;
    results := results || jsonb_build_object(
      'id', v_id, 'outcome', v_outcome, 'code', v_code, 'message', v_message, 'key', v_key, 'params', v_params);
  end loop;

  perform public.commands_write(held);
  if cardinality(images) > 0 then
    perform public.command_images_write(images);
  end if;

  -- The client keeps applied predictions until its pull horizon passes this
  -- transaction, so an applied effect never flickers away before it is pulled.
  return jsonb_build_object('results', to_jsonb(results), 'xid', pg_current_xact_id()::text);
end;
$$;

-- functions/replication.sql
create or replace function public.replicated_tables()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['hubs', 'warehouses', 'stock_balances', 'profiles', 'shipment_statuses', 'vendors', 'vehicle_types',
               'vehicles', 'shipments', 'containers', 'inventory', 'shipment_documents', 'discrepancies',
               'tv_units']
$$;

-- functions/working_set.sql
create or replace function public.working_set_source(p_table text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_table
    when 'shipments' then '(' || public.working_set_shipment_branches('s.*', null) || ') t'
    -- A shipment's containers and its handover records (tables/shipment_receipts.sql:
    -- each by its shipment_id index) follow their shipment.
    when 'containers' then public.working_set_of_shipments('containers')
    when 'shipment_documents' then public.working_set_of_shipments('shipment_documents')
    when 'shipment_receipts' then public.working_set_of_shipments('shipment_receipts')
    when 'discrepancies' then public.working_set_of_shipments('discrepancies')
    -- Issue 42: the TV units in stock or on the way (a missing one leaves the devices), by the
    -- partial index tv_units_live_pull_idx.
    when 'tv_units' then '(select u.* from public.tv_units u where u.state in (''in_stock'', ''in_transit'')) t'
    -- A ledger row of the window's dates, or of a shipment of the set: their ids, then each
    -- row by its primary key.
    when 'inventory' then
      '(select i.* from (select x.id from (select i.id from public.inventory i where i.date_recorded >= $2 union all '
        || public.working_set_shipment_branches('i.id',
             'cross join lateral (select i.id from public.inventory i where i.shipment_id = s.id offset 0) i')
        || ') x group by x.id) ids cross join lateral (select i.* from public.inventory i where i.id = ids.id offset 0) i) t'
    else format('public.%I t', p_table)
  end
$$;

-- functions/realtime_pokes.sql
create or replace function public.poke_topics_of(p_table text, p_rows jsonb)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  with r as (select e from jsonb_array_elements(p_rows) e),
  -- The shipments the rows name (their own id for shipments, shipment_id for the rest).
  ships as (
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table in ('containers', 'shipment_documents', 'discrepancies', 'tv_units')
      and s.id in (select (e ->> 'shipment_id')::uuid from r)
    union all
    select s.origin_hub_id, s.destination_hub_id, s.current_hub_id
    from public.shipments s
    where p_table = 'vehicles' and s.vehicle_id in (select (e ->> 'id')::uuid from r)
  ),
  hubs as (
    select (e ->> k)::uuid as hub_id
    from r, unnest(array['origin_hub_id', 'destination_hub_id', 'current_hub_id']) k
    where p_table in ('shipments', 'discrepancies', 'vehicles')
    union
    -- A TV unit in stock: its hub (on a shipment: the shipment's hubs, above).
    select (e ->> 'hub_id')::uuid from r where p_table = 'tv_units'
    union
    select unnest(array[origin_hub_id, destination_hub_id, current_hub_id]) from ships
    union
    -- Stock: the warehouse's hub, and the POD hubs of the city the warehouse is in.
    select h.id
    from public.warehouses w
    join public.hubs h on h.id = w.hub_id
      or (h.type = 'pod' and lower(btrim(h.city)) = lower(btrim(w.location)))
    where p_table in ('inventory', 'stock_balances')
      and w.id in (select (e ->> 'warehouse_id')::uuid from r)
  )
  select array_agg(distinct t) from (
    select 'dermaga:desk' as t
    union all
    select 'dermaga:hub:' || hub_id::text from hubs where hub_id is not null
    union all
    select 'dermaga:company'
    where p_table in ('hubs', 'warehouses', 'shipment_statuses', 'vendors', 'vehicle_types')
       or (p_table = 'vehicles'
           and exists (select 1 from r where (e ->> 'is_active')::boolean and (e ->> 'ready')::boolean))
    union all
    select 'dermaga:user:' || (e ->> 'user_id') from r where p_table = 'profiles' and e ? 'user_id'
  ) topics
  -- A row without its hub or user (a profile whose user is gone) names no topic.
  where t is not null
$$;

-- functions/cmd_shipping.sql
create or replace function public.cmd_create_shipment_darat(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v_warehouse_id uuid;
  v_batch text;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_shipment_id uuid;
  v_inventory_id uuid;
  v_vehicle_id uuid;
  hub public.hubs;
  wh public.warehouses;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
  v_units uuid[];
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  -- The form's fields, in its order, with its messages (spec 5).
  v_warehouse_id := public.cmd_uuid(p, 'destination_warehouse_id', 'selectDestinationWarehouse');
  v_batch := public.cmd_req_text(p, 'batch_number', 'enterBatchNumber');
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'poljak.quantity');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'poljak.quantity');
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 0, 2, 'invalidCommand', 'maxTwoImages');
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'invalidCommand');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');

  hub := public.cmd_hub(v_hub_id);
  select * into wh from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'destinationWarehouseNotFound');
  end if;
  select * into dest from public.hubs where id = wh.hub_id and not deleted;
  if not found then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'destinationIsOrigin');
  end if;
  -- Spec 4.2: from the warehouse name, the hub name, the hub city.
  select * into dest_status
  from public.otw_destination(array[wh.name, dest.name, dest.city],
                              coalesce(nullif(public.dm_trim(dest.city), ''), wh.location));
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: a failed inventory write aborts the Karawang/Cikarang form.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  if origin_wh.id is null then
    perform public.cmd_reject('precondition', 'originWarehouseMissing');
  end if;
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once, and no more than the origin warehouse holds.
  perform public.cmd_require_unused_batch(v_batch);
  perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);
  -- Issue 42: the TVs by serial, last.
  v_units := public.cmd_serials_to_load(p, hub, v_smartboards);

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, false
  );
  -- Spec 9: the load leaves the hub's first warehouse, dated the day it left.
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                batch_number, shipment_id)
  values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
          v_batch, v_shipment_id);
  -- Spec 4.1: the vehicle is on its way (siap_muat is left as it is).
  update public.vehicles set sedang_muat = false, ready = false where id = v.id;
  perform public.cmd_serials_load(ctx, v_units, v_shipment_id, v_hub_id);
  return v_shipment_id;
end;
$$;

-- functions/cmd_shipping.sql
create or replace function public.cmd_create_sea_shipment(ctx public.command_context, p jsonb, p_form text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  poljak boolean := p_form = 'poljak';
  v_hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v_pelayaran text;
  v_kapal text;
  v_container text;
  v_etd date;
  v_eta date;
  v_dest_id uuid;
  v_smartboards integer;
  v_brackets integer;
  v_images integer;
  v_batch text;
  v_vehicle_id uuid;
  v_shipment_id uuid;
  v_container_id uuid;
  v_inventory_id uuid;
  hub public.hubs;
  dest public.hubs;
  dest_status record;
  v public.vehicles;
  origin_wh public.warehouses;
  v_units uuid[];
  m_quantity text := case when poljak then 'poljak.quantity' else 'polsub.quantity' end;
begin
  perform public.cmd_require_hub(ctx, v_hub_id);
  v_pelayaran := public.cmd_req_text(p, 'pelayaran', case when poljak then 'poljak.pelayaran' else 'polsub.pelayaran' end);
  v_kapal := public.cmd_req_text(p, 'nama_kapal', case when poljak then 'poljak.namaKapal' else 'polsub.namaKapal' end);
  v_container := public.cmd_req_text(p, 'no_container', case when poljak then 'poljak.noContainer' else 'polsub.noContainer' end);
  v_etd := public.cmd_date(p, 'etd', case when poljak then 'poljak.etd' else 'polsub.etd' end);
  v_eta := public.cmd_date(p, 'eta', case when poljak then 'poljak.eta' else 'polsub.eta' end);
  v_dest_id := public.cmd_uuid(p, 'destination_hub_id', case when poljak then 'poljak.destination' else 'polsub.destination' end);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', m_quantity);
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', m_quantity);
  -- Issue 41: nothing empty leaves.
  perform public.cmd_require_items(v_smartboards, v_brackets);
  v_images := public.cmd_int_between(p, 'image_count', 1, 2,
    case when poljak then 'poljak.minImages' else 'polsub.minImages' end,
    case when poljak then 'poljak.maxImages' else 'polsub.maxImages' end);
  -- Generated on the device from the time the user acted (spec 9).
  v_batch := public.cmd_req_text(p, 'batch_number', 'invalidCommand');
  if v_batch !~ ('^' || case when poljak then 'POLJAK' else 'POLSUB' end || '-[0-9]+$') then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  v_vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v_shipment_id := public.cmd_uuid(p, 'shipment_id', 'invalidCommand');
  v_container_id := public.cmd_uuid(p, 'container_id', 'invalidCommand');
  v_inventory_id := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');

  hub := public.cmd_hub(v_hub_id);
  select * into dest from public.hubs where id = v_dest_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'destinationHubNotFound');
  end if;
  if dest.id = hub.id then
    perform public.cmd_reject('precondition', 'destinationIsOrigin');
  end if;
  select * into dest_status from public.otw_destination(array[dest.name, dest.city], dest.city);
  if dest_status.key is null then
    perform public.cmd_reject('precondition', 'statusUndetermined');
  end if;

  v := public.cmd_lock_departing_vehicle(v_vehicle_id, v_hub_id);
  -- Spec 8.2: the port forms do not fail over the inventory row; without a
  -- warehouse at the hub there is simply none.
  origin_wh := public.cmd_first_warehouse(v_hub_id);
  perform public.cmd_require_new_id('shipments', v_shipment_id);
  perform public.cmd_require_new_id('containers', v_container_id);
  perform public.cmd_require_new_id('inventory', v_inventory_id);
  -- Issue 29: a batch number once; with a warehouse at the hub, no more than it holds
  -- (without one the port forms book no stock row, spec 8.2, so there is nothing to check).
  perform public.cmd_require_unused_batch(v_batch);
  if origin_wh.id is not null then
    perform public.cmd_require_stock(origin_wh.id, v_smartboards, v_brackets);
  end if;
  -- Issue 42: the TVs by serial, last.
  v_units := public.cmd_serials_to_load(p, hub, v_smartboards);

  perform public.cmd_ensure_status(dest_status.key, dest_status.label);
  insert into public.shipments (
    id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id, current_hub_id,
    smartboard_quantity, bracket_quantity, delivery_record, bast, status, loading_date, etd, eta, selesai_bongkar
  ) values (
    v_shipment_id, v_batch, v.id, v.vendor_id, v_hub_id, dest.id, v_hub_id,
    v_smartboards, v_brackets, v_images >= 1, v_images >= 2, dest_status.key, ctx.issued_at, v_etd, v_eta, false
  );
  insert into public.containers (id, container_number, vessel_name, shipping_line, shipment_id)
  values (v_container_id, v_container, v_kapal, v_pelayaran, v_shipment_id);
  if origin_wh.id is not null then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (v_inventory_id, origin_wh.id, public.dm_jakarta_date(ctx.issued_at), -v_smartboards, -v_brackets,
            v_batch, v_shipment_id);
  end if;
  if poljak then
    -- Spec 4.1: the PolJak form also stores the ship and the shipping line on the vehicle.
    update public.vehicles
       set sedang_muat = false, ready = false, nama_kapal = v_kapal, nama_pelayaran = v_pelayaran
     where id = v.id;
  else
    -- Spec 4.1: the PolSub form also clears siap_muat.
    update public.vehicles set sedang_muat = false, ready = false, siap_muat = false where id = v.id;
  end if;
  perform public.cmd_serials_load(ctx, v_units, v_shipment_id, v_hub_id);
  return v_shipment_id;
end;
$$;

-- functions/cmd_shipment_correction.sql
create or replace function public.cmd_correct_shipment_counts(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_smartboards integer;
  v_brackets integer;
  s public.shipments;
  row_ public.inventory;
  v_units integer;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'poljak.quantity');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'poljak.quantity');
  s := public.cmd_lock_correctable_shipment(p, ctx);
  if v_smartboards = s.smartboard_quantity and v_brackets = s.bracket_quantity then
    perform public.cmd_reject('precondition', 'correctionUnchanged');
  end if;
  -- Issue 42: a shipment carrying TVs by serial counts them by their serials.
  select count(*) into v_units from public.tv_units u where u.shipment_id = s.id and u.state = 'in_transit';
  if v_units > 0 and v_smartboards <> v_units then
    perform public.cmd_reject('validation', 'serial.countMismatch',
      jsonb_build_object('count', v_units, 'quantity', v_smartboards));
  end if;
  -- Its stock row: taking more out needs the stock (under the warehouse's lock).
  select * into row_ from public.inventory i
  where i.shipment_id = s.id and not i.deleted
  order by i.created_at, i.id
  limit 1;
  if found then
    perform public.cmd_require_stock(row_.warehouse_id,
      greatest(v_smartboards - s.smartboard_quantity, 0), greatest(v_brackets - s.bracket_quantity, 0));
    update public.inventory set smartboard_quantity = -v_smartboards, bracket_quantity = -v_brackets
     where id = row_.id;
  end if;
  update public.shipments set smartboard_quantity = v_smartboards, bracket_quantity = v_brackets
   where id = s.id;
  return s.id;
end;
$$;

-- functions/cmd_shipment_correction.sql
create or replace function public.cmd_void_shipment(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_correctable_shipment(p, ctx);
begin
  -- The stock returns: its stock row goes (a tombstone, like any soft delete).
  update public.inventory set deleted = true where shipment_id = s.id and not deleted;
  perform public.cmd_ensure_status('dibatalkan', 'Dibatalkan');
  update public.shipments set status = 'dibatalkan', selesai_bongkar = true where id = s.id;
  -- The vehicle did not leave after all: ready again (unless it was queued meanwhile).
  update public.vehicles set ready = true
   where id = s.vehicle_id and not deleted and is_active and not siap_muat and not sedang_muat;
  -- Issue 42: its TVs by serial are back in stock at the origin ('returned' events).
  perform public.cmd_serials_return(ctx, s.id, s.origin_hub_id);
  return s.id;
end;
$$;

-- policies/tv_units.sql
revoke all on table public.tv_units from anon, authenticated;

grant select on table public.tv_units to authenticated;

grant all on table public.tv_units to service_role;

-- Issue 42: as containers: staff read every unit; a hub user the units in stock at its hubs
-- and those on a shipment it can read (from, to or at its hubs).
create policy "Staff can read all TV units and hub users those at their hubs or on shipments they can read"
  on public.tv_units for select to authenticated
  using (
    (select public.is_staff())
    or tv_units.hub_id = any ((select public.my_hub_ids())::uuid[])
    or exists (
      select 1 from public.shipments s
      where s.id = tv_units.shipment_id
        and (s.origin_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.destination_hub_id = any ((select public.my_hub_ids())::uuid[])
             or s.current_hub_id = any ((select public.my_hub_ids())::uuid[]))
    )
  );

-- policies/tv_unit_events.sql
-- Issue 42: no API role reads or writes the history directly (public.tv_unit_path reads it);
-- service_role may add to it, and no one may change it (triggers/tv_unit_events.sql).
revoke all on table public.tv_unit_events from anon, authenticated;

grant select, insert on table public.tv_unit_events to service_role;

revoke update, delete, truncate on table public.tv_unit_events from service_role;

-- triggers/tv_units.sql
create trigger stamp_replication before insert or update on public.tv_units
  for each row execute function public.stamp_replication_columns();

-- triggers/tv_unit_events.sql
-- Issue 42: a unit's history is never rewritten, by anyone (service_role and the owner too).
create trigger tv_unit_events_no_rewrite before update or delete on public.tv_unit_events
  for each row execute function public.tv_unit_events_refuse_rewrite();

create trigger tv_unit_events_no_truncate before truncate on public.tv_unit_events
  for each statement execute function public.tv_unit_events_refuse_rewrite();

-- triggers/realtime_pokes.sql: the pokes of a replicated table, for the new one.
create trigger poke_on_insert after insert on public.tv_units referencing new table as new_rows
  for each statement execute function public.poke_changed_scopes();
create trigger poke_on_update after update on public.tv_units referencing old table as old_rows new table as new_rows
  for each statement execute function public.poke_changed_scopes();
create trigger poke_on_delete after delete on public.tv_units referencing old table as old_rows
  for each statement execute function public.poke_changed_scopes();
