-- Issue 43, P2: the payload readers, cmd_require_new_id and dm_trim without a SET clause. A
-- function's `set search_path` is saved, set and restored at every call, and inside a
-- command's subtransaction that was about a fifth of a batch of stock bookings and new vendors;
-- dm_trim with one was never inlined. cmd_require_new_id looks the tables the commands make rows
-- in up with static queries (its dynamic SQL was parsed and planned at every call). None is
-- security definer; each runs with its caller's rights and names our objects schema-qualified
-- (cmd_helpers.sql's header says why that is safe). Same answers and refusals. The current
-- definitions are in supabase/schemas/functions/cmd_helpers.sql, cmd_lookups.sql and
-- domain_rules.sql; all were first defined in 20261128020000_baseline.sql, and all but dm_trim
-- last re-created in 20261129010000_messages_by_key.sql.

create or replace function public.cmd_require_clean_text(p_text text)
returns void
language plpgsql
immutable
as $$
begin
  if p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]' then
    perform public.cmd_reject('validation', 'textNotAllowed');
  end if;
end;
$$;

revoke execute on function public.cmd_require_clean_text(text) from public, anon, authenticated;

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

create or replace function public.cmd_require_new_id(p_table text, p_id uuid)
returns void
language plpgsql
as $$
declare
  taken boolean;
begin
  -- The tables the commands make rows in, each a static query (planned once a session); any
  -- other by name (dynamic SQL is parsed and planned at every call: twice the time).
  case p_table
    when 'inventory' then taken := exists (select 1 from public.inventory t where t.id = p_id);
    when 'shipments' then taken := exists (select 1 from public.shipments t where t.id = p_id);
    when 'containers' then taken := exists (select 1 from public.containers t where t.id = p_id);
    when 'vendors' then taken := exists (select 1 from public.vendors t where t.id = p_id);
    when 'vehicles' then taken := exists (select 1 from public.vehicles t where t.id = p_id);
    when 'vehicle_types' then taken := exists (select 1 from public.vehicle_types t where t.id = p_id);
    when 'hubs' then taken := exists (select 1 from public.hubs t where t.id = p_id);
    when 'warehouses' then taken := exists (select 1 from public.warehouses t where t.id = p_id);
    when 'discrepancies' then taken := exists (select 1 from public.discrepancies t where t.id = p_id);
    when 'shipment_receipts' then
      taken := exists (select 1 from public.shipment_receipts t where t.id = p_id);
    else
      execute format('select exists (select 1 from public.%I where id = $1)', p_table) into taken using p_id;
  end case;
  if taken then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
end;
$$;

revoke execute on function public.cmd_require_new_id(text, uuid) from public, anon, authenticated;

create or replace function public.dm_trim(value text)
returns text
language sql
immutable
parallel safe
as $$
  select btrim(value, chr(9) || chr(10) || chr(11) || chr(12) || chr(13) || chr(32) || chr(160) || chr(5760)
                      || chr(8192) || chr(8193) || chr(8194) || chr(8195) || chr(8196) || chr(8197) || chr(8198)
                      || chr(8199) || chr(8200) || chr(8201) || chr(8202) || chr(8232) || chr(8233) || chr(8239)
                      || chr(8287) || chr(12288) || chr(65279))
$$;

comment on function public.dm_trim(text) is
  'Trims the characters JavaScript''s String.prototype.trim removes (the devices trim the same way).';
