-- Payload readers: every field a cmd_* function reads is read through one of
-- these, so a field of the wrong type is refused with code 'validation' and a
-- message, never coerced (issue 9: a number as an optional text used to erase
-- the stored value). The devices' zod schemas (sync/commands/helpers.ts) are
-- as strict; tests/integration/bad-input-property.test.ts sends both sides the
-- same generated bad payloads. Moved here from 20261121002100_commands.sql and
-- 20261121002300_cmd_domain.sql.

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
    perform public.cmd_reject('validation', 'Teks berisi karakter yang tidak diizinkan.');
  end if;
end;
$$;

-- A uuid sent as a JSON string (any case; compared and stored canonical).
create or replace function public.cmd_uuid(p jsonb, p_key text, p_message text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string'
     or (p ->> p_key) !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    perform public.cmd_reject('validation', p_message);
  end if;
  return (p ->> p_key)::uuid;
end;
$$;

-- Required text: a JSON string, trimmed as the devices trim, not blank.
create or replace function public.cmd_req_text(p jsonb, p_key text, p_message text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p -> p_key) is distinct from 'string' or public.dm_trim(p ->> p_key) = '' then
    perform public.cmd_reject('validation', p_message);
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  return public.dm_trim(p ->> p_key);
end;
$$;

-- Optional text: missing, null or blank is null (spec 5); a string is
-- trimmed; anything else (a number, a boolean, an object) is refused.
create or replace function public.cmd_opt_text(p jsonb, p_key text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p -> p_key is null or jsonb_typeof(p -> p_key) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p -> p_key) <> 'string' then
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  return nullif(public.dm_trim(p ->> p_key), '');
end;
$$;

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

revoke execute on function
  public.cmd_require_clean_text(text), public.cmd_uuid(jsonb, text, text), public.cmd_req_text(jsonb, text, text),
  public.cmd_opt_text(jsonb, text), public.cmd_date(jsonb, text, text)
  from public, anon, authenticated;
