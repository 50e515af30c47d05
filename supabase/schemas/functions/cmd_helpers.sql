-- What the command families share: the refusal, the permission checks, the
-- payload readers and the rows the commands look up. Each command is a
-- function public.cmd_<type>(ctx public.command_context, p jsonb) returning
-- the id of the main row it acted on, called by apply_commands
-- (functions/apply_commands.sql) inside the command's own
-- subtransaction; it checks role, hub and precondition under row locks and
-- writes every row of the transition. Nothing here is callable by the API
-- roles: execute is revoked at the end of the file.
--
-- No `set search_path` on the functions of the measured hot path (cmd_reject,
-- cmd_require_hub, cmd_uuid here; cmd_time_floor and cmd_device_time; the
-- vehicle queue's cmd_hub, cmd_lock_vehicle, cmd_vehicle_at_hub and its four
-- commands): a function-level SET makes every call save, set and restore the
-- settings (about 1 us a call, ten calls a command). It is safe because none
-- of them is security definer (each runs with its caller's rights, so a search
-- path could only redirect what the caller could already do), clients cannot
-- call them, and they are reached only from apply_commands, which is security
-- definer with `set search_path = ''`: they run with that empty path. Every
-- table, type and function of ours they name is schema-qualified; built-ins
-- resolve in pg_catalog, searched first under the empty path. Every other
-- function keeps its own `set search_path = ''`; a function added to the hot
-- path without it needs the same reading (docs/performance.md, "How
-- apply_commands got fast", note 4).

-- Refusals and permissions -----------------------------------------------------

-- A message by key: the text of public.app_messages with each {{name}} replaced by its
-- parameter (a parameter that is itself {key, params} is a message too: a conflict's "what");
-- the key itself when the table has none.
create or replace function public.message_text(p_key text, p_params jsonb default '{}')
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v text;
  k text;
  val jsonb;
begin
  select m.text into v from public.app_messages m where m.key = p_key;
  v := coalesce(v, p_key);
  for k, val in select e.key, e.value from jsonb_each(coalesce(p_params, '{}')) e loop
    v := replace(v, '{{' || k || '}}', case
      when jsonb_typeof(val) = 'object' then public.message_text(val ->> 'key', val -> 'params')
      else coalesce(val #>> '{}', '') end);
  end loop;
  return v;
end;
$$;

revoke execute on function public.message_text(text, jsonb) from public, anon;

grant execute on function public.message_text(text, jsonb) to authenticated;

-- A final refusal (issue 39: messages by key): apply_commands records the command as
-- rejected with this code (the detail 'dermaga:<code>'), the message key and its parameters
-- (the hint, as JSON), and the Indonesian sentence they make (the message). p_key is a key of
-- public.app_messages, the catalogue's `server` keys (src/lib/i18n): 'vehicleNotFound',
-- 'handover.noteTooLong'. The helpers below that take a p_message take such a key.
create or replace function public.cmd_reject(p_code text, p_key text, p_params jsonb default '{}')
returns void
language plpgsql
as $$
begin
  raise exception using errcode = 'P0001', message = public.message_text(p_key, p_params),
    detail = 'dermaga:' || p_code,
    hint = jsonb_build_object('key', p_key, 'params', coalesce(p_params, '{}'))::text;
end;
$$;

revoke execute on function public.cmd_reject(text, text, jsonb) from public, anon, authenticated;

-- Admin and tower control act for every hub; a hub user only for its own.
create or replace function public.cmd_require_hub(ctx public.command_context, p_hub_id uuid)
returns void
language plpgsql
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null and ctx.hub_id = p_hub_id then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenHub');
end;
$$;

revoke execute on function public.cmd_require_hub(public.command_context, uuid) from public, anon, authenticated;

-- Role checks are NULL-safe: a missing role never passes.
create or replace function public.cmd_require_role(ctx public.command_context, p_roles text[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not coalesce(ctx.role = any (p_roles), false) then
    perform public.cmd_reject('forbidden', 'forbiddenAction');
  end if;
end;
$$;

revoke execute on function public.cmd_require_role(public.command_context, text[]) from public, anon, authenticated;

-- Staff, or a hub user that has a hub (an open sign-up not yet assigned has none).
create or replace function public.cmd_require_operator(ctx public.command_context)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') or (ctx.role = 'hub_user' and ctx.hub_id is not null) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenAction');
end;
$$;

revoke execute on function public.cmd_require_operator(public.command_context) from public, anon, authenticated;

-- Payload readers ----------------------------------------------------------------
-- Every field a cmd_* function reads is read through one of these, so a field
-- of the wrong type is refused with code 'validation' and a message, never
-- coerced (issue 9: a number as an optional text used to erase the stored
-- value). Text is trimmed as the devices trim (public.dm_trim). The devices'
-- zod schemas (sync/commands/helpers.ts) are as strict;
-- tests/integration/bad-input-property.test.ts sends both sides the same
-- generated bad payloads.

-- Text a device may send: no control characters but tab, line feed and
-- carriage return (a NUL cannot even reach the database; the others are
-- refused here). Devices remove them before a command is queued.
create or replace function public.cmd_require_clean_text(p_text text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    perform public.cmd_reject('validation', 'textNotAllowed');
  end if;
end;
$$;

revoke execute on function public.cmd_require_clean_text(text) from public, anon, authenticated;

-- A uuid sent as a JSON string (any case; compared and stored canonical).
create or replace function public.cmd_uuid(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string'
     or (p ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::uuid;
end;
$$;

revoke execute on function public.cmd_uuid(jsonb, text, text) from public, anon, authenticated;

-- An optional id: missing or null is null, anything else must be a uuid.
-- (plpgsql, not a SQL CASE: the planner may fold an immutable call in a branch
-- that is never taken, and cmd_uuid raises.)
create or replace function public.cmd_uuid_or_null(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  return public.cmd_uuid(p, p_key, p_message);
end;
$$;

revoke execute on function public.cmd_uuid_or_null(jsonb, text, text) from public, anon, authenticated;

-- Required text: a JSON string, trimmed as the devices trim, not blank, within its bound.
create or replace function public.cmd_req_text(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text;
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string' or public.dm_trim(p ->> p_key) = '' then
    perform public.cmd_reject('validation', p_message);
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  v := public.dm_trim(p ->> p_key);
  perform public.cmd_require_text_bound(p_key, v);
  return v;
end;
$$;

revoke execute on function public.cmd_req_text(jsonb, text, text) from public, anon, authenticated;

-- Optional text: missing, null or blank is null (spec 5); a string is trimmed and within its
-- bound; anything else (a number, a boolean, an object) is refused.
create or replace function public.cmd_opt_text(p jsonb, p_key text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text;
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'string' then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  v := nullif(public.dm_trim(p ->> p_key), '');
  if v is not null then
    perform public.cmd_require_text_bound(p_key, v);
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_opt_text(jsonb, text) from public, anon, authenticated;

-- A calendar date sent as yyyy-MM-dd, a real day between 2000-01-01 and
-- 2099-12-31 (no business date of this product lies outside).
create or replace function public.cmd_date(p jsonb, p_key text, p_message text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  d date;
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string' or (p ->> p_key) !~ '^\d{4}-\d{2}-\d{2}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  begin
    d := (p ->> p_key)::date;
  exception when others then
    perform public.cmd_reject('validation', p_message);
  end;
  if to_char(d, 'YYYY-MM-DD') <> p ->> p_key -- 2026-02-30 and the like
     or d < date '2000-01-01' or d > date '2099-12-31' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return d;
end;
$$;

revoke execute on function public.cmd_date(jsonb, text, text) from public, anon, authenticated;

-- A quantity: a whole number in [0, 1000000].
create or replace function public.cmd_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0
     or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_quantity(jsonb, text, text) from public, anon, authenticated;

-- A whole number in [p_min, p_max]; p_low_message below, p_high_message above.
create or replace function public.cmd_int_between(p jsonb, p_key text, p_min integer, p_max integer,
                                                  p_low_message text, p_high_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < p_min then
    perform public.cmd_reject('validation', p_low_message);
  end if;
  if (p ->> p_key)::numeric > p_max then
    perform public.cmd_reject('validation', p_high_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_int_between(jsonb, text, integer, integer, text, text) from public, anon, authenticated;

-- The changes object of an edit command. Edits merge field by field
-- (docs/sync.md): only the fields `changes` names are written, so two users
-- editing different fields both keep theirs and the later edit of the same
-- field wins.
create or replace function public.cmd_changes(p jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> 'changes') is distinct from 'object' then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return p -> 'changes';
end;
$$;

revoke execute on function public.cmd_changes(jsonb) from public, anon, authenticated;

-- Rows the commands look up --------------------------------------------------------

-- The id a command gives a new row must be new; reusing one is a device bug
-- (a replayed command never gets here: apply_commands answers it from its record).
create or replace function public.cmd_require_new_id(p_table text, p_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  taken boolean;
begin
  execute format('select exists (select 1 from public.%I where id = $1)', p_table) into taken using p_id;
  if taken then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
end;
$$;

revoke execute on function public.cmd_require_new_id(text, uuid) from public, anon, authenticated;

-- Spec 9: "the hub's first warehouse": the oldest live one, then by name.
create or replace function public.cmd_first_warehouse(p_hub_id uuid)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where w.hub_id = p_hub_id and not w.deleted
  order by w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_first_warehouse(uuid) from public, anon, authenticated;

-- Spec 4.2, POD: the warehouse whose location matches the city (an exact
-- match before one that merely contains it), or null.
create or replace function public.cmd_city_warehouse(p_city text)
returns public.warehouses
language sql
stable
set search_path = ''
as $$
  select w.* from public.warehouses w
  where not w.deleted
    and public.dm_slug(p_city) is not null
    and position(public.dm_slug(p_city) in coalesce(public.dm_slug(w.location), '')) > 0
  order by public.dm_slug(w.location) = public.dm_slug(p_city) desc, w.created_at, w.name collate "C", w.id
  limit 1
$$;

revoke execute on function public.cmd_city_warehouse(text) from public, anon, authenticated;

-- Spec 4.2, POD: the hub whose city or name matches the city, or null. The
-- shipment's own destination first, then POD hubs, then the oldest.
create or replace function public.cmd_city_hub(p_city text, p_prefer uuid)
returns public.hubs
language sql
stable
set search_path = ''
as $$
  select h.* from public.hubs h
  where not h.deleted
    and public.dm_slug(p_city) is not null
    and (public.dm_slug(h.city) = public.dm_slug(p_city)
         or position(public.dm_slug(p_city) in coalesce(public.dm_slug(h.name), '')) > 0)
  order by h.id = p_prefer desc, public.hub_kind(h.name, h.type) = 'pod' desc,
           h.created_at, h.name collate "C", h.id
  limit 1
$$;

revoke execute on function public.cmd_city_hub(text, uuid) from public, anon, authenticated;

-- A status key used by a new shipment exists (spec 4.2 names otw_ plus any
-- city): added with its label when missing, brought back when removed.
create or replace function public.cmd_ensure_status(p_key text, p_label text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.shipment_statuses (key, label, color, sort_order)
  values (p_key, p_label, 'primary',
          (select coalesce(max(s.sort_order), 0) + 10 from public.shipment_statuses s))
  on conflict (key) do nothing;
  update public.shipment_statuses set deleted = false where key = p_key and deleted;
end;
$$;

revoke execute on function public.cmd_ensure_status(text, text) from public, anon, authenticated;

-- The shipment, locked, or not_found.
create or replace function public.cmd_lock_shipment(p_shipment_id uuid)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments;
begin
  select * into s from public.shipments where id = p_shipment_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'shipmentNotFound');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_shipment(uuid) from public, anon, authenticated;

-- Who did it and when, from the audit trail, as a refusal's parameters:
-- {who: 'cikarang@demo.local', when: '21 Nov 2026 14:05 WIB'} for the last applied command of
-- those types on the entity (who: the key anotherUser when the actor has no e-mail); null when none.
create or replace function public.cmd_who_when(p_entity uuid, p_types text[])
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'who', coalesce(to_jsonb(c.actor_email), jsonb_build_object('key', 'anotherUser')),
    'when', public.dm_format_wib(c.issued_at))
  from public.commands c
  where c.entity_id = p_entity and c.outcome = 'applied' and c.type = any (p_types)
  order by c.received_at desc
  limit 1
$$;

revoke execute on function public.cmd_who_when(uuid, text[]) from public, anon, authenticated;

-- First writer wins (docs/sync.md): the later command is refused with code
-- 'conflict' and a message naming who got there first and when (p_what: the key of what
-- happened, such as arrivalAlreadyConfirmed).
create or replace function public.cmd_reject_conflict(p_entity uuid, p_types text[], p_what text, p_status text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  who jsonb := public.cmd_who_when(p_entity, p_types);
  what jsonb := jsonb_build_object('what', jsonb_build_object('key', p_what));
  status_label text;
begin
  if who is not null then
    perform public.cmd_reject('conflict', 'conflictBy', what || who);
  end if;
  select s.label into status_label from public.shipment_statuses s where s.key = p_status;
  perform public.cmd_reject('conflict', 'conflictStatus',
    what || jsonb_build_object('status', coalesce(status_label, p_status)));
end;
$$;

revoke execute on function public.cmd_reject_conflict(uuid, text[], text, text) from public, anon, authenticated;

-- The latest transition time of the payload's shipments and vehicles (apply_commands.sql,
-- note 3.): each id by primary key.
create or replace function public.cmd_time_floor(p jsonb)
returns timestamptz
language plpgsql
stable
as $$
declare
  vals jsonb;
  v jsonb;
  e jsonb;
  t text;
  ids uuid[] := '{}';
  i integer;
  k integer;
  latest timestamptz;
  found_at timestamptz;
begin
  if jsonb_typeof(p) is distinct from 'object' then
    return null;
  end if;
  -- The values of the object's members ('strict': arrays among them stay arrays).
  vals := jsonb_path_query_array(p, 'strict $.*');
  for i in 0 .. jsonb_array_length(vals) - 1 loop
    v := vals -> i;
    if jsonb_typeof(v) = 'string' then
      t := v #>> '{}';
      if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        ids := ids || t::uuid;
      end if;
    elsif jsonb_typeof(v) = 'array' then
      for k in 0 .. jsonb_array_length(v) - 1 loop
        e := v -> k;
        if jsonb_typeof(e) = 'string' then
          t := e #>> '{}';
          if t ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
            ids := ids || t::uuid;
          end if;
        end if;
      end loop;
    end if;
  end loop;
  -- The latest non-null time of the rows (greatest() passes over nulls; null when none).
  for i in 1 .. cardinality(ids) loop
    select greatest(s.loading_date, s.arrival_gdt, s.arrival_destination, s.unloading_started_at,
                    s.unloading_finished_at)
      into found_at from public.shipments s where s.id = ids[i];
    latest := greatest(latest, found_at);
    select greatest(x.queued_at, x.loading_started_at, x.loading_finished_at)
      into found_at from public.vehicles x where x.id = ids[i];
    latest := greatest(latest, found_at);
  end loop;
  return latest;
end;
$$;

revoke execute on function public.cmd_time_floor(jsonb) from public, anon, authenticated;

-- The time the user acted, by the device clock: an ISO 8601 time with a zone
-- ('2026-11-21T07:05:00.123Z', '2026-11-21T14:05:00+07:00'), else null (the
-- caller refuses the command). Clamped to [floor, receipt].
create or replace function public.cmd_device_time(p_issued jsonb, p_payload jsonb, p_received timestamptz)
returns timestamptz
language plpgsql
stable
as $$
declare
  t timestamptz;
begin
  if jsonb_typeof(p_issued) is distinct from 'string'
     or (p_issued #>> '{}') !~ '^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    return null;
  end if;
  begin
    t := (p_issued #>> '{}')::timestamptz;
  exception when others then
    return null;
  end;
  return least(p_received, greatest(t, p_received - interval '30 days', public.cmd_time_floor(p_payload)));
end;
$$;

revoke execute on function public.cmd_device_time(jsonb, jsonb, timestamptz) from public, anon, authenticated;

create or replace function public.cmd_hub(p_hub_id uuid)
returns public.hubs
language plpgsql
as $$
declare
  h public.hubs;
begin
  select * into h from public.hubs where id = p_hub_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  return h;
end;
$$;

revoke execute on function public.cmd_hub(uuid) from public, anon, authenticated;

-- Issue 40, "every stored text bounded": every text a command stores is bounded, on the
-- device (sync/commands/text-bounds.ts, the zod schemas' requiredText/optionalText) and here
-- alike, with the same message. The bound belongs to the payload field: its name decides it
-- wherever it appears (a payload or an edit's `changes`; the counted receipt's names).
-- cmd_req_text and cmd_opt_text check it once the text is trimmed, after its required and clean checks, as the device does.
-- Lengths count characters (code points), as JavaScript's [...text].length does.

-- Refuses text longer than its field's bound, with the field's message.
create or replace function public.cmd_require_text_bound(p_key text, p_text text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  n integer := char_length(p_text);
begin
  if n <= 20 then
    return;
  end if;
  case
    when p_key = 'name' then
      if n > 100 then perform public.cmd_reject('validation', 'warehouseNameTooLong'); end if;
    when p_key in ('contact_person', 'driver_name', 'receiver_name', 'nama_kapal', 'nama_pelayaran',
                   'pelayaran') then
      if n > 100 then perform public.cmd_reject('validation', 'handover.nameTooLong'); end if;
    when p_key in ('city', 'location') then
      if n > 100 then perform public.cmd_reject('validation', 'textTooLong.place'); end if;
    when p_key = 'license_plate' then
      if n > 20 then perform public.cmd_reject('validation', 'textTooLong.plate'); end if;
    when p_key = 'batch_number' then
      if n > 50 then perform public.cmd_reject('validation', 'textTooLong.batch'); end if;
    when p_key in ('no_container', 'container_number') then
      if n > 20 then perform public.cmd_reject('validation', 'textTooLong.container'); end if;
    when p_key in ('phone', 'driver_phone') then
      if n > 30 then perform public.cmd_reject('validation', 'textTooLong.phone'); end if;
    when p_key = 'reason' then
      if n > 500 then perform public.cmd_reject('validation', 'textTooLong.reason'); end if;
    when p_key in ('notes', 'note') then
      if n > 500 then perform public.cmd_reject('validation', 'handover.noteTooLong'); end if;
    else
      -- What no one types (a storage path, a kind, a type): far above any real value.
      if n > 2000 then perform public.cmd_reject('validation', 'invalidCommand'); end if;
  end case;
end;
$$;

revoke execute on function public.cmd_require_text_bound(text, text) from public, anon, authenticated;
