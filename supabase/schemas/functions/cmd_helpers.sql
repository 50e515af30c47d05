-- What the command families share: the refusal, the permission checks and the
-- payload readers (the rows they look up and the time floor: cmd_lookups.sql).
-- Each command is a function public.cmd_<type>(ctx public.command_context, p jsonb) returning
-- the id of the main row it acted on, called by apply_commands
-- (functions/apply_commands.sql) inside the command's own
-- subtransaction; it checks role, hub and precondition under row locks and
-- writes every row of the transition. Nothing here is callable by the API
-- roles: execute is revoked after each function.
--
-- No `set search_path` on the functions of the measured hot path (cmd_reject,
-- cmd_require_hub, cmd_uuid and the payload readers here (cmd_uuid_or_null, cmd_req_text,
-- cmd_opt_text, cmd_require_clean_text, cmd_require_text_bound, cmd_date, cmd_quantity,
-- cmd_int_between, cmd_changes); cmd_time_floor, cmd_device_time and cmd_require_new_id in
-- cmd_lookups.sql; the vehicle queue's cmd_hub (cmd_lookups.sql), cmd_lock_vehicle, cmd_vehicle_at_hub and its four
-- commands): a function-level SET makes every call save, set and restore the
-- settings (about 1 us a call alone, ten calls a command; inside a command's subtransaction
-- far more: the payload readers' SET clauses were about a fifth of a batch of stock bookings
-- and new vendors, docs/performance.md, "The payload readers without a SET clause"). It is safe because none
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
-- a key the table has no row for is returned as it is, nothing substituted. Bounded (security
-- audit 2026-12-03: as an RPC, a key of repeated {{a}} and a long parameter built a string of
-- about 1 GB in one request): each parameter is cut to 500 characters and the sentence, after
-- each substitution, to 2,000 (a parameter naming another's {{name}} cannot multiply it). Only
-- the server's own functions call it (cmd_reject, tv_unit_path, run as the owner): no API role
-- may.
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
  if v is null then
    return p_key;
  end if;
  for k, val in select e.key, e.value from jsonb_each(coalesce(p_params, '{}')) e loop
    v := left(replace(v, '{{' || k || '}}', left(case
      when jsonb_typeof(val) = 'object' then public.message_text(val ->> 'key', val -> 'params')
      else coalesce(val #>> '{}', '') end, 500)), 2000);
  end loop;
  return v;
end;
$$;

revoke execute on function public.message_text(text, jsonb) from public, anon, authenticated;

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
-- carriage return (C0, DEL and C1; a NUL cannot even reach the database; the
-- others are refused here), and no invisible format characters (zero-width
-- ones, bidirectional marks, embeddings, overrides and isolates, the soft
-- hyphen, the BOM: supabase/functions/_shared/text-rules.ts's INVISIBLE, as the
-- user functions refuse them in a name). A plate with U+200B looked like another
-- hub's truck and passed the plates' uniqueness; a receiver's name with U+202E
-- printed reversed on the BAST (security audit 2026-12-03). Devices remove them
-- before a command is queued (sync/commands/helpers.ts, cleanText).
create or replace function public.cmd_require_clean_text(p_text text)
returns void
language plpgsql
immutable
as $$
begin
  if p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]' then
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
as $$
begin
  if jsonb_typeof(p -> 'changes') is distinct from 'object' then
    perform public.cmd_reject('validation', 'invalidCommand');
  end if;
  return p -> 'changes';
end;
$$;

revoke execute on function public.cmd_changes(jsonb) from public, anon, authenticated;

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
