-- Issue 39, messages by key: a refusal carries a code, a message key and its parameters, and
-- the Indonesian sentence they make for API users; the device shows the key's text in its own
-- language. The current definitions are in supabase/schemas (the declarative schema):
-- tables/app_messages.sql, policies/app_messages.sql, data/app_messages.sql (written by
-- `npm run messages:sql`), tables/commands.sql (message_key, message_params) and the function
-- files below, which this migration lays again over a database made from
-- 20261128020000_baseline.sql, 20261128030000_first_sync.sql and 20261128040000_pull_round.sql.
-- Every cmd_* refusal now names a key (public.cmd_reject(code, key, params)); the helpers'
-- p_message arguments carry keys.

-- The messages by key --------------------------------------------------------------------
-- app_messages ---------------------------------------------------------------------
-- The server's messages by key (issue 39): a refusal carries a key and its parameters
-- (public.cmd_reject, functions/cmd_helpers.sql); the device shows the key's text in its own
-- language (src/lib/i18n, the catalogue's `server` keys), and the Indonesian default sentence
-- made from this table goes along for API users and the audit trail. The rows are the
-- catalogue's Indonesian `server` texts, written by `npm run messages:sql`
-- (data/app_messages.sql); tests/unit/app-messages.test.ts keeps the two equal.
create table public.app_messages (
  key text primary key,
  text text not null
);

comment on table public.app_messages is
  'The server''s messages by key, in Bahasa Indonesia ({{name}} marks a parameter): the default sentence of a refusal.';

alter table public.app_messages enable row level security;

revoke all on table public.app_messages from anon, authenticated;

-- Product text, no data: any signed-in user may read it (an API client naming its refusals).
grant select on table public.app_messages to authenticated;

grant all on table public.app_messages to service_role;

create policy app_messages_read on public.app_messages
  for select to authenticated
  using (true);

-- The audit trail keeps a rejection's key and parameters ------------------------------------
alter table public.commands add column message_key text, add column message_params jsonb;

-- Functions whose arguments or answers change: dropped, then made again below.
drop function public.cmd_reject(text, text);
drop function public.cmd_who_when(uuid, text[]);
drop function public.undo_moved_on(text, jsonb);
drop function public.handover_item_label(text);
drop function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer);
drop function public.shipment_history(uuid);

-- supabase/schemas/functions/cmd_helpers.sql ---------------------------------------------------
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

-- supabase/schemas/functions/apply_commands.sql ---------------------------------------------------
-- The one write path of the app (docs/sync.md, docs/security.md):
-- apply_commands(commands jsonb).
--
-- Each command is { id, type, payload, issued_at, actor } made on a device.
-- For each, in order, in its own subtransaction: the actor comes from the JWT
-- (a payload naming someone else is refused), the command runs through
-- public.cmd_<type>(ctx, payload) which checks role, hub and precondition
-- under row locks and writes every row of the transition, and the outcome is
-- recorded in public.commands under the command id. A command id seen before
-- is answered from that record and never applied twice. A rejection is final
-- and recorded; only transient failures (lock or statement timeout,
-- serialization failure, deadlock) abort the whole call so the client retries.
--
-- What the envelope checks before a cmd_* function runs (issue 9):
--   * the device time must be an ISO 8601 time with a zone, else the command
--     is refused with invalid_command; it is clamped to the server's receipt
--     from above, and from below to the previous transition of the rows the
--     command names and to 30 days before the receipt (a tablet whose clock
--     reset to 1970 must not stamp 1970 business dates);
--   * the payload must be an object, the actor a uuid equal to the caller;
--   * one id, one command: the same id sent again with another actor, type or
--     payload is refused with duplicate_id, never answered "applied";
--   * ids are compared in canonical form (the uuid type) and answered in it;
--   * role checks are NULL-safe: a missing role never passes.
--
-- How it is made fast (issue 14, P2). docs/performance.md, "How apply_commands
-- got fast", tells how each was found and measured; the numbers below are its
-- notes', which the comments in the bodies refer to ("see 2. above"):
--   * plan_cache_mode = force_generic_plan: each command's statements are a
--     handful of primary-key lookups and updates whose plans do not depend on
--     the values, so they are planned once per connection;
--   * the answers are collected in a jsonb[] and turned into the jsonb array
--     once (a jsonb array concatenated a command at a time is copied whole
--     each time).
--   1. The command's function is called statically, through a CASE over the
--      command types (dynamic SQL is parsed and planned on every call). A type
--      that is not listed takes the old path by name (the same `^[a-z_]+$`
--      and to_regprocedure checks, the same unknown_command rejection), so a
--      cmd_<type>(command_context, jsonb) added later works before it is
--      listed. A migration that drops or renames a listed function must
--      replace apply_commands as well.
--   2. The id's advisory lock is taken in an assignment (a simple expression,
--      evaluated without starting the executor) rather than by PERFORM.
--   3. cmd_time_floor finds the payload's ids with a loop rather than a query
--      over jsonb_each, and looks them up one at a time by primary key (the
--      generic plan of `id = any(ids)` was a bitmap scan, whose set-up costs
--      more than the one or two rows it finds; a function's SET clause turning
--      bitmap scans off costs more again, on every call).
--   4. The hot path's helpers carry no `set search_path`: see cmd_helpers.sql for why
--      that is safe.
--   5. The vehicle queue's commands take the vehicle as it was in the UPDATE that changes
--      it (issue 43): cmd_vehicle_queue.sql.
--   6. The idempotency records (public.commands) are held back and written
--      several at a time (public.commands_write, below), one INSERT of the held rows, with the same values in
--      the same order (seq, the arrival order, is given in that order). Nothing
--      may read a record before it is written, so they are written before
--      anything could: before the record of a command id is looked up when that
--      id is among the held rows, before any command of a type not in trail_blind
--      runs (cmd_reject_conflict reads public.commands to name who acted first;
--      the types trail_blind names reach nothing that reads public.commands or
--      public.command_images: catalogue-server.test.ts checks it), and at the end of
--      the call. The floor commands' row images (public.command_images, for
--      undo_command) are held the same way and written at the same points
--      (public.command_images_write, below; issue 43). The call is one transaction: a transient error rolls all of it
--      back, and other transactions see the records at commit (one racing on
--      the same id waits on the id's advisory lock, held until then). seq
--      values of one call are consecutive; the order within each call is kept.
--
-- Before it runs, each command's payload is cut to the fields its type knows
-- (public.cmd_trail_payload, cmd_payload.sql); the record keeps what ran.
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
    'attach_document', 'attach_correction'];
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

comment on function public.apply_commands(jsonb) is
  'Applies device commands in order, each once (idempotent by id), each all-or-nothing; returns per-command outcomes and the transaction id.';

revoke execute on function public.apply_commands(jsonb) from public, anon;

grant execute on function public.apply_commands(jsonb) to authenticated;

-- The held-back records (note 6.) are one array of public.commands rows (beside it their
-- ids, to look one up), written by this one function, in arrival order. Every command type of
-- the catalogue (sync/commands/catalogue.ts) is called statically through the CASE (note 1.);
-- a type that is not listed is unknown_command (tests/integration/catalogue-server.test.ts
-- holds the CASE to the catalogue and to the server's cmd_<type>(command_context, jsonb)
-- functions). trail_blind names the types whose records may stay held back while they run: the
-- types whose functions (and every function they call) never read public.commands or
-- public.command_images; catalogue-server.test.ts checks that from the functions' source.
-- The held-back records of one apply_commands call, in arrival order (seq is given in it).
create or replace function public.commands_write(held public.commands[])
returns void
language sql
set search_path = ''
as $$
  insert into public.commands (id, actor_id, actor_email, type, payload, issued_at, received_at,
                               outcome, code, message, entity_id, message_key, message_params)
  select q.id, q.actor_id, q.actor_email, q.type, q.payload, q.issued_at, q.received_at,
         q.outcome, q.code, q.message, q.entity_id, q.message_key, q.message_params
  from unnest(held) with ordinality as q
  order by q.ordinality;
$$;

revoke execute on function public.commands_write(public.commands[]) from public, anon, authenticated;

-- The floor commands' row images (public.command_images, for undo_command) are held back like
-- the idempotency records (note 6.) and written with them, one INSERT of the held rows, at
-- every point where apply_commands writes the held records: before a type that is not
-- trail_blind runs (undo_command, the only reader of command_images, is not), before a record
-- among the held ones is looked up, and at the end of the call. undo_keep_images (cmd_undo.sql)
-- hands the command's images back to apply_commands through a transaction-local setting
-- (dermaga.images, set_config(..., true)), which apply_commands takes after the command's
-- subtransaction and clears. A refused command's subtransaction rolls the setting back with
-- everything else it did, so only an applied command's images are held. apply_commands clears
-- the setting when it starts, so nothing set before the call is taken. docs/performance.md,
-- "P2 after undo", has the measurements (issue 43).
-- The held images of one apply_commands call, in arrival order. Images older than 30 days
-- are pruned about once every hundred commands, as undo_keep_images did (an index range).
create or replace function public.command_images_write(held public.command_images[])
returns void
language plpgsql
set search_path = ''
as $$
begin
  insert into public.command_images (command_id, type, actor_id, hub_id, images, undone_by, recorded_at)
  select q.command_id, q.type, q.actor_id, q.hub_id, q.images, q.undone_by, q.recorded_at
  from unnest(held) with ordinality as q
  order by q.ordinality;
  if random() < cardinality(held) / 100.0 then
    delete from public.command_images where recorded_at < now() - interval '30 days';
  end if;
end;
$$;

revoke execute on function public.command_images_write(public.command_images[]) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_vehicle_queue.sql ---------------------------------------------------
-- Commands of the vehicle queue at a hub (spec 4.1, 4.3): queue vehicles, start loading
-- (Proses Muat), remove from queue, finish loading. Each returns the id of the row it acted on
-- (for conflict messages) and ends with undo_keep_images (cmd_undo.sql). Device twin:
-- sync/commands/vehicle-queue.ts.
--
-- The most frequent commands, on apply_commands' measured hot path (apply_commands.sql,
-- notes 2., 4. and 5.): no `set search_path` (why that is safe: cmd_helpers.sql); a void
-- helper is called by assigning its result cast to text, not by PERFORM. Each takes the
-- vehicle as it was in the UPDATE that changes it (issue 43): an UPDATE ... FROM a locked read
-- of the same row (FOR UPDATE: the row as it is when locked, also after waiting for another
-- transaction), RETURNING both rows (PostgreSQL 17 has no RETURNING OLD), with the command's
-- preconditions in the WHERE. When it changes nothing, the command takes the slower path
-- (cmd_vehicle_at_hub, cmd_lock_vehicle), which refuses it with the same check in the same
-- order and the same message; the hub check (cmd_require_hub) comes first.

-- The vehicle, locked, or a not_found rejection.
create or replace function public.cmd_lock_vehicle(p_vehicle_id uuid)
returns public.vehicles
language plpgsql
as $$
declare
  v public.vehicles;
begin
  select * into v from public.vehicles where id = p_vehicle_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vehicleNotFound');
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_vehicle(uuid) from public, anon, authenticated;

-- The shape the transitions of the queue share: the hub of the payload (that of the caller,
-- cmd_require_hub), the vehicle locked, and the vehicle at that hub in the
-- state the transition starts from ('siap_muat', 'sedang_muat', or 'queued':
-- either), else a precondition rejection naming its plate (p_refusal: the key of its message, given the plate).
create or replace function public.cmd_vehicle_at_hub(
  ctx public.command_context, p jsonb, p_state text, p_refusal text)
returns public.vehicles
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  v public.vehicles;
  in_state boolean;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  v := public.cmd_lock_vehicle(public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound'));
  -- (A CASE cannot stand in an IF condition: plpgsql reads it up to the first THEN.)
  in_state := case p_state
                when 'siap_muat' then v.siap_muat
                when 'sedang_muat' then v.sedang_muat
                when 'queued' then v.siap_muat or v.sedang_muat
              end;
  if v.current_hub_id is distinct from hub_id or not coalesce(in_state, false) then
    perform public.cmd_reject('precondition', p_refusal, jsonb_build_object('plate', v.license_plate));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text) from public, anon, authenticated;

-- queue_vehicles: Ready -> Siap Muat at the hub, for each vehicle named.
create or replace function public.cmd_queue_vehicles(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  hub public.hubs;
  v public.vehicles;
  vehicle_id uuid;
  ok text;
  imgs jsonb[] := '{}';
  was jsonb;
  after jsonb;
begin
  ok := public.cmd_require_hub(ctx, hub_id)::text;
  hub := public.cmd_hub(hub_id);
  if jsonb_typeof(p -> 'vehicle_ids') is distinct from 'array' or jsonb_array_length(p -> 'vehicle_ids') = 0 then
    ok := public.cmd_reject('validation', 'chooseAtLeastOneVehicle')::text;
  end if;
  for vehicle_id in select public.cmd_uuid(jsonb_build_object('id', e), 'id', 'chooseAtLeastOneVehicle')
                    from jsonb_array_elements_text(p -> 'vehicle_ids') e loop
    update public.vehicles t
       set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
           queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
      from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
     where t.id = o.id and o.is_active and o.ready
       and (hub.type not in ('poljak', 'polsub') or coalesce(btrim(o.nama_kapal), '') <> '')
    returning to_jsonb(o), to_jsonb(t) into was, after;
    if not found then
      -- Refused below (the checks of before, in their order).
      v := public.cmd_lock_vehicle(vehicle_id);
      if not v.is_active or not v.ready then
        ok := public.cmd_reject('precondition',
          'vehicleNotReady', jsonb_build_object('plate', v.license_plate))::text;
      end if;
      -- The port hubs load ships: only sea fleets with a ship name (spec 7.2).
      if hub.type in ('poljak', 'polsub') and coalesce(btrim(v.nama_kapal), '') = '' then
        ok := public.cmd_reject('precondition',
          'notSeaFleet', jsonb_build_object('plate', v.license_plate))::text;
      end if;
      update public.vehicles
         set siap_muat = true, ready = false, sedang_muat = false, current_hub_id = hub_id,
             queued_at = ctx.issued_at, loading_started_at = null, loading_finished_at = null
       where id = vehicle_id
      returning to_jsonb(vehicles) into after;
      was := to_jsonb(v);
    end if;
    -- (A vehicle named twice is refused above: it is no longer ready.)
    imgs := imgs || jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after);
  end loop;
  perform public.undo_keep_images(ctx, to_jsonb(imgs));
  return hub_id;
end;
$$;

revoke execute on function public.cmd_queue_vehicles(public.command_context, jsonb) from public, anon, authenticated;

-- start_loading (Proses Muat): Siap Muat -> Sedang Muat.
create or replace function public.cmd_start_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.siap_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'siap_muat', 'notInReadyQueue');
    update public.vehicles
       set siap_muat = false, sedang_muat = true, ready = false, loading_started_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_start_loading(public.command_context, jsonb) from public, anon, authenticated;

-- remove_from_queue (Keluarkan): out of Siap Muat or Sedang Muat, ready again.
create or replace function public.cmd_remove_from_queue(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set siap_muat = false, sedang_muat = false, ready = true,
         queued_at = null, loading_started_at = null, loading_finished_at = null
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and (o.siap_muat or o.sedang_muat)
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'queued', 'notInQueue');
    update public.vehicles
       set siap_muat = false, sedang_muat = false, ready = true,
           queued_at = null, loading_started_at = null, loading_finished_at = null
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_remove_from_queue(public.command_context, jsonb) from public, anon, authenticated;

-- finish_loading (Selesai Muat): Sedang Muat -> ready for its shipping form.
create or replace function public.cmd_finish_loading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable');
  vehicle_id uuid;
  v public.vehicles;
  was jsonb;
  after jsonb;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  vehicle_id := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  update public.vehicles t
     set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
    from (select * from public.vehicles o where o.id = vehicle_id and not o.deleted for update) o
   where t.id = o.id and o.current_hub_id = hub_id and o.sedang_muat
  returning to_jsonb(o), to_jsonb(t) into was, after;
  if not found then
    v := public.cmd_vehicle_at_hub(ctx, p, 'sedang_muat', 'notLoadingHere');
    update public.vehicles
       set sedang_muat = false, siap_muat = false, ready = true, loading_finished_at = ctx.issued_at
     where id = v.id
    returning to_jsonb(vehicles) into after;
    was := to_jsonb(v);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    jsonb_build_object('t', 'vehicles', 'id', vehicle_id, 'before', was, 'after', after)));
  return vehicle_id;
end;
$$;

revoke execute on function public.cmd_finish_loading(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_shipping.sql ---------------------------------------------------
-- The shipping forms (spec 4.1, 4.2, 5, 7.2, 9): a loaded vehicle leaves its
-- hub. One command per form: create_shipment_darat (Karawang/Cikarang form),
-- create_shipment_poljak, create_shipment_polsub; and set_shipment_image, which
-- the upload queue sends once a photo is in storage.
-- Every row a command creates is named by an id in the payload (made on the
-- device), so a replay and the device's prediction name the same rows.
-- Device twins: sync/commands/shipping.ts.

-- What a vehicle must be to leave with a shipment: live, active, at the hub,
-- and not still carrying a shipment that has not been unloaded.
create or replace function public.cmd_lock_departing_vehicle(p_vehicle_id uuid, p_hub_id uuid)
returns public.vehicles
language plpgsql
set search_path = ''
as $$
declare
  v public.vehicles := public.cmd_lock_vehicle(p_vehicle_id);
  open_batch text;
begin
  if not v.is_active then
    perform public.cmd_reject('precondition', 'vehicleInactive', jsonb_build_object('plate', v.license_plate));
  end if;
  if v.current_hub_id is distinct from p_hub_id then
    perform public.cmd_reject('precondition', 'vehicleNotAtHub', jsonb_build_object('plate', v.license_plate));
  end if;
  select s.batch_number into open_batch
  from public.shipments s
  where s.vehicle_id = v.id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1;
  if found then
    perform public.cmd_reject('precondition',
      'vehicleCarriesShipment', jsonb_build_object('plate', v.license_plate, 'batch', open_batch));
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_lock_departing_vehicle(uuid, uuid) from public, anon, authenticated;

-- set_shipment_image ---------------------------------------------------------------
-- {shipment_id, slot: 'delivery_record' | 'bast', path}: admin, tower control or
-- a user of the shipment's origin hub (who took the photos). Sent by the upload
-- queue once the object is in the bucket; refused (upload_missing) otherwise,
-- so no synced shipment points at a missing file. The URL is stored relative
-- ('/storage/v1/object/public/shipment-documents/{path}'): the app prefixes
-- the Supabase URL it runs against, so the same row works on every stack.
create or replace function public.cmd_set_shipment_image(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
  v_slot text := public.cmd_req_text(p, 'slot', 'invalidCommand');
  v_path text := public.cmd_req_text(p, 'path', 'invalidCommand');
  v_url text;
  s public.shipments;
begin
  -- Only this shipment's own object for this slot (the upload queue's path).
  if v_slot not in ('delivery_record', 'bast')
     or v_path !~ ('^shipments/' || v_shipment_id::text || '/' || v_slot || '\.(png|jpg|jpeg)$') then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  s := public.cmd_lock_shipment(v_shipment_id);
  perform public.cmd_require_hub(ctx, s.origin_hub_id);
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'uploadMissing');
  end if;
  v_url := '/storage/v1/object/public/shipment-documents/' || v_path;
  if v_slot = 'delivery_record' then
    update public.shipments set delivery_record_image_url = v_url, delivery_record = true where id = s.id;
  else
    update public.shipments set bast_image_url = v_url, bast = true where id = s.id;
  end if;
  return s.id;
end;
$$;

revoke execute on function public.cmd_set_shipment_image(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 29: stock-aware shipping forms, and corrections of a shipment sent by
-- mistake. Device twins: sync/commands/shipping.ts (the forms) and
-- sync/commands/shipment-correction.ts (correct_shipment_counts, void_shipment).
--
-- * A shipment takes no more than its origin warehouse (the hub's first, where
--   its negative stock row goes) holds: the warehouse row is locked first
--   (cmd_require_stock), so two commands from the same hub cannot both pass on
--   the same stock; every command that takes stock out takes that lock.
-- * Quantities are whole numbers: a fraction is refused with its own message
--   instead of being cut.
-- * A batch number is used by one live shipment (a voided one frees it); an
--   advisory lock on the number serialises two commands naming it.
-- * Tower control and admin may correct the counts of a shipment still on its
--   way (status otw_*, not yet received), or void it, with a reason. A
--   correction rewrites the shipment's counts and its stock row; a void sets the
--   status 'dibatalkan' and selesai_bongkar (nothing is in transit any more, spec
--   4.2), removes its stock row (the stock returns) and frees the vehicle. The
--   reason stays in the command's payload: the audit trail and the shipment's
--   history (shipment_history, audit_trail.sql, returns the payload). The corrections
--   are in cmd_shipment_correction.sql.

-- A form's quantity: a number, whole (else 'Jumlah harus bilangan bulat.'), in
-- [0, 1000000] (else the form's own message).
create or replace function public.cmd_shipment_quantity(p jsonb, p_key text, p_message text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number' then
    perform public.cmd_reject('validation', p_message);
  end if;
  if (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric) then
    perform public.cmd_reject('validation', 'wholeNumber');
  end if;
  if (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 1000000 then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.cmd_shipment_quantity(jsonb, text, text) from public, anon, authenticated;

-- Locks the warehouse row (every command taking stock out of it takes this
-- lock first, so the second of two waits and then sees what the first took),
-- then refuses taking more than it holds (a stock below zero counts as none,
-- spec 9). The message names the first item short.
create or replace function public.cmd_require_stock(p_warehouse_id uuid, p_smartboards integer, p_brackets integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  wh public.warehouses;
  have_tv bigint;
  have_br bigint;
begin
  select * into wh from public.warehouses where id = p_warehouse_id for update;
  if not found then
    perform public.cmd_reject('precondition', 'originWarehouseMissing');
  end if;
  -- The balance as this transaction sees it (functions/stock_balances.sql): the
  -- sum of the warehouse's live ledger rows, earlier commands of this call included.
  select greatest(h.smartboard_quantity, 0), greatest(h.bracket_quantity, 0)
    into have_tv, have_br
  from public.stock_on_hand(p_warehouse_id) h;
  if p_smartboards > have_tv then
    perform public.cmd_reject('precondition',
      'stockShort', jsonb_build_object('item', 'Smartboard', 'warehouse', wh.name, 'available', have_tv, 'asked', p_smartboards));
  end if;
  if p_brackets > have_br then
    perform public.cmd_reject('precondition',
      'stockShort', jsonb_build_object('item', 'Bracket', 'warehouse', wh.name, 'available', have_br, 'asked', p_brackets));
  end if;
end;
$$;

revoke execute on function public.cmd_require_stock(uuid, integer, integer) from public, anon, authenticated;

-- A batch number names one live shipment; a voided one ('dibatalkan') no longer
-- holds it. The advisory lock makes a second command naming it wait for the first.
create or replace function public.cmd_require_unused_batch(p_batch text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('shipment-batch:' || p_batch, 0));
  if exists (select 1 from public.shipments s
             where s.batch_number = p_batch and not s.deleted and s.status <> 'dibatalkan') then
    perform public.cmd_reject('conflict', 'batchTaken', jsonb_build_object('batch', p_batch));
  end if;
end;
$$;

revoke execute on function public.cmd_require_unused_batch(text) from public, anon, authenticated;

-- create_shipment_darat ----------------------------------------------------------
-- {hub_id, shipment_id, vehicle_id, destination_warehouse_id, batch_number,
--  smartboard_quantity, bracket_quantity, inventory_id, image_count (0..2)}
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
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_shipment_darat(public.command_context, jsonb) from public, anon, authenticated;

-- The PolJak and PolSub forms: one function, each form's own messages -------------
-- {hub_id, shipment_id, container_id, inventory_id, vehicle_id, pelayaran,
--  nama_kapal, no_container, etd, eta, destination_hub_id, smartboard_quantity,
--  bracket_quantity, image_count (1..2), batch_number (POLJAK-/POLSUB-{ms})}
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
  return v_shipment_id;
end;
$$;

revoke execute on function public.cmd_create_sea_shipment(public.command_context, jsonb, text) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_poljak(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'poljak')
$$;

revoke execute on function public.cmd_create_shipment_poljak(public.command_context, jsonb) from public, anon, authenticated;

create or replace function public.cmd_create_shipment_polsub(ctx public.command_context, p jsonb)
returns uuid
language sql
set search_path = ''
as $$
  select public.cmd_create_sea_shipment(ctx, p, 'polsub')
$$;

revoke execute on function public.cmd_create_shipment_polsub(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 41: nothing empty leaves. A shipment carries at least one TV or bracket:
-- the three shipping forms (create_shipment_darat, create_shipment_poljak,
-- create_shipment_polsub) refuse 0 and 0 with code 'validation' and the words the
-- device shows (sync/messages.ts shipmentEmpty; its zod twin: withItems in
-- sync/commands/shipping.ts), right after the quantities are read, before any
-- look-up. Nothing else of the forms changes.

-- Refuses a shipment of no item (both quantities already read as whole numbers >= 0).
create or replace function public.cmd_require_items(p_smartboards integer, p_brackets integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(p_smartboards, 0) <= 0 and coalesce(p_brackets, 0) <= 0 then
    perform public.cmd_reject('validation',
      'shipmentEmpty');
  end if;
end;
$$;

-- Run by apply_commands only (as the file they moved from had it).
revoke execute on function public.cmd_require_items(integer, integer) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_arrival.sql ---------------------------------------------------
-- Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar,
-- Selesai Bongkar at Cikarang, PolJak or PolSub. Each transition is
-- first-writer-wins: the precondition is checked under the shipment's row lock,
-- and a second tablet's late command is refused with code 'conflict' and a
-- message naming who did it first and when (from public.commands).
-- Lock order everywhere: the shipment, then its vehicle.
-- Each ends with undo_keep_images (cmd_undo.sql). Device twin: sync/commands/arrival.ts.

-- The shipment bound for this hub, locked; the actor must act for its destination.
-- (Not named like a command: its arguments are not (command_context, jsonb).)
create or replace function public.cmd_lock_arriving_shipment(ctx public.command_context, p_hub_id uuid, p_shipment_id uuid)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(p_shipment_id);
  dest public.hubs;
begin
  -- Who may act is decided by where the shipment goes, whatever hub the payload names.
  perform public.cmd_require_hub(ctx, s.destination_hub_id);
  if s.destination_hub_id <> p_hub_id then
    perform public.cmd_reject('precondition', 'shipmentNotForHub');
  end if;
  select * into dest from public.hubs where id = s.destination_hub_id;
  if public.hub_kind(dest.name, dest.type) = 'pod' then
    perform public.cmd_reject('precondition', 'podShipmentElsewhere');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_arriving_shipment(public.command_context, uuid, uuid) from public, anon, authenticated;

-- What completing an unloading books, at a hub and at a POD: spec 7.2's
-- inventory rows at the warehouse (one per item type, each only when above
-- zero, dated by the device's day in Jakarta), and spec 4.2's vehicle free
-- again where it unloaded (at a POD too: otherwise it could never be queued again).
create or replace function public.cmd_book_unloaded(
  ctx public.command_context, s public.shipments, p_warehouse_id uuid,
  p_smartboard_inventory_id uuid, p_bracket_inventory_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if s.smartboard_quantity > 0 then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (p_smartboard_inventory_id, p_warehouse_id, public.dm_jakarta_date(ctx.issued_at),
            s.smartboard_quantity, 0, s.batch_number, s.id);
  end if;
  if s.bracket_quantity > 0 then
    insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity,
                                  batch_number, shipment_id)
    values (p_bracket_inventory_id, p_warehouse_id, public.dm_jakarta_date(ctx.issued_at),
            0, s.bracket_quantity, s.batch_number, s.id);
  end if;
  update public.vehicles set ready = true, siap_muat = false, sedang_muat = false where id = s.vehicle_id;
end;
$$;

revoke execute on function public.cmd_book_unloaded(public.command_context, public.shipments, uuid, uuid, uuid) from public, anon, authenticated;

-- confirm_arrival {hub_id, shipment_id}: otw_* -> confirm_tiba
create or replace function public.cmd_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  vehicle jsonb;
begin
  if left(s.status, 4) <> 'otw_' then
    if s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['confirm_arrival', 'pod_confirm_arrival'],
                                         'arrivalAlreadyConfirmed', s.status);
    end if;
    perform public.cmd_reject('precondition', 'notInTransit');
  end if;
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_gdt = ctx.issued_at, current_hub_id = s.destination_hub_id
   where id = s.id;
  -- Spec 4.2: the vehicle is now at the destination.
  update public.vehicles set current_hub_id = s.destination_hub_id where id = s.vehicle_id;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

revoke execute on function public.cmd_confirm_arrival(public.command_context, jsonb) from public, anon, authenticated;

-- start_unloading {hub_id, shipment_id}: confirm_tiba -> sedang_bongkar
create or replace function public.cmd_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
begin
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['start_unloading', 'pod_start_unloading'],
                                         'unloadingAlreadyStarted', s.status);
    end if;
    perform public.cmd_reject('precondition', 'arrivalNotConfirmed');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

revoke execute on function public.cmd_start_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- Issue 40, "the receipt is required": complete_unloading (and pod_complete, cmd_pod.sql)
-- refuse an unloading completion without its counted
-- receipt: the counts, both names and both signatures (public.handover_receipt checks each,
-- with the form's words, sync/messages-handover.ts). A command without a receipt at all (queued
-- by an app from before issue 28, or sent by any client straight to apply_commands) is refused
-- with code 'validation' and the words the device's schema uses (HANDOVER_MESSAGES.receiptRequired):
-- the tablet shows it among its rejected actions as "count again", and the shipment stays
-- sedang_bongkar, so the receipt can be counted and sent. Nothing is booked without a count.
-- With the receipt (issue 28; cmd_handover.sql), the stock booked at the receiving warehouse
-- is received - damaged per item, and the receipt and its discrepancies are written in the
-- same transaction.

-- complete_unloading {hub_id, shipment_id, notes, smartboard_inventory_id,
-- bracket_inventory_id, receipt}: sedang_bongkar -> selesai
create or replace function public.cmd_complete_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_arriving_shipment(
    ctx, public.cmd_uuid(p, 'hub_id', 'hubIdUnavailable'),
    public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_notes text := public.cmd_opt_text(p, 'notes');
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'invalidCommand');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'invalidCommand');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  counted public.shipments;
  imgs jsonb := '[]';
begin
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'handover.receiptRequired');
  end if;
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['complete_unloading', 'pod_complete'],
                                         'unloadingAlreadyFinished', s.status);
    end if;
    perform public.cmd_reject('precondition', 'unloadingNotStarted');
  end if;
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_first_warehouse(s.destination_hub_id);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'hubWarehouseMissing');
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai', selesai_bongkar = true, notes = v_notes, unloading_finished_at = ctx.issued_at
   where id = s.id;
  counted := public.handover_counted(s, r);
  perform public.cmd_book_unloaded(ctx, counted, wh.id, v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

revoke execute on function public.cmd_complete_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_master_data.sql ---------------------------------------------------
-- Master data (spec 2.5 to 2.9, 5, 7.2): inventory, warehouses, vendors,
-- vehicle types, hubs. Vehicles and sea fleets are in
-- functions/cmd_vehicles.sql, warehouse capacity in
-- functions/cmd_warehouse_capacity.sql.
--
-- Who (issue 9, spec 6; the matrix is in docs/security.md): vendors, vehicle
-- types, vehicles and sea fleets: admin, tower_control and hub users (the hub
-- screens' modals); editing or deleting a vendor and everything about hubs:
-- admin only; inventory and warehouses: staff anywhere, a hub user for its own
-- hub's warehouses. Every check is NULL-safe: an unknown role or hub refuses,
-- never passes.
-- Edits merge field by field (docs/sync.md): only the fields a command's
-- `changes` names are written, so two users editing different fields both
-- keep theirs and the later edit of the same field wins.
-- Deletes are soft (deleted = true) and refused while the row is still in use.
-- A name that a unique index forbids twice is refused with code 'duplicate'
-- and a message that says so, also when two commands race for it.
-- Device twins: sync/commands/master-data.ts.

-- A hub user may book stock at its hub's warehouses and, at a POD, at the
-- warehouses located in its city (the same rows it reads, see my_warehouse_ids).
create or replace function public.cmd_require_warehouse(ctx public.command_context, w public.warehouses)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and ctx.hub_id is not null
     and (w.hub_id = ctx.hub_id
          or exists (select 1 from public.hubs h
                     where h.id = ctx.hub_id and not h.deleted and public.hub_kind(h.name, h.type) = 'pod'
                       and public.dm_slug(w.location) = public.dm_slug(public.pod_city_of_hub(h.name, h.city)))) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenWarehouse');
end;
$$;

revoke execute on function public.cmd_require_warehouse(public.command_context, public.warehouses) from public, anon, authenticated;

-- add_inventory {inventory_id, warehouse_id, date_recorded, smartboard_quantity,
-- bracket_quantity, batch_number?} ---------------------------------------------------
create or replace function public.cmd_add_inventory(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_warehouse_id uuid := public.cmd_uuid(p, 'warehouse_id', 'chooseWarehouse');
  v_date date := public.cmd_date(p, 'date_recorded', 'chooseDate');
  v_smartboards integer := public.cmd_quantity(p, 'smartboard_quantity', 'smartboardNotNegative');
  v_brackets integer := public.cmd_quantity(p, 'bracket_quantity', 'bracketNotNegative');
  v_batch text := public.cmd_opt_text(p, 'batch_number');
  v_id uuid := public.cmd_uuid(p, 'inventory_id', 'invalidCommand');
  w public.warehouses;
begin
  perform public.cmd_require_operator(ctx);
  select * into w from public.warehouses where id = v_warehouse_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'warehouseNotFound');
  end if;
  perform public.cmd_require_warehouse(ctx, w);
  perform public.cmd_require_new_id('inventory', v_id);
  insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
  values (v_id, w.id, v_date, v_smartboards, v_brackets, v_batch);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_inventory(public.command_context, jsonb) from public, anon, authenticated;

-- add_warehouse {warehouse_id, name, location?, hub_id?} ------------------------------
create or replace function public.cmd_add_warehouse(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'warehouseNameRequired');
  v_location text := public.cmd_opt_text(p, 'location');
  v_hub_id uuid := public.cmd_uuid_or_null(p, 'hub_id', 'hubNotFound');
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'invalidCommand');
begin
  if char_length(v_name) > 100 then
    perform public.cmd_reject('validation', 'warehouseNameTooLong');
  end if;
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    -- A hub user adds warehouses to its own hub.
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('warehouses', v_id);
  insert into public.warehouses (id, name, location, hub_id) values (v_id, v_name, v_location, v_hub_id);
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_warehouse(public.command_context, jsonb) from public, anon, authenticated;

-- add_vendor {vendor_id, name, contact_person?, phone?} --------------------------------
create or replace function public.cmd_add_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'vendorNameRequired');
  v_contact text := public.cmd_opt_text(p, 'contact_person');
  v_phone text := public.cmd_opt_text(p, 'phone');
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'invalidCommand');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vendors', v_id);
  begin
    insert into public.vendors (id, name, contact_person, phone) values (v_id, v_name, v_contact, v_phone);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVendor', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vendor {vendor_id, changes: {name?, contact_person?, phone?}}: admin only -------
create or replace function public.cmd_edit_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'vendorNotFound');
  c jsonb := public.cmd_changes(p);
  v_name text;
begin
  if c ? 'name' then
    v_name := public.cmd_req_text(c, 'name', 'vendorNameRequiredEdit');
  end if;
  perform public.cmd_require_role(ctx, array['admin']);
  perform 1 from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  begin
    update public.vendors
       set name = case when c ? 'name' then v_name else name end,
           contact_person = case when c ? 'contact_person' then public.cmd_opt_text(c, 'contact_person') else contact_person end,
           phone = case when c ? 'phone' then public.cmd_opt_text(c, 'phone') else phone end
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVendor', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_edit_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vendor {vendor_id}: admin only ---------------------------------------------------
create or replace function public.cmd_delete_vendor(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vendor_id', 'vendorNotFound');
  vendor public.vendors;
  active_count integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  select * into vendor from public.vendors where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  select count(*) into active_count from public.vehicles where vendor_id = v_id and is_active and not deleted;
  if active_count > 0 then
    perform public.cmd_reject('precondition',
      'vendorHasVehicles', jsonb_build_object('name', vendor.name, 'count', active_count));
  end if;
  update public.vendors set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_vendor(public.command_context, jsonb) from public, anon, authenticated;

-- add_vehicle_type {vehicle_type_id, name} --------------------------------------------------
create or replace function public.cmd_add_vehicle_type(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text := public.cmd_req_text(p, 'name', 'vehicleTypeNameRequired');
  v_id uuid := public.cmd_uuid(p, 'vehicle_type_id', 'invalidCommand');
begin
  perform public.cmd_require_operator(ctx);
  perform public.cmd_require_new_id('vehicle_types', v_id);
  begin
    insert into public.vehicle_types (id, name) values (v_id, v_name);
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateVehicleType', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_vehicle_type(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_hubs.sql ---------------------------------------------------
-- add_hub {hub_id, name, city?}: admin only; new hubs get type 'hub' (spec 5) ---------------
create or replace function public.cmd_add_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_name text;
  v_city text;
  v_id uuid;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_name := public.cmd_req_text(p, 'name', 'hubNameRequired');
  v_city := public.cmd_opt_text(p, 'city');
  v_id := public.cmd_uuid(p, 'hub_id', 'invalidCommand');
  perform public.cmd_require_new_id('hubs', v_id);
  begin
    insert into public.hubs (id, name, city, type) values (v_id, v_name, v_city, 'hub');
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateHub', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_add_hub(public.command_context, jsonb) from public, anon, authenticated;

-- edit_hub {hub_id, changes: {name?, city?, blind_count?}}: admin only ----------------------
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
  perform 1 from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  begin
    update public.hubs
       set name = coalesce(v_name, name),
           city = case when c ? 'city' then public.cmd_opt_text(c, 'city') else city end,
           blind_count = coalesce(v_blind, blind_count)
     where id = v_id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicateHub', jsonb_build_object('name', v_name));
  end;
  return v_id;
end;
$$;

revoke execute on function public.cmd_edit_hub(public.command_context, jsonb) from public, anon, authenticated;

-- delete_hub {hub_id}: admin only; soft; refused while anything still hangs on it -----------
create or replace function public.cmd_delete_hub(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  hub public.hubs;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  v_id := public.cmd_uuid(p, 'hub_id', 'hubNotFound');
  select * into hub from public.hubs where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'hubNotFound');
  end if;
  if exists (select 1 from public.warehouses where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasWarehouses', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.vehicles where current_hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasVehicles', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.shipments
             where not selesai_bongkar and not deleted
               and v_id in (origin_hub_id, destination_hub_id, current_hub_id)) then
    perform public.cmd_reject('precondition',
      'hubHasShipments', jsonb_build_object('name', hub.name));
  end if;
  if exists (select 1 from public.profiles where hub_id = v_id and not deleted) then
    perform public.cmd_reject('precondition', 'hubHasUsers', jsonb_build_object('name', hub.name));
  end if;
  update public.hubs set deleted = true where id = v_id;
  return v_id;
end;
$$;

revoke execute on function public.cmd_delete_hub(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_vehicles.sql ---------------------------------------------------
-- Master data, vehicles and sea fleets (spec 2.5 to 2.9, 4.1, 5): add, edit, delete.
-- Adding is for admin, tower_control and hub users (the hub screens' modals);
-- editing and deleting for admin and tower control (hub users act on the
-- vehicles at their own hub through the queue commands). Conventions as in
-- functions/cmd_master_data.sql. Device twins: sync/commands/master-data.ts.

-- The plate (or container number) of an active vehicle is unique, ignoring
-- case and spaces (index vehicles_license_plate_unique_active).
create or replace function public.cmd_require_free_plate(p_plate text, p_except uuid, p_sea boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.vehicles v
             where v.is_active and not v.deleted and v.id is distinct from p_except
               and upper(regexp_replace(v.license_plate, '\s', '', 'g')) = upper(regexp_replace(p_plate, '\s', '', 'g'))) then
    perform public.cmd_reject('duplicate',
      case when p_sea then 'duplicateContainer' else 'duplicatePlate' end, jsonb_build_object('plate', p_plate));
  end if;
end;
$$;

revoke execute on function public.cmd_require_free_plate(text, uuid, boolean) from public, anon, authenticated;

-- The shipment a vehicle still carries (not unloaded yet), or null.
create or replace function public.cmd_open_shipment_batch(p_vehicle_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select s.batch_number from public.shipments s
  where s.vehicle_id = p_vehicle_id and not s.selesai_bongkar and not s.deleted
  order by s.created_at
  limit 1
$$;

revoke execute on function public.cmd_open_shipment_batch(uuid) from public, anon, authenticated;

-- Out of service (deleted or deactivated) only when idle: not queued, not
-- loading, not carrying a shipment.
create or replace function public.cmd_require_idle_vehicle(v public.vehicles)
returns void
language plpgsql
set search_path = ''
as $$
declare
  batch text := public.cmd_open_shipment_batch(v.id);
begin
  if v.siap_muat or v.sedang_muat then
    perform public.cmd_reject('precondition',
      'vehicleInQueue', jsonb_build_object('plate', v.license_plate));
  end if;
  if batch is not null then
    perform public.cmd_reject('precondition',
      'vehicleCarriesShipment', jsonb_build_object('plate', v.license_plate, 'batch', batch));
  end if;
end;
$$;

revoke execute on function public.cmd_require_idle_vehicle(public.vehicles) from public, anon, authenticated;

-- A new vehicle (spec 4.1: ready and active). The hub: the one given, or a hub
-- user's own (spec 6); a hub user places vehicles at its own hub only.
create or replace function public.cmd_insert_vehicle(
  ctx public.command_context, p_id uuid, p_vendor_id uuid, p_plate text, p_type_id uuid,
  p_driver text, p_phone text, p_kapal text, p_pelayaran text, p_hub_id uuid)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_hub_id uuid := p_hub_id;
begin
  perform public.cmd_require_operator(ctx);
  if ctx.role = 'hub_user' then
    v_hub_id := coalesce(v_hub_id, ctx.hub_id);
    perform public.cmd_require_hub(ctx, v_hub_id);
  end if;
  perform 1 from public.vendors where id = p_vendor_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'vendorNotFound');
  end if;
  if p_type_id is not null then
    perform 1 from public.vehicle_types where id = p_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'vehicleTypeNotFound');
    end if;
  end if;
  if v_hub_id is not null then
    perform public.cmd_hub(v_hub_id);
  end if;
  perform public.cmd_require_new_id('vehicles', p_id);
  perform public.cmd_require_free_plate(p_plate, null, p_kapal is not null);
  begin
    insert into public.vehicles (id, license_plate, driver_name, driver_phone, vehicle_type_id, nama_kapal,
                                 nama_pelayaran, vendor_id, current_hub_id, ready, siap_muat, sedang_muat, is_active)
    values (p_id, p_plate, p_driver, p_phone, p_type_id, p_kapal, p_pelayaran, p_vendor_id, v_hub_id,
            true, false, false, true);
  exception when unique_violation then
    perform public.cmd_reject('duplicate',
      case when p_kapal is not null then 'duplicateContainer' else 'duplicatePlate' end,
      jsonb_build_object('plate', p_plate));
  end;
  return p_id;
end;
$$;

revoke execute on function public.cmd_insert_vehicle(public.command_context, uuid, uuid, text, uuid, text, text, text, text, uuid) from public, anon, authenticated;

-- add_vehicle {vehicle_id, vendor_id, mode: darat | laut, license_plate,
-- vehicle_type_id, driver_name?, driver_phone?, nama_kapal?, nama_pelayaran?,
-- current_hub_id?}. Laut: a sea fleet unit, license_plate holds the container
-- number, no vehicle type. Darat: a truck; ship fields are not kept.
create or replace function public.cmd_add_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'chooseVendor');
  v_mode text := p ->> 'mode';
  v_plate text;
  v_type_id uuid;
  v_kapal text;
  v_pelayaran text;
begin
  if v_mode = 'laut' then
    v_kapal := public.cmd_req_text(p, 'nama_kapal', 'completeAllFields');
    v_pelayaran := public.cmd_req_text(p, 'nama_pelayaran', 'completeAllFields');
    v_plate := public.cmd_req_text(p, 'license_plate', 'completeAllFields');
  elsif v_mode = 'darat' then
    v_plate := public.cmd_req_text(p, 'license_plate', 'plateAndTypeRequired');
    v_type_id := public.cmd_uuid(p, 'vehicle_type_id', 'plateAndTypeRequired');
  else
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'invalidCommand'), v_vendor_id, v_plate, v_type_id,
    public.cmd_opt_text(p, 'driver_name'), public.cmd_opt_text(p, 'driver_phone'), v_kapal, v_pelayaran,
    public.cmd_uuid_or_null(p, 'current_hub_id', 'hubNotFound'));
end;
$$;

revoke execute on function public.cmd_add_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- add_sea_fleet {vehicle_id, vendor_id, nama_kapal, nama_pelayaran, container_number, current_hub_id?}
create or replace function public.cmd_add_sea_fleet(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_vendor_id uuid := public.cmd_uuid(p, 'vendor_id', 'seaFleetAllFields');
  v_kapal text := public.cmd_req_text(p, 'nama_kapal', 'seaFleetAllFields');
  v_pelayaran text := public.cmd_req_text(p, 'nama_pelayaran', 'seaFleetAllFields');
  v_container text := public.cmd_req_text(p, 'container_number', 'seaFleetAllFields');
begin
  return public.cmd_insert_vehicle(
    ctx, public.cmd_uuid(p, 'vehicle_id', 'invalidCommand'), v_vendor_id, v_container, null,
    null, null, v_kapal, v_pelayaran, public.cmd_uuid_or_null(p, 'current_hub_id', 'hubNotFound'));
end;
$$;

revoke execute on function public.cmd_add_sea_fleet(public.command_context, jsonb) from public, anon, authenticated;

-- edit_vehicle {vehicle_id, changes: {license_plate?, driver_name?, driver_phone?,
-- vehicle_type_id?, nama_kapal?, nama_pelayaran?, is_active?}} ---------------------------
-- The queue flags and the hub belong to the workflow commands, not to edits.
-- Deactivating takes the vehicle out of service (ready false; refused while it
-- is queued or carrying a shipment); activating makes it ready again.
create or replace function public.cmd_edit_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  c jsonb := public.cmd_changes(p);
  v_plate text;
  v_type_id uuid;
  v_active boolean;
  v public.vehicles;
begin
  if c ? 'license_plate' then
    v_plate := public.cmd_req_text(c, 'license_plate', 'fillAllRequiredFields');
  end if;
  if c ? 'vehicle_type_id' then
    v_type_id := public.cmd_uuid_or_null(c, 'vehicle_type_id', 'vehicleTypeNotFound');
  end if;
  if c ? 'is_active' then
    if jsonb_typeof(c -> 'is_active') is distinct from 'boolean' then
      perform public.cmd_reject('validation', 'invalidCommand');
    end if;
    v_active := (c ->> 'is_active')::boolean;
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  if v_type_id is not null then
    perform 1 from public.vehicle_types where id = v_type_id and not deleted;
    if not found then
      perform public.cmd_reject('not_found', 'vehicleTypeNotFound');
    end if;
  end if;
  if v.is_active and v_active is false then
    perform public.cmd_require_idle_vehicle(v);
  end if;
  if coalesce(v_active, v.is_active) then
    perform public.cmd_require_free_plate(coalesce(v_plate, v.license_plate), v.id,
      coalesce(case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else v.nama_kapal end, '') <> '');
  end if;
  begin
    update public.vehicles
       set license_plate = coalesce(v_plate, license_plate),
           vehicle_type_id = case when c ? 'vehicle_type_id' then v_type_id else vehicle_type_id end,
           driver_name = case when c ? 'driver_name' then public.cmd_opt_text(c, 'driver_name') else driver_name end,
           driver_phone = case when c ? 'driver_phone' then public.cmd_opt_text(c, 'driver_phone') else driver_phone end,
           nama_kapal = case when c ? 'nama_kapal' then public.cmd_opt_text(c, 'nama_kapal') else nama_kapal end,
           nama_pelayaran = case when c ? 'nama_pelayaran' then public.cmd_opt_text(c, 'nama_pelayaran') else nama_pelayaran end,
           is_active = coalesce(v_active, is_active),
           ready = case
             when v_active is false then false
             when v_active and not is_active then not (siap_muat or sedang_muat)
             else ready
           end
     where id = v.id;
  exception when unique_violation then
    perform public.cmd_reject('duplicate', 'duplicatePlate', jsonb_build_object('plate', coalesce(v_plate, v.license_plate)));
  end;
  return v.id;
end;
$$;

revoke execute on function public.cmd_edit_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- delete_vehicle {vehicle_id}: admin and tower control; soft, and only when idle ------------
create or replace function public.cmd_delete_vehicle(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'vehicle_id', 'vehicleNotFound');
  v public.vehicles;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v := public.cmd_lock_vehicle(v_id);
  perform public.cmd_require_idle_vehicle(v);
  update public.vehicles set deleted = true, is_active = false where id = v.id;
  return v.id;
end;
$$;

revoke execute on function public.cmd_delete_vehicle(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_warehouse_capacity.sql ---------------------------------------------------
-- Warehouse capacity (issue 11): the most a warehouse holds (TV + bracket), set by
-- an admin on /hubs; the dashboard's hub cards use it as their maximum. NULL is
-- "not set" (the card shows no fill); never negative. The column is
-- public.warehouses.capacity (tables/).
-- Device twin: sync/commands/warehouse-capacity.ts.

-- set_warehouse_capacity {warehouse_id, capacity: whole number 0..1000000 | null} --------
-- Admin only (spec 6: hub management is the admin's). The key must be present; a
-- JSON null clears the capacity, anything but a whole number in range is refused.
create or replace function public.cmd_set_warehouse_capacity(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'warehouse_id', 'warehouseNotFound');
  v_capacity integer;
begin
  perform public.cmd_require_role(ctx, array['admin']);
  if not (p ? 'capacity') then
    perform public.cmd_reject('validation', 'capacityInvalid');
  end if;
  if jsonb_typeof(p -> 'capacity') <> 'null' then
    v_capacity := public.cmd_quantity(p, 'capacity', 'capacityInvalid');
  end if;
  update public.warehouses set capacity = v_capacity where id = v_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'warehouseNotFound');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_set_warehouse_capacity(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/audit_trail.sql ---------------------------------------------------
-- The audit trail (issue 12): public.commands holds every command a device
-- sent, who sent it, when the device says it happened (issued_at), when the
-- server received it (received_at) and the outcome. It is readable by admin
-- and tower control only (its policy: policies/).
--
-- audit_trail(...) is the paged, filtered read for the audit screen and
-- shipment_history(...) a shipment's transitions in order, for the detail
-- panels. Both are security definer (they name the hub and the actor's name,
-- which tower control cannot read from profiles) and both refuse anyone who
-- is not admin or tower_control with insufficient_privilege (HTTP 403).

-- The hub a command concerns: the hub named in its payload (hub_id, then
-- current_hub_id), else the hub of the user who sent it. Malformed payload
-- values (a rejected command may hold anything) count as none.
create or replace function public.audit_command_hub(payload jsonb, actor uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case when payload ->> 'hub_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         then (payload ->> 'hub_id')::uuid end,
    case when payload ->> 'current_hub_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         then (payload ->> 'current_hub_id')::uuid end,
    (select p.hub_id from public.profiles p where p.user_id = actor)
  )
$$;

revoke execute on function public.audit_command_hub(jsonb, uuid) from public, anon, authenticated;

create or replace function public.audit_trail(
  p_hub_id uuid default null,
  p_actor text default null,
  p_type text default null,
  p_from timestamptz default null,
  p_to timestamptz default null,
  p_before_seq bigint default null,
  p_limit integer default 50
)
returns table (
  seq bigint,
  id uuid,
  type text,
  actor_id uuid,
  actor_email text,
  actor_name text,
  hub_id uuid,
  hub_name text,
  issued_at timestamptz,
  received_at timestamptz,
  outcome text,
  code text,
  message text,
  entity_id uuid,
  payload jsonb,
  message_key text,
  message_params jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_staff();
  return query
  select c.seq, c.id, c.type, c.actor_id, c.actor_email, p.full_name, h.id, h.name,
         c.issued_at, c.received_at, c.outcome, c.code, c.message, c.entity_id, c.payload,
         c.message_key, c.message_params
  from public.commands c
  left join public.profiles p on p.user_id = c.actor_id
  left join public.hubs h on h.id = public.audit_command_hub(c.payload, c.actor_id)
  where (p_before_seq is null or c.seq < p_before_seq)
    and (p_type is null or c.type = p_type)
    and (p_actor is null or c.actor_email ilike '%' || p_actor || '%' or p.full_name ilike '%' || p_actor || '%')
    and (p_hub_id is null or h.id = p_hub_id)
    and (p_from is null or c.issued_at >= p_from)
    and (p_to is null or c.issued_at < p_to)
  order by c.seq desc
  limit least(greatest(coalesce(p_limit, 50), 1), 500);
end;
$$;

comment on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) is
  'Admin and tower control only: commands newest first (by server arrival), filtered by hub, actor (e-mail or name, partial), command type and device time [from, to); page with p_before_seq = the last seq seen.';

revoke execute on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) from public, anon;

grant execute on function public.audit_trail(uuid, text, text, timestamptz, timestamptz, bigint, integer) to authenticated;

create function public.shipment_history(p_shipment_id uuid)
returns table (
  seq bigint,
  type text,
  actor_email text,
  actor_name text,
  issued_at timestamptz,
  received_at timestamptz,
  outcome text,
  message text,
  payload jsonb,
  message_key text,
  message_params jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.require_staff();
  return query
  select c.seq, c.type, c.actor_email, p.full_name, c.issued_at, c.received_at, c.outcome, c.message, c.payload,
         c.message_key, c.message_params
  from public.commands c
  left join public.profiles p on p.user_id = c.actor_id
  where c.entity_id = p_shipment_id or c.payload ->> 'shipment_id' = p_shipment_id::text
  order by c.seq;
end;
$$;

comment on function public.shipment_history(uuid) is
  'Admin and tower control only: every command on one shipment (applied and rejected), in the order the server received them, with its payload.';

revoke execute on function public.shipment_history(uuid) from public, anon;

grant execute on function public.shipment_history(uuid) to authenticated;

-- supabase/schemas/functions/cmd_undo.sql ---------------------------------------------------
-- Undo on the hub floor (issue 29, docs/sync.md "Undo"). Every floor action
-- keeps, beside its outcome, the rows it changed as they were before it and as
-- it left them (public.command_images). undo_command {command_id} reverses one
-- such command exactly: only for the user who sent it (and, for a hub user,
-- from the same hub), only once, and only while every row it changed is still
-- exactly as it left it (a later step, another tablet or an edit refuses it
-- with code 'conflict' and a plain message). Rows it made (the stock rows of an
-- unloading) are soft-deleted, and never so that a warehouse's stock goes
-- below zero. A refusal writes nothing (the command's subtransaction).
--
-- The floor commands end with undo_keep_images (cmd_vehicle_queue.sql, cmd_arrival.sql,
-- cmd_pod.sql). Device twin: sync/commands/undo.ts.

-- Called last by each floor command: p_rows = [{t, id, before, after?}] in lock order; a row without its after
-- image is read as it is now; a row that is not there and was not before is left out. The
-- images go back to apply_commands (dermaga.images; apply_commands.sql, note 6.), which writes them.
create or replace function public.undo_keep_images(ctx public.command_context, p_rows jsonb)
returns void
language plpgsql
as $$
declare
  e jsonb;
  after jsonb;
  imgs jsonb[] := '{}';
  i integer;
begin
  if ctx.command_id is null then
    return;
  end if;
  -- (An index loop: simple expressions, no query to start for each command.)
  for i in 0 .. jsonb_array_length(p_rows) - 1 loop
    e := p_rows -> i;
    after := coalesce(e -> 'after', public.undo_row(e ->> 't', (e ->> 'id')::uuid));
    continue when after is null and jsonb_typeof(e -> 'before') is distinct from 'object';
    imgs := imgs || jsonb_build_object('t', e ->> 't', 'id', e ->> 'id',
                                       'before', coalesce(e -> 'before', 'null'::jsonb), 'after', after);
  end loop;
  -- One command, one images row (the table's primary key refused a second).
  if coalesce(current_setting('dermaga.images', true), '') <> '' then
    raise exception 'images of command % kept twice', ctx.command_id using errcode = '23505';
  end if;
  perform set_config('dermaga.images', to_jsonb(imgs)::text, true);
end;
$$;

revoke execute on function public.undo_keep_images(public.command_context, jsonb) from public, anon, authenticated;

-- One image as a {t, id, before} element of undo_keep_images' list (with its after image
-- when the command has it at hand: an UPDATE's RETURNING, no look-up).
create or replace function public.undo_img(p_table text, p_id uuid, p_before jsonb, p_after jsonb default null)
returns jsonb
language sql
immutable
as $$
  select jsonb_build_object('t', p_table, 'id', p_id, 'before', coalesce(p_before, 'null'::jsonb))
         || case when p_after is null then '{}'::jsonb else jsonb_build_object('after', p_after) end
$$;

revoke execute on function public.undo_img(text, uuid, jsonb, jsonb) from public, anon, authenticated;


-- undo_command {command_id}: the floor command reversed, exactly --------------------------
create or replace function public.cmd_undo_command(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  target uuid := public.cmd_uuid(p, 'command_id', 'undoNotFound');
  rec public.command_images;
  e jsonb;
  tbl text;
  rid uuid;
  cur jsonb;
  moved jsonb;
  sets text;
  warehouses uuid[] := '{}';
begin
  perform public.cmd_require_operator(ctx);
  select * into rec from public.command_images c where c.command_id = target for update;
  if not found then
    -- Never applied (refused, or not a floor action): nothing to reverse.
    perform public.cmd_reject('not_found', 'undoNotFound');
  end if;
  if rec.actor_id <> ctx.user_id then
    perform public.cmd_reject('forbidden', 'undoOnlyActor');
  end if;
  if ctx.role = 'hub_user' and rec.hub_id is distinct from ctx.hub_id then
    perform public.cmd_reject('forbidden', 'forbiddenHub');
  end if;
  if rec.undone_by is not null then
    perform public.cmd_reject('conflict', 'undoAlreadyDone');
  end if;
  -- Every row locked in the command's own order, and still exactly as the command left it.
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', tbl) into cur using rid;
    if cur is null or public.undo_norm(tbl, cur) is distinct from public.undo_norm(tbl, e -> 'after') then
      moved := public.undo_moved_on(tbl, cur);
      perform public.cmd_reject('conflict', moved ->> 'key', moved -> 'params');
    end if;
  end loop;
  for e in select value from jsonb_array_elements(rec.images) loop
    tbl := e ->> 't';
    rid := (e ->> 'id')::uuid;
    if jsonb_typeof(e -> 'before') is distinct from 'object' then
      -- A row the command made (an unloading's stock row): it goes, as a tombstone.
      execute format('update public.%I set deleted = true where id = $1', tbl) using rid;
      if tbl = 'inventory' then
        warehouses := warehouses || (e -> 'after' ->> 'warehouse_id')::uuid;
      end if;
    else
      -- The columns the command changed, back to what they were.
      select string_agg(format('%I = r.%I', k, k), ', ') into sets
      from jsonb_object_keys(e -> 'before') k
      where k not in ('id', 'updated_at', 'change_xid', 'created_at')
        and (e -> 'before' -> k) is distinct from (e -> 'after' -> k);
      if sets is not null then
        execute format('update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2',
                       tbl, sets, tbl)
          using e -> 'before', rid;
      end if;
    end if;
  end loop;
  -- Stock booked by the step and shipped out since cannot be taken back.
  if exists (select 1 from public.inventory i
             where i.warehouse_id = any (warehouses) and not i.deleted
             group by i.warehouse_id
             having sum(i.smartboard_quantity) < 0 or sum(i.bracket_quantity) < 0) then
    perform public.cmd_reject('conflict', 'undoStockUsed');
  end if;
  update public.command_images set undone_by = ctx.command_id where command_id = target;
  return (rec.images -> 0 ->> 'id')::uuid;
end;
$$;

revoke execute on function public.cmd_undo_command(public.command_context, jsonb) from public, anon, authenticated;

-- Undo of a counted completion: its receipt and discrepancies are rows the command made;
-- undo_command tombstones them with its stock rows, and refuses once a discrepancy was
-- resolved. The three helpers below know the tables.

-- A floor row as jsonb (null when there is none).
create or replace function public.undo_row(p_table text, p_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  r jsonb;
begin
  case p_table
    when 'vehicles' then select to_jsonb(t) into r from public.vehicles t where t.id = p_id;
    when 'shipments' then select to_jsonb(t) into r from public.shipments t where t.id = p_id;
    when 'inventory' then select to_jsonb(t) into r from public.inventory t where t.id = p_id;
    when 'shipment_receipts' then select to_jsonb(t) into r from public.shipment_receipts t where t.id = p_id;
    when 'discrepancies' then select to_jsonb(t) into r from public.discrepancies t where t.id = p_id;
  end case;
  return r;
end;
$$;

revoke execute on function public.undo_row(text, uuid) from public, anon, authenticated;

-- A row's values as this session writes them, without what the server stamps on every write.
create or replace function public.undo_norm(p_table text, p jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case p_table
    when 'vehicles' then to_jsonb(jsonb_populate_record(null::public.vehicles, p))
    when 'shipments' then to_jsonb(jsonb_populate_record(null::public.shipments, p))
    when 'inventory' then to_jsonb(jsonb_populate_record(null::public.inventory, p))
    when 'shipment_receipts' then to_jsonb(jsonb_populate_record(null::public.shipment_receipts, p))
    when 'discrepancies' then to_jsonb(jsonb_populate_record(null::public.discrepancies, p))
  end - 'updated_at' - 'change_xid'
$$;

revoke execute on function public.undo_norm(text, jsonb) from public, anon, authenticated;

-- The plain refusal when a row moved on since the command: {key, params}.
create or replace function public.undo_moved_on(p_table text, p_row jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when p_row is null then jsonb_build_object('key', 'undoRowGone')
    when p_table = 'shipments' then jsonb_build_object('key', 'undoShipmentMoved', 'params', jsonb_build_object(
      'batch', p_row ->> 'batch_number',
      'status', coalesce((select s.label from public.shipment_statuses s where s.key = p_row ->> 'status'),
                         p_row ->> 'status')))
    when p_table = 'vehicles' then jsonb_build_object('key', 'undoVehicleChanged',
      'params', jsonb_build_object('plate', p_row ->> 'license_plate'))
    when p_table = 'discrepancies' then jsonb_build_object('key', 'handover.undoDiscrepancyResolved')
    when p_table = 'shipment_receipts' then jsonb_build_object('key', 'handover.undoCountChanged')
    else jsonb_build_object('key', 'undoStockChanged')
  end
$$;

revoke execute on function public.undo_moved_on(text, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_shipment_correction.sql ---------------------------------------------------
-- correct_shipment_counts and void_shipment -----------------------------------
-- The shipment, locked, once the caller may correct it: tower control or admin,
-- a reason given, and the shipment still on its way (not received, not voided).
-- (Not (command_context, jsonb): only commands have that signature.)
create or replace function public.cmd_lock_correctable_shipment(p jsonb, ctx public.command_context)
returns public.shipments
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  s public.shipments;
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_id := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
  perform public.cmd_req_text(p, 'reason', 'reasonRequired');
  s := public.cmd_lock_shipment(v_id);
  if s.selesai_bongkar or s.status not like 'otw\_%' then
    perform public.cmd_reject('precondition',
      'shipmentNotCorrectable');
  end if;
  return s;
end;
$$;

revoke execute on function public.cmd_lock_correctable_shipment(jsonb, public.command_context) from public, anon, authenticated;

-- {shipment_id, smartboard_quantity, bracket_quantity, reason}
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
begin
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  v_smartboards := public.cmd_shipment_quantity(p, 'smartboard_quantity', 'poljak.quantity');
  v_brackets := public.cmd_shipment_quantity(p, 'bracket_quantity', 'poljak.quantity');
  s := public.cmd_lock_correctable_shipment(p, ctx);
  if v_smartboards = s.smartboard_quantity and v_brackets = s.bracket_quantity then
    perform public.cmd_reject('precondition', 'correctionUnchanged');
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

revoke execute on function public.cmd_correct_shipment_counts(public.command_context, jsonb) from public, anon, authenticated;

-- {shipment_id, reason}
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
  return s.id;
end;
$$;

revoke execute on function public.cmd_void_shipment(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_handover.sql ---------------------------------------------------
-- Issue 28: the counted receipt of complete_unloading / pod_complete (the commands are
-- in cmd_arrival.sql and cmd_pod.sql). The same rules as the devices'
-- (sync/commands/handover-receipt.ts, receiptProblems), checked in the same order and
-- refused with the same messages (sync/messages-handover.ts), code 'validation':
--   1. its fields: whole counts 0..100000, both names (1..100), both signature ids,
--      signed_at, each discrepancy's id, item, reason, quantity > 0, note <= 500,
--      1..10 photo ids;
--   2. damaged <= received; the two signatures and the discrepancies' ids distinct;
--   3. per item (TV, then bracket): received < sent needs one 'kurang' of sent - received,
--      received > sent one 'lebih' of received - sent, damaged > 0 one 'rusak' of
--      damaged; nothing else.

-- One count of the receipt: a whole number 0..100000.
create or replace function public.handover_count(p jsonb, p_key text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'number'
     or (p ->> p_key)::numeric <> trunc((p ->> p_key)::numeric)
     or (p ->> p_key)::numeric < 0 or (p ->> p_key)::numeric > 100000 then
    perform public.cmd_reject('validation', 'handover.quantityRange');
  end if;
  return (p ->> p_key)::integer;
end;
$$;

revoke execute on function public.handover_count(jsonb, text) from public, anon, authenticated;

-- A name typed beside a signature: 1..100 characters once trimmed.
create or replace function public.handover_name(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := public.cmd_req_text(p, p_key, p_message);
begin
  if char_length(v) > 100 then
    perform public.cmd_reject('validation', 'handover.nameTooLong');
  end if;
  return v;
end;
$$;

revoke execute on function public.handover_name(jsonb, text, text) from public, anon, authenticated;

-- The parameters of a discrepancy refusal: the item and the reason as message keys (the
-- device names them in its language: 'TV' / 'bracket', 'kurang' / 'short'), and the count.
create or replace function public.handover_discrepancy_params(p_item text, p_reason text, p_count integer)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'item', jsonb_build_object('key', 'handover.itemWord.' || p_item),
    'reason', jsonb_build_object('key', 'handover.reasonWord.' || p_reason),
    'count', p_count)
$$;

revoke execute on function public.handover_discrepancy_params(text, text, integer) from public, anon, authenticated;

-- The receipt of a shipment, checked: its normalized fields, with sent counts and the
-- discrepancies as [{id, item, reason, quantity, note, photo_ids}].
create or replace function public.handover_receipt(r jsonb, s public.shipments)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_id uuid;
  tv_in integer; br_in integer; tv_bad integer; br_bad integer;
  v_receiver text; v_driver text;
  sig_receiver uuid; sig_driver uuid;
  v_signed timestamptz;
  d jsonb;
  ds jsonb := '[]';
  v_note text;
  photos uuid[];
  ph jsonb;
  item text;
  reason text;
  sent integer;
  got integer;
  bad integer;
  expected integer;
  found_n integer;
  found_q integer;
begin
  if jsonb_typeof(r) is distinct from 'object' then
    perform public.cmd_reject('validation', invalid);
  end if;
  v_id := public.cmd_uuid(r, 'receipt_id', invalid);
  tv_in := public.handover_count(r, 'smartboard_received');
  br_in := public.handover_count(r, 'bracket_received');
  tv_bad := public.handover_count(r, 'smartboard_damaged');
  br_bad := public.handover_count(r, 'bracket_damaged');
  v_receiver := public.handover_name(r, 'receiver_name', 'handover.receiverNameRequired');
  v_driver := public.handover_name(r, 'driver_name', 'handover.driverNameRequired');
  sig_receiver := public.cmd_uuid(r, 'receiver_signature_id', 'handover.receiverSignature');
  sig_driver := public.cmd_uuid(r, 'driver_signature_id', 'handover.driverSignature');
  if jsonb_typeof(r -> 'signed_at') is distinct from 'string'
     or (r ->> 'signed_at') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_signed := (r ->> 'signed_at')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  if r -> 'discrepancies' is null or jsonb_typeof(r -> 'discrepancies') = 'null' then
    r := r || jsonb_build_object('discrepancies', '[]'::jsonb);
  end if;
  if jsonb_typeof(r -> 'discrepancies') <> 'array' or jsonb_array_length(r -> 'discrepancies') > 6 then
    perform public.cmd_reject('validation', invalid);
  end if;
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    if jsonb_typeof(d) is distinct from 'object' then
      perform public.cmd_reject('validation', invalid);
    end if;
    perform public.cmd_uuid(d, 'id', invalid);
    if jsonb_typeof(d -> 'item') is distinct from 'string' or d ->> 'item' not in ('smartboard', 'bracket')
       or jsonb_typeof(d -> 'reason') is distinct from 'string' or d ->> 'reason' not in ('kurang', 'lebih', 'rusak') then
      perform public.cmd_reject('validation', invalid);
    end if;
    if jsonb_typeof(d -> 'quantity') is distinct from 'number'
       or (d ->> 'quantity')::numeric <> trunc((d ->> 'quantity')::numeric)
       or (d ->> 'quantity')::numeric < 1 or (d ->> 'quantity')::numeric > 100000 then
      perform public.cmd_reject('validation', 'handover.discrepancyRange');
    end if;
    v_note := public.cmd_opt_text(d, 'note');
    if char_length(v_note) > 500 then
      perform public.cmd_reject('validation', 'handover.noteTooLong');
    end if;
    if jsonb_typeof(d -> 'photo_ids') is distinct from 'array' or jsonb_array_length(d -> 'photo_ids') = 0 then
      perform public.cmd_reject('validation', 'handover.photoRequired');
    end if;
    if jsonb_array_length(d -> 'photo_ids') > 10 then
      perform public.cmd_reject('validation', 'handover.maxPhotos');
    end if;
    photos := '{}';
    for ph in select value from jsonb_array_elements(d -> 'photo_ids') loop
      photos := photos || public.cmd_uuid(jsonb_build_object('id', ph), 'id', invalid);
    end loop;
    ds := ds || jsonb_build_object('id', (d ->> 'id')::uuid, 'item', d ->> 'item', 'reason', d ->> 'reason',
                                   'quantity', (d ->> 'quantity')::integer, 'note', v_note,
                                   'photo_ids', to_jsonb(photos));
  end loop;

  if tv_bad > tv_in or br_bad > br_in then
    perform public.cmd_reject('validation', 'handover.damagedOverReceived');
  end if;
  if sig_receiver = sig_driver
     or (select count(distinct e ->> 'id') from jsonb_array_elements(ds) e) <> jsonb_array_length(ds) then
    perform public.cmd_reject('validation', invalid);
  end if;

  foreach item in array array['smartboard', 'bracket'] loop
    sent := case item when 'smartboard' then s.smartboard_quantity else s.bracket_quantity end;
    got := case item when 'smartboard' then tv_in else br_in end;
    bad := case item when 'smartboard' then tv_bad else br_bad end;
    foreach reason in array array['kurang', 'lebih', 'rusak'] loop
      expected := case reason when 'kurang' then greatest(sent - got, 0)
                              when 'lebih' then greatest(got - sent, 0) else bad end;
      select count(*), max((e ->> 'quantity')::integer) into found_n, found_q
      from jsonb_array_elements(ds) e where e ->> 'item' = item and e ->> 'reason' = reason;
      if expected > 0 and found_n = 0 then
        perform public.cmd_reject('validation',
          'handover.recordDiscrepancy', public.handover_discrepancy_params(item, reason, expected));
      end if;
      if expected = 0 and found_n > 0 then
        perform public.cmd_reject('validation',
          'handover.noDiscrepancy', public.handover_discrepancy_params(item, reason, null));
      end if;
      if found_n > 1 or (found_n = 1 and found_q <> expected) then
        perform public.cmd_reject('validation',
          'handover.discrepancyMustBe', public.handover_discrepancy_params(item, reason, expected));
      end if;
    end loop;
  end loop;

  return jsonb_build_object(
    'id', v_id, 'smartboard_sent', s.smartboard_quantity, 'bracket_sent', s.bracket_quantity,
    'smartboard_received', tv_in, 'bracket_received', br_in, 'smartboard_damaged', tv_bad, 'bracket_damaged', br_bad,
    'receiver_name', v_receiver, 'driver_name', v_driver,
    'receiver_signature_id', sig_receiver, 'driver_signature_id', sig_driver, 'signed_at', v_signed,
    'discrepancies', ds);
end;
$$;

revoke execute on function public.handover_receipt(jsonb, public.shipments) from public, anon, authenticated;

-- Writes a checked receipt and its discrepancies for the shipment; returns their undo images
-- (rows the command made: undo_command tombstones them with the stock rows).
create or replace function public.handover_store_receipt(ctx public.command_context, s public.shipments,
                                                         p_warehouse_id uuid, r jsonb)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  d jsonb;
  imgs jsonb;
begin
  perform public.cmd_require_new_id('shipment_receipts', (r ->> 'id')::uuid);
  insert into public.shipment_receipts (
    id, shipment_id, warehouse_id, smartboard_sent, bracket_sent, smartboard_received, bracket_received,
    smartboard_damaged, bracket_damaged, receiver_name, driver_name, receiver_signature_id, driver_signature_id,
    signed_at, counted_by, received_at)
  values ((r ->> 'id')::uuid, s.id, p_warehouse_id, (r ->> 'smartboard_sent')::integer,
          (r ->> 'bracket_sent')::integer, (r ->> 'smartboard_received')::integer,
          (r ->> 'bracket_received')::integer, (r ->> 'smartboard_damaged')::integer,
          (r ->> 'bracket_damaged')::integer, r ->> 'receiver_name', r ->> 'driver_name',
          (r ->> 'receiver_signature_id')::uuid, (r ->> 'driver_signature_id')::uuid,
          (r ->> 'signed_at')::timestamptz, ctx.user_id, ctx.received_at);
  imgs := jsonb_build_array(public.undo_img('shipment_receipts', (r ->> 'id')::uuid, null));
  for d in select value from jsonb_array_elements(r -> 'discrepancies') loop
    perform public.cmd_require_new_id('discrepancies', (d ->> 'id')::uuid);
    insert into public.discrepancies (id, shipment_id, receipt_id, item, reason, quantity, note, photo_ids,
                                      origin_hub_id, destination_hub_id, reported_by, reported_at)
    values ((d ->> 'id')::uuid, s.id, (r ->> 'id')::uuid, d ->> 'item', d ->> 'reason',
            (d ->> 'quantity')::integer, d ->> 'note',
            array(select jsonb_array_elements_text(d -> 'photo_ids'))::uuid[],
            s.origin_hub_id, s.destination_hub_id, ctx.user_id, ctx.received_at);
    imgs := imgs || public.undo_img('discrepancies', (d ->> 'id')::uuid, null);
  end loop;
  return imgs;
end;
$$;

revoke execute on function public.handover_store_receipt(public.command_context, public.shipments, uuid, jsonb) from public, anon, authenticated;

-- What an unloading books: the shipment's counts, or with a receipt what was counted in
-- good order (received - damaged per item).
create or replace function public.handover_counted(s public.shipments, r jsonb)
returns public.shipments
language plpgsql
immutable
set search_path = ''
as $$
begin
  if r is not null then
    s.smartboard_quantity := (r ->> 'smartboard_received')::integer - (r ->> 'smartboard_damaged')::integer;
    s.bracket_quantity := (r ->> 'bracket_received')::integer - (r ->> 'bracket_damaged')::integer;
  end if;
  return s;
end;
$$;

revoke execute on function public.handover_counted(public.shipments, jsonb) from public, anon, authenticated;

-- resolve_discrepancy {discrepancy_id, note}: tower control and admins close an open
-- discrepancy with a note; a second resolve is a conflict naming who resolved it and when.
create or replace function public.cmd_resolve_discrepancy(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := public.cmd_uuid(p, 'discrepancy_id', 'handover.discrepancyNotFound');
  v_note text := public.cmd_req_text(p, 'note', 'handover.resolutionNoteRequired');
  d public.discrepancies;
  who jsonb;
begin
  if char_length(v_note) > 500 then
    perform public.cmd_reject('validation', 'handover.noteTooLong');
  end if;
  perform public.cmd_require_role(ctx, array['admin', 'tower_control']);
  select * into d from public.discrepancies where id = v_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'handover.discrepancyNotFound');
  end if;
  if d.status = 'resolved' then
    select coalesce(to_jsonb(pr.email), jsonb_build_object('key', 'anotherUser')) into who
    from (select 1) one left join public.profiles pr on pr.user_id = d.resolved_by;
    perform public.cmd_reject('conflict', 'handover.discrepancyResolvedBy',
      jsonb_build_object('who', who, 'when', public.dm_format_wib(d.resolved_at)));
  end if;
  update public.discrepancies
     set status = 'resolved', resolved_by = ctx.user_id, resolved_at = ctx.received_at, resolution_note = v_note
   where id = d.id;
  return d.id;
end;
$$;

revoke execute on function public.cmd_resolve_discrepancy(public.command_context, jsonb) from public, anon, authenticated;

-- attach_document {id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
-- latitude?, longitude?, accuracy_m?, discrepancy_id?}: sent by the upload queue once the
-- object is in the bucket (refused 'upload_missing' otherwise, as set_shipment_image), so
-- no row points at a missing file. The surat jalan is the origin hub's; the rest the
-- receiving side's (the destination hub, or for a POD shipment a POD hub of its city);
-- staff any. Idempotent by id: the same document again is applied without a change.
create or replace function public.cmd_attach_document(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_id uuid := public.cmd_uuid(p, 'id', invalid);
  v_shipment_id uuid := public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound');
  v_kind text := public.cmd_req_text(p, 'kind', invalid);
  v_mime text := public.cmd_req_text(p, 'mime', invalid);
  v_path text := public.cmd_req_text(p, 'path', invalid);
  v_size integer := public.cmd_int_between(p, 'size_bytes', 1, 52428800, invalid, invalid);
  v_sha text := public.cmd_req_text(p, 'sha256', invalid);
  v_time timestamptz;
  v_lat double precision;
  v_lon double precision;
  v_acc double precision;
  v_discrepancy uuid := public.cmd_uuid_or_null(p, 'discrepancy_id', invalid);
  v_ext text;
  s public.shipments;
  dest public.hubs;
  prior public.shipment_documents;
begin
  v_ext := case v_mime when 'application/pdf' then 'pdf' when 'image/png' then 'png' when 'image/jpeg' then 'jpg' end;
  if v_kind not in ('surat_jalan', 'bast', 'signature_receiver', 'signature_driver', 'discrepancy_photo')
     or v_ext is null
     or v_path <> 'shipments/' || v_shipment_id::text || '/documents/' || v_id::text || '.' || v_ext
     or v_sha !~ '^[0-9a-f]{64}$'
     or (v_discrepancy is not null and v_kind <> 'discrepancy_photo') then
    perform public.cmd_reject('validation', invalid);
  end if;
  if jsonb_typeof(p -> 'device_time') is distinct from 'string'
     or (p ->> 'device_time') !~ '^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$' then
    perform public.cmd_reject('validation', invalid);
  end if;
  begin
    v_time := (p ->> 'device_time')::timestamptz;
  exception when others then
    perform public.cmd_reject('validation', invalid);
  end;
  v_lat := public.handover_coordinate(p, 'latitude', -90, 90);
  v_lon := public.handover_coordinate(p, 'longitude', -180, 180);
  v_acc := public.handover_coordinate(p, 'accuracy_m', 0, 1e7);
  if (v_lat is null) <> (v_lon is null) then
    perform public.cmd_reject('validation', invalid);
  end if;

  s := public.cmd_lock_shipment(v_shipment_id);
  if v_kind = 'surat_jalan' then
    perform public.cmd_require_hub(ctx, s.origin_hub_id);
  else
    select * into dest from public.hubs where id = s.destination_hub_id;
    if public.hub_kind(dest.name, dest.type) = 'pod' then
      perform public.cmd_require_pod(ctx, public.cmd_pod_city(s));
    else
      perform public.cmd_require_hub(ctx, s.destination_hub_id);
    end if;
  end if;
  select * into prior from public.shipment_documents where id = v_id;
  if found then
    if prior.shipment_id = v_shipment_id and prior.path = v_path and prior.sha256 = v_sha and not prior.deleted then
      return prior.id;
    end if;
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  if v_discrepancy is not null
     and exists (select 1 from public.discrepancies x where x.id = v_discrepancy and x.shipment_id <> v_shipment_id) then
    perform public.cmd_reject('validation', invalid);
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'shipment-documents' and o.name = v_path) then
    perform public.cmd_reject('upload_missing', 'handover.fileMissing');
  end if;
  insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time,
                                         latitude, longitude, accuracy_m, discrepancy_id, uploaded_by, received_at)
  values (v_id, v_shipment_id, v_kind, v_path, v_mime, v_size, v_sha, v_time,
          v_lat, v_lon, v_acc, v_discrepancy, ctx.user_id, ctx.received_at);
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_document(public.command_context, jsonb) from public, anon, authenticated;

-- An optional number within [p_min, p_max] (a coordinate, an accuracy): missing or null is null.
create or replace function public.handover_coordinate(p jsonb, p_key text, p_min double precision,
                                                      p_max double precision)
returns double precision
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'number' or (p ->> p_key)::double precision not between p_min and p_max then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return (p ->> p_key)::double precision;
end;
$$;

revoke execute on function public.handover_coordinate(jsonb, text, double precision, double precision) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_document_correction.sql ---------------------------------------------------
-- attach_correction {…attach_document's fields, replaces}: attach_document's rules, then
-- the link. Idempotent by id as attach_document: the same correction again changes
-- nothing; the same id naming another replaced document is refused.
create or replace function public.cmd_attach_correction(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_replaces uuid := public.cmd_uuid(p, 'replaces', invalid);
  v_id uuid;
  replaced public.shipment_documents;
begin
  -- attach_document's checks first (who may attach this kind to this shipment, the stored
  -- object, its measured facts), so nothing is said of a shipment the caller may not touch;
  -- a refusal below rolls its insert back with the rest of the command.
  v_id := public.cmd_attach_document(ctx, p - 'replaces');
  select * into replaced from public.shipment_documents d where d.id = v_replaces and not d.deleted;
  if not found
     or replaced.shipment_id::text is distinct from (p ->> 'shipment_id')
     or replaced.kind is distinct from (p ->> 'kind')
     or replaced.id = v_id then
    perform public.cmd_reject('validation', 'handover.replacedNotFound');
  end if;
  update public.shipment_documents set replaces = v_replaces where id = v_id and replaces is null;
  if not exists (select 1 from public.shipment_documents d where d.id = v_id and d.replaces = v_replaces) then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_correction(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/cmd_pod.sql ---------------------------------------------------
-- The POD flow (spec 2.10, 4.2, 8.5): otw_{city} -> Confirm Tiba -> confirm_tiba
-- -> Mulai Bongkar -> sedang_bongkar -> Selesai Bongkar -> selesai_pod.
-- Allowed: admin, tower_control, and a hub user of a POD hub of the shipment's
-- city. First writer wins as at the hubs (cmd_arrival.sql).
-- Device twins: sync/commands/pod.ts.

-- The POD city of a shipment: from its otw_ status while on the way, from its
-- destination hub after arrival (spec 4.2: the Confirm Tiba and Sedang Bongkar
-- tabs take it from the destination hub).
create or replace function public.cmd_pod_city(s public.shipments)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when left(s.status, 4) = 'otw_' then public.pod_city_from_status(s.status)
    else (select public.pod_city_of_hub(h.name, h.city) from public.hubs h where h.id = s.destination_hub_id)
  end
$$;

revoke execute on function public.cmd_pod_city(public.shipments) from public, anon, authenticated;

create or replace function public.cmd_require_pod(ctx public.command_context, p_city text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if ctx.role in ('admin', 'tower_control') then
    return;
  end if;
  if ctx.role = 'hub_user' and public.dm_slug(p_city) is not null and exists (
       select 1 from public.hubs h
       where h.id = ctx.hub_id and not h.deleted
         and public.hub_kind(h.name, h.type) = 'pod'
         and public.dm_slug(public.pod_city_of_hub(h.name, h.city)) = public.dm_slug(p_city)) then
    return;
  end if;
  perform public.cmd_reject('forbidden', 'forbiddenPod');
end;
$$;

revoke execute on function public.cmd_require_pod(public.command_context, text) from public, anon, authenticated;

-- pod_confirm_arrival {shipment_id}
create or replace function public.cmd_pod_confirm_arrival(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
  who jsonb;
  target public.hubs;
  vehicle jsonb;
begin
  perform public.cmd_require_pod(ctx, v_city);
  if left(s.status, 4) <> 'otw_' then
    -- A second tablet was late: name the first. Anything else is the spec's message.
    who := public.cmd_who_when(s.id, array['pod_confirm_arrival', 'confirm_arrival']);
    if who is not null and s.status in ('confirm_tiba', 'sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject('conflict', 'conflictBy',
        who || jsonb_build_object('what', jsonb_build_object('key', 'arrivalAlreadyConfirmed')));
    end if;
    perform public.cmd_reject('precondition', 'invalidStatusFormat');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
  end if;
  -- Spec 4.2: the hub whose city or name matches; when there is none the
  -- current hub stays as it is (the original only warned in the console).
  target := public.cmd_city_hub(v_city, s.destination_hub_id);
  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'confirm_tiba', arrival_destination = ctx.issued_at,
         current_hub_id = coalesce(target.id, s.current_hub_id)
   where id = s.id;
  -- Past the spec, as at the hubs: the sea fleet unit is now at the POD.
  if target.id is not null then
    update public.vehicles set current_hub_id = target.id where id = s.vehicle_id;
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)), public.undo_img('vehicles', s.vehicle_id, vehicle)));
  return s.id;
end;
$$;

revoke execute on function public.cmd_pod_confirm_arrival(public.command_context, jsonb) from public, anon, authenticated;

-- pod_start_unloading {shipment_id}
create or replace function public.cmd_pod_start_unloading(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
begin
  perform public.cmd_require_pod(ctx, v_city);
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
  end if;
  if s.status <> 'confirm_tiba' then
    if s.status in ('sedang_bongkar', 'selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_start_unloading', 'start_unloading'],
                                         'unloadingAlreadyStarted', s.status);
    end if;
    perform public.cmd_reject('precondition', 'arrivalNotConfirmed');
  end if;
  update public.shipments set status = 'sedang_bongkar', unloading_started_at = ctx.issued_at where id = s.id;
  perform public.undo_keep_images(ctx, jsonb_build_array(public.undo_img('shipments', s.id, to_jsonb(s))));
  return s.id;
end;
$$;

revoke execute on function public.cmd_pod_start_unloading(public.command_context, jsonb) from public, anon, authenticated;

-- pod_complete {shipment_id, smartboard_inventory_id, bracket_inventory_id, receipt}
create or replace function public.cmd_pod_complete(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  s public.shipments := public.cmd_lock_shipment(public.cmd_uuid(p, 'shipment_id', 'shipmentNotFound'));
  v_city text := public.cmd_pod_city(s);
  v_smartboard_inventory_id uuid := public.cmd_uuid(p, 'smartboard_inventory_id', 'invalidCommand');
  v_bracket_inventory_id uuid := public.cmd_uuid(p, 'bracket_inventory_id', 'invalidCommand');
  wh public.warehouses;
  vehicle jsonb;
  r jsonb;
  imgs jsonb := '[]';
begin
  perform public.cmd_require_pod(ctx, v_city);
  -- Issue 40: the counted receipt is required (an older app's command without one: count again).
  if p -> 'receipt' is null or jsonb_typeof(p -> 'receipt') = 'null' then
    perform public.cmd_reject('validation',
      'handover.receiptRequired');
  end if;
  if v_smartboard_inventory_id = v_bracket_inventory_id then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  if v_city is null then
    perform public.cmd_reject('precondition', 'cityUnavailable');
  end if;
  if s.status <> 'sedang_bongkar' then
    if s.status in ('selesai', 'selesai_pod') then
      perform public.cmd_reject_conflict(s.id, array['pod_complete', 'complete_unloading'],
                                         'unloadingAlreadyFinished', s.status);
    end if;
    perform public.cmd_reject('precondition', 'unloadingNotStarted');
  end if;
  r := public.handover_receipt(p -> 'receipt', s);
  wh := public.cmd_city_warehouse(v_city);
  if wh.id is null then
    perform public.cmd_reject('precondition', 'warehouseNotFoundForCity', jsonb_build_object('city', v_city));
  end if;
  perform public.cmd_require_new_id('inventory', v_smartboard_inventory_id);
  perform public.cmd_require_new_id('inventory', v_bracket_inventory_id);

  select to_jsonb(v) into vehicle from public.vehicles v where v.id = s.vehicle_id for update;
  update public.shipments
     set status = 'selesai_pod', selesai_bongkar = true, unloading_finished_at = ctx.issued_at
   where id = s.id;
  perform public.cmd_book_unloaded(ctx, public.handover_counted(s, r), wh.id,
                                   v_smartboard_inventory_id, v_bracket_inventory_id);
  if r is not null then
    imgs := public.handover_store_receipt(ctx, s, wh.id, r);
  end if;
  perform public.undo_keep_images(ctx, jsonb_build_array(
    public.undo_img('shipments', s.id, to_jsonb(s)),
    public.undo_img('inventory', v_smartboard_inventory_id, null),
    public.undo_img('inventory', v_bracket_inventory_id, null),
    public.undo_img('vehicles', s.vehicle_id, vehicle)) || imgs);
  return s.id;
end;
$$;

revoke execute on function public.cmd_pod_complete(public.command_context, jsonb) from public, anon, authenticated;

-- supabase/schemas/functions/shipment_documents.sql ---------------------------------------------------
-- Who may write its objects (issue 9). Objects are the upload queue's
-- deterministic paths, shipments/<shipment id>/<slot>.<ext>
-- (sync/uploads/queue.ts). Only those who may set the shipment's photos
-- (admin, tower control, users of its origin hub: cmd_set_shipment_image) may
-- upload or replace them, and an object a shipment already points at is never
-- replaced by anyone but the user who uploaded it.

-- The shipment an object path belongs to, or null for any other path.
create or replace function public.shipment_document_owner(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(delivery_record|bast)\.(png|jpg|jpeg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

revoke execute on function public.shipment_document_owner(text) from public, anon;

grant execute on function public.shipment_document_owner(text) to authenticated, service_role;

-- May the caller write this object? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff() or s.origin_hub_id = public.my_hub_id()
    from public.shipments s
    where s.id = public.shipment_document_owner(p_name) and not s.deleted
  ), false)
$$;

revoke execute on function public.may_write_shipment_document(text) from public, anon;

grant execute on function public.may_write_shipment_document(text) to authenticated, service_role;

-- Does a shipment point at this object already?
create or replace function public.shipment_document_in_use(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.id = public.shipment_document_owner(p_name)
      and '/storage/v1/object/public/shipment-documents/' || p_name in (s.delivery_record_image_url, s.bast_image_url)
  )
$$;

revoke execute on function public.shipment_document_in_use(text) from public, anon;

grant execute on function public.shipment_document_in_use(text) to authenticated, service_role;

-- The shipment a document's path belongs to, or null for any other path.
create or replace function public.shipment_of_document_file(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when p_name ~ '^shipments/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/documents/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$'
    then split_part(p_name, '/', 2)::uuid
  end
$$;

revoke execute on function public.shipment_of_document_file(text) from public, anon;

grant execute on function public.shipment_of_document_file(text) to authenticated, service_role;

-- May the caller store this document file? NULL-safe: no hub, no shipment, no right.
create or replace function public.may_write_shipment_document_file(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select public.is_staff()
      or s.origin_hub_id = public.my_hub_id()
      or s.destination_hub_id = public.my_hub_id()
      or exists (
        select 1 from public.hubs h
        where h.id = public.my_hub_id() and not h.deleted
          and public.hub_kind(h.name, h.type) = 'pod'
          and public.dm_slug(public.pod_city_of_hub(h.name, h.city)) = public.dm_slug(public.cmd_pod_city(s))
      )
    from public.shipments s
    where s.id = public.shipment_of_document_file(p_name) and not s.deleted
  ), false)
$$;

revoke execute on function public.may_write_shipment_document_file(text) from public, anon;

grant execute on function public.may_write_shipment_document_file(text) to authenticated, service_role;

-- The shipment an object of the bucket belongs to: a shipping form's photo
-- (shipments/<id>/<slot>.<ext>) or a handover document (shipments/<id>/documents/<id>.<ext>).
create or replace function public.shipment_of_object(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select coalesce(public.shipment_document_owner(p_name), public.shipment_of_document_file(p_name))
$$;

revoke execute on function public.shipment_of_object(text) from public, anon;

grant execute on function public.shipment_of_object(text) to authenticated, service_role;

-- May the caller read this object? Security invoker: the shipments' own read policy decides
-- (staff every shipment; a hub user those from, to or at its hubs), as for every other row
-- of the shipment, so a user who moved hubs or was deleted reads nothing.
create or replace function public.may_read_shipment_object(p_name text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.shipments s where s.id = public.shipment_of_object(p_name))
$$;

revoke execute on function public.may_read_shipment_object(text) from public, anon;

grant execute on function public.may_read_shipment_object(text) to authenticated, service_role;

-- Sealed: an object a shipment_documents row names. Security definer: the seal holds
-- whoever asks, whatever rows they may read. Volatile, so that under READ COMMITTED it reads
-- with a snapshot of its own: an upsert that waited for the object's row (locked by the
-- attach that seals it, shipment_document_measured) sees the attach once it committed.
create or replace function public.document_file_sealed(p_bucket text, p_name text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select p_bucket = 'shipment-documents'
     and exists (select 1 from public.shipment_documents d where d.path = p_name)
$$;

revoke execute on function public.document_file_sealed(text, text) from public, anon;

grant execute on function public.document_file_sealed(text, text) to authenticated, service_role;

-- Measured: what attach_document records is what is stored. The Storage that took the
-- upload wrote size, mimetype and sha256 into the object's metadata (the local stand-in
-- while streaming it; hosted: docs/security.md); a claim that differs from any of them is
-- refused, inside the command (a rejection, not an error), and nothing is recorded. The
-- object's row is locked for the rest of the command, so the bytes measured are the bytes
-- sealed. An object without a measured hash (stored before issue 40) keeps the device's
-- claim for the hash; its size and type are still the stored ones.
create or replace function public.shipment_document_measured()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  m jsonb;
begin
  select coalesce(o.metadata, '{}'::jsonb) into m
  from storage.objects o
  where o.bucket_id = 'shipment-documents' and o.name = new.path
  for share;
  if not found then
    return new; -- attach_document refuses a missing object itself (upload_missing)
  end if;
  if (jsonb_typeof(m -> 'size') = 'number' and (m ->> 'size')::numeric <> new.size_bytes)
     or (jsonb_typeof(m -> 'mimetype') = 'string' and m ->> 'mimetype' <> new.mime)
     or (jsonb_typeof(m -> 'sha256') = 'string' and m ->> 'sha256' <> new.sha256) then
    perform public.cmd_reject('document_mismatch',
      'handover.fileMismatch');
  end if;
  return new;
end;
$$;

revoke execute on function public.shipment_document_measured() from public, anon, authenticated;

-- supabase/schemas/data/app_messages.sql ------------------------------------------------
-- Written by `npm run messages:sql` from sync/server-texts.ts (tables/app_messages.sql).
insert into public.app_messages (key, text) values
  ('chooseVendorFirst', 'Pilih vendor terlebih dahulu'),
  ('chooseAtLeastOneVehicle', 'Pilih minimal satu kendaraan'),
  ('hubIdUnavailable', 'Tidak dapat mengambil Hub ID saat ini'),
  ('localWriteFailed', 'Tidak tersimpan di perangkat: penyimpanan browser penuh atau tidak tersedia. Kosongkan ruang penyimpanan lalu coba lagi.'),
  ('vehicleNotFound', 'Kendaraan tidak ditemukan.'),
  ('hubNotFound', 'Hub tidak ditemukan.'),
  ('selectDestinationWarehouse', 'Please select a destination warehouse'),
  ('enterBatchNumber', 'Please enter batch number'),
  ('maxTwoImages', 'Maximum 2 images allowed'),
  ('statusUndetermined', 'Gagal menentukan status pengiriman dari tujuan gudang.'),
  ('poljak.pelayaran', 'Pelayaran is required'),
  ('poljak.namaKapal', 'Nama kapal is required'),
  ('poljak.noContainer', 'No container is required'),
  ('poljak.etd', 'ETD is required'),
  ('poljak.eta', 'ETA is required'),
  ('poljak.destination', 'Destination is required'),
  ('poljak.quantity', 'Must be 0 or greater'),
  ('poljak.minImages', 'Upload minimal 1 gambar container'),
  ('poljak.maxImages', 'Maksimal 2 gambar'),
  ('polsub.pelayaran', 'Pelayaran harus diisi'),
  ('polsub.namaKapal', 'Nama kapal harus diisi'),
  ('polsub.noContainer', 'No container harus diisi'),
  ('polsub.etd', 'ETD harus diisi'),
  ('polsub.eta', 'ETA harus diisi'),
  ('polsub.destination', 'Tujuan harus dipilih'),
  ('polsub.quantity', 'Jumlah tidak boleh negatif'),
  ('polsub.minImages', 'Harap unggah minimal 1 gambar container'),
  ('polsub.maxImages', 'Maksimal 2 gambar yang dapat diunggah'),
  ('shipmentNotFound', 'Shipment not found'),
  ('invalidStatusFormat', 'Invalid status format'),
  ('cityUnavailable', 'Unable to extract city from shipment'),
  ('warehouseNotFoundForCity', 'Warehouse tidak ditemukan untuk kota {{city}}'),
  ('chooseWarehouse', 'Pilih gudang'),
  ('chooseDate', 'Tanggal harus dipilih'),
  ('smartboardNotNegative', 'Jumlah smartboard tidak boleh negatif'),
  ('bracketNotNegative', 'Jumlah bracket tidak boleh negatif'),
  ('warehouseNameRequired', 'Nama gudang harus diisi'),
  ('warehouseNameTooLong', 'Nama terlalu panjang'),
  ('vendorNameRequired', 'Nama vendor is required'),
  ('vendorNameRequiredEdit', 'Nama vendor harus diisi'),
  ('vehicleTypeNameRequired', 'Please enter vehicle type name'),
  ('chooseVendor', 'Silakan pilih vendor'),
  ('completeAllFields', 'Silakan lengkapi semua field'),
  ('plateAndTypeRequired', 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan'),
  ('fillAllRequiredFields', 'Please fill in all required fields'),
  ('seaFleetAllFields', 'Semua field harus diisi'),
  ('hubNameRequired', 'Hub name is required'),
  ('invalidCommand', 'Perintah tidak valid.'),
  ('duplicateId', 'Perintah tidak valid: data dengan id ini sudah ada.'),
  ('unknownCommand', 'Perintah tidak dikenal: {{type}}'),
  ('forbiddenActor', 'Perintah ini dibuat atas nama pengguna lain.'),
  ('profileNotFound', 'Profil pengguna tidak ditemukan.'),
  ('commandIdTaken', 'Id perintah ini sudah dipakai oleh perintah lain.'),
  ('anotherUser', 'pengguna lain'),
  ('textNotAllowed', 'Teks berisi karakter yang tidak diizinkan.'),
  ('forbiddenHub', 'Anda tidak memiliki izin untuk hub ini.'),
  ('forbiddenAction', 'Anda tidak memiliki izin untuk tindakan ini.'),
  ('forbiddenWarehouse', 'Anda tidak memiliki izin untuk gudang ini.'),
  ('capacityInvalid', 'Kapasitas harus berupa bilangan bulat 0 atau lebih'),
  ('forbiddenPod', 'Anda tidak memiliki izin untuk POD kota ini.'),
  ('destinationWarehouseNotFound', 'Gudang tujuan tidak ditemukan.'),
  ('destinationHubNotFound', 'Hub tujuan tidak ditemukan.'),
  ('destinationIsOrigin', 'Tujuan tidak boleh hub asal.'),
  ('originWarehouseMissing', 'Gudang hub asal tidak ditemukan.'),
  ('hubWarehouseMissing', 'Gudang hub ini tidak ditemukan.'),
  ('warehouseNotFound', 'Gudang tidak ditemukan.'),
  ('vendorNotFound', 'Vendor tidak ditemukan.'),
  ('vehicleTypeNotFound', 'Jenis kendaraan tidak ditemukan.'),
  ('vehicleInactive', 'Kendaraan {{plate}} tidak aktif.'),
  ('vehicleNotAtHub', 'Kendaraan {{plate}} tidak berada di hub ini.'),
  ('vehicleInQueue', 'Kendaraan {{plate}} masih dalam antrian hub; keluarkan dari antrian terlebih dahulu.'),
  ('vehicleCarriesShipment', 'Kendaraan {{plate}} masih membawa pengiriman {{batch}} yang belum selesai dibongkar.'),
  ('shipmentNotForHub', 'Pengiriman ini tidak menuju hub ini.'),
  ('podShipmentElsewhere', 'Pengiriman ke POD diproses di halaman POD.'),
  ('notInTransit', 'Pengiriman ini tidak sedang dalam perjalanan.'),
  ('arrivalNotConfirmed', 'Kedatangan pengiriman ini belum dikonfirmasi.'),
  ('unloadingNotStarted', 'Bongkar pengiriman ini belum dimulai.'),
  ('arrivalAlreadyConfirmed', 'Kedatangan sudah dikonfirmasi'),
  ('unloadingAlreadyStarted', 'Bongkar sudah dimulai'),
  ('unloadingAlreadyFinished', 'Bongkar sudah diselesaikan'),
  ('conflictBy', '{{what}} oleh {{who}} pada {{when}}'),
  ('conflictStatus', '{{what}} (status sekarang: {{status}}).'),
  ('duplicateVendor', 'Vendor "{{name}}" sudah ada.'),
  ('duplicateVehicleType', 'Jenis kendaraan "{{name}}" sudah ada.'),
  ('duplicateHub', 'Hub "{{name}}" sudah ada.'),
  ('duplicatePlate', 'Nomor polisi {{plate}} sudah terdaftar.'),
  ('duplicateContainer', 'Nomor container {{plate}} sudah terdaftar.'),
  ('uploadMissing', 'Foto belum ada di penyimpanan; unggah ulang lalu coba lagi.'),
  ('vehicleNotReady', 'Kendaraan {{plate}} tidak siap untuk diantrikan.'),
  ('notSeaFleet', 'Kendaraan {{plate}} bukan armada laut.'),
  ('notInReadyQueue', 'Kendaraan {{plate}} tidak ada di antrian Siap Muat hub ini.'),
  ('notInQueue', 'Kendaraan {{plate}} tidak ada di antrian hub ini.'),
  ('notLoadingHere', 'Kendaraan {{plate}} tidak sedang dimuat di hub ini.'),
  ('vendorHasVehicles', 'Vendor "{{name}}" masih memiliki {{count}} kendaraan aktif dan tidak dapat dihapus.'),
  ('hubHasWarehouses', 'Hub "{{name}}" masih memiliki gudang dan tidak dapat dihapus.'),
  ('hubHasVehicles', 'Hub "{{name}}" masih memiliki kendaraan dan tidak dapat dihapus.'),
  ('hubHasShipments', 'Hub "{{name}}" masih memiliki pengiriman yang belum selesai dan tidak dapat dihapus.'),
  ('hubHasUsers', 'Hub "{{name}}" masih memiliki pengguna dan tidak dapat dihapus.'),
  ('wholeNumber', 'Jumlah harus bilangan bulat.'),
  ('stockShort', 'Stok {{item}} di {{warehouse}} tidak cukup: tersedia {{available}}, diminta {{asked}}.'),
  ('batchTaken', 'Nomor batch {{batch}} sudah dipakai pengiriman lain.'),
  ('reasonRequired', 'Alasan harus diisi.'),
  ('shipmentNotCorrectable', 'Pengiriman ini sudah diterima atau dibatalkan; jumlahnya tidak dapat diubah lagi.'),
  ('shipmentEmpty', 'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.'),
  ('correctionUnchanged', 'Jumlah baru sama dengan jumlah yang tercatat.'),
  ('unsendable', 'Perintah ini tidak dapat dikirim: server menolak isinya ({{answer}}).'),
  ('undoNotFound', 'Tindakan yang akan diurungkan tidak ditemukan.'),
  ('undoOnlyActor', 'Hanya pengguna yang melakukan tindakan ini yang dapat mengurungkannya.'),
  ('undoAlreadyDone', 'Tindakan ini sudah diurungkan.'),
  ('undoStockUsed', 'Tidak dapat diurungkan: stok dari bongkaran ini sudah dipakai.'),
  ('undoRowGone', 'Tidak dapat diurungkan: data tindakan ini sudah tidak ada.'),
  ('undoShipmentMoved', 'Tidak dapat diurungkan: pengiriman {{batch}} sudah berlanjut (status sekarang: {{status}}).'),
  ('undoVehicleChanged', 'Tidak dapat diurungkan: kendaraan {{plate}} sudah berubah sejak tindakan ini.'),
  ('undoStockChanged', 'Tidak dapat diurungkan: stok dari tindakan ini sudah berubah.'),
  ('textTooLong.place', 'Lokasi maksimal 100 karakter'),
  ('textTooLong.plate', 'Plat nomor maksimal 20 karakter'),
  ('textTooLong.batch', 'Nomor batch maksimal 50 karakter'),
  ('textTooLong.container', 'Nomor container maksimal 20 karakter'),
  ('textTooLong.phone', 'Nomor telepon maksimal 30 karakter'),
  ('textTooLong.reason', 'Alasan maksimal 500 karakter'),
  ('handover.receiptRequired', 'Hitung ulang: jumlah diterima serta nama dan tanda tangan penerima dan sopir wajib diisi'),
  ('handover.undoDiscrepancyResolved', 'Tidak dapat diurungkan: selisih dari hitungan ini sudah diselesaikan.'),
  ('handover.undoCountChanged', 'Tidak dapat diurungkan: hitungan ini sudah berubah.'),
  ('handover.quantityRange', 'Jumlah harus bilangan bulat 0 sampai 100.000'),
  ('handover.nameTooLong', 'Nama maksimal 100 karakter'),
  ('handover.discrepancyRange', 'Jumlah selisih harus bilangan bulat 1 sampai 100.000'),
  ('handover.noteTooLong', 'Catatan maksimal 500 karakter'),
  ('handover.photoRequired', 'Setiap selisih wajib disertai minimal satu foto'),
  ('handover.maxPhotos', 'Maksimal 10 foto per selisih'),
  ('handover.damagedOverReceived', 'Jumlah rusak tidak boleh melebihi jumlah diterima'),
  ('handover.recordDiscrepancy', 'Catat selisih {{item}} {{reason}} sebanyak {{count}} dengan foto'),
  ('handover.noDiscrepancy', 'Tidak ada selisih {{item}} {{reason}} menurut hitungan'),
  ('handover.discrepancyMustBe', 'Selisih {{item}} {{reason}} harus sebanyak {{count}}'),
  ('handover.receiverSignature', 'Tanda tangan penerima wajib diisi'),
  ('handover.driverSignature', 'Tanda tangan sopir wajib diisi'),
  ('handover.discrepancyNotFound', 'Selisih tidak ditemukan.'),
  ('handover.discrepancyResolvedBy', 'Selisih sudah diselesaikan oleh {{who}} pada {{when}}'),
  ('handover.fileMissing', 'Berkas belum ada di penyimpanan; unggah ulang lalu coba lagi.'),
  ('handover.fileMismatch', 'Berkas di penyimpanan tidak sama dengan yang dicatat perangkat (ukuran, jenis atau SHA-256 berbeda); dokumen tidak dicatat.'),
  ('handover.replacedNotFound', 'Dokumen yang diganti tidak ditemukan pada pengiriman ini.'),
  ('handover.uploadForbidden', 'Penyimpanan menolak berkas ini: tidak ada izin untuk pengiriman ini. Tidak dicoba lagi.'),
  ('handover.uploadRefused', 'Penyimpanan menolak berkas ini (jenis, ukuran atau alamatnya tidak diterima). Tidak dicoba lagi.'),
  ('handover.resolutionNoteRequired', 'Catatan penyelesaian wajib diisi'),
  ('handover.receiverNameRequired', 'Nama penerima wajib diisi'),
  ('handover.driverNameRequired', 'Nama sopir wajib diisi'),
  ('handover.discrepancyAlreadyResolved', 'Selisih sudah diselesaikan.'),
  ('handover.itemWord.smartboard', 'TV'),
  ('handover.itemWord.bracket', 'bracket'),
  ('handover.reasonWord.kurang', 'kurang'),
  ('handover.reasonWord.lebih', 'lebih'),
  ('handover.reasonWord.rusak', 'rusak')
on conflict (key) do update set text = excluded.text;
