-- Issue 40, "every stored text bounded": every text a command stores is bounded, on the
-- device (sync/commands/text-bounds.ts, the zod schemas' requiredText/optionalText) and here
-- alike, with the same message. The bound belongs to the payload field: its name decides it
-- wherever it appears (a payload or an edit's `changes`; the counted receipt's names).
-- cmd_req_text and cmd_opt_text (moved here from 20261126000700_baseline_command_helpers.sql)
-- check it once the text is trimmed, after its required and clean checks, as the device does.
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
      if n > 100 then perform public.cmd_reject('validation', 'Nama terlalu panjang'); end if;
    when p_key in ('contact_person', 'driver_name', 'receiver_name', 'nama_kapal', 'nama_pelayaran',
                   'pelayaran') then
      if n > 100 then perform public.cmd_reject('validation', 'Nama maksimal 100 karakter'); end if;
    when p_key in ('city', 'location') then
      if n > 100 then perform public.cmd_reject('validation', 'Lokasi maksimal 100 karakter'); end if;
    when p_key = 'license_plate' then
      if n > 20 then perform public.cmd_reject('validation', 'Plat nomor maksimal 20 karakter'); end if;
    when p_key = 'batch_number' then
      if n > 50 then perform public.cmd_reject('validation', 'Nomor batch maksimal 50 karakter'); end if;
    when p_key in ('no_container', 'container_number') then
      if n > 20 then perform public.cmd_reject('validation', 'Nomor container maksimal 20 karakter'); end if;
    when p_key in ('phone', 'driver_phone') then
      if n > 30 then perform public.cmd_reject('validation', 'Nomor telepon maksimal 30 karakter'); end if;
    when p_key = 'reason' then
      if n > 500 then perform public.cmd_reject('validation', 'Alasan maksimal 500 karakter'); end if;
    when p_key in ('notes', 'note') then
      if n > 500 then perform public.cmd_reject('validation', 'Catatan maksimal 500 karakter'); end if;
    else
      -- What no one types (a storage path, a kind, a type): far above any real value.
      if n > 2000 then perform public.cmd_reject('validation', 'Perintah tidak valid.'); end if;
  end case;
end;
$$;

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
    perform public.cmd_reject('validation', 'Perintah tidak valid.');
  end if;
  perform public.cmd_require_clean_text(p ->> p_key);
  v := nullif(public.dm_trim(p ->> p_key), '');
  if v is not null then
    perform public.cmd_require_text_bound(p_key, v);
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_require_text_bound(text, text), public.cmd_req_text(jsonb, text, text),
  public.cmd_opt_text(jsonb, text) from public, anon, authenticated;
