-- The product's derivation rules (spec 3, 4.2). Every rule here has a twin in
-- sync/domain/*.ts that the device's predictions use;
-- tests/integration/commands-derivation.test.ts feeds both the same inputs and
-- requires the same answers, so they are written to behave identically on any
-- text:
--   * "lower case" means ASCII letters only (translate), never locale rules;
--   * "trimmed" means the whitespace JavaScript's String.prototype.trim removes;
--   * ties are broken by created_at, then name in byte order, then id (the
--     look-ups of functions/cmd_lookups.sql).
-- None is callable through the API (no execute for anon or authenticated): the commands and the
-- security definer functions that use them run as their owner. As RPCs, an open sign-up's 1 MB
-- text held a connection and a core for 95 s in dm_contains (position() never looks at the
-- statement timeout), and a filter on what dm_trim answers for 25 s.

-- Text -----------------------------------------------------------------------

-- JavaScript's trim(): the same set of white space and line terminators. No SET clause, so it
-- is inlined where it is called (with one, each call ran as a function of its own: the payload
-- readers call it at every text field; it names only built-ins, and runs with its caller's rights).
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

-- The pure rules are harmless to call; signed-in clients may use them (the
-- derivation test compares them with the devices' twins through the owner).
revoke execute on function public.dm_trim(text) from public, anon, authenticated;

grant execute on function public.dm_trim(text) to service_role;

create or replace function public.dm_lower(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select translate(value, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
$$;

comment on function public.dm_lower(text) is 'Lower-cases ASCII letters only (no locale rules), as sync/domain/text.ts does.';

revoke execute on function public.dm_lower(text) from public, anon, authenticated;

grant execute on function public.dm_lower(text) to service_role;

-- "lowercased without spaces" (spec 4.2), kept to what a status key may hold:
-- ASCII letters and digits; null when nothing is left.
create or replace function public.dm_slug(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(public.dm_lower(regexp_replace(coalesce(value, ''), '[^A-Za-z0-9]', '', 'g')), '')
$$;

comment on function public.dm_slug(text) is
  'Letters and digits of a text, ASCII lower case (Jakarta Utara -> jakartautara); null when none.';

revoke execute on function public.dm_slug(text) from public, anon, authenticated;

grant execute on function public.dm_slug(text) to service_role;

create or replace function public.dm_contains(haystack text, needle text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(position(public.dm_lower(needle) in public.dm_lower(haystack)) > 0, false)
$$;

revoke execute on function public.dm_contains(text, text) from public, anon, authenticated;

grant execute on function public.dm_contains(text, text) to service_role;

-- Spec 3: hub type from the hub name ------------------------------------------
-- In the spec's order: karawang; cikarang; poljak (jakarta or poljak); polsub
-- (surabaya or polsub); pod (type pod or name containing pod); past the spec, a
-- stored known type when the name says nothing (a renamed hub keeps its kind).
create or replace function public.hub_kind(p_name text, p_type text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when public.dm_contains(p_name, 'karawang') then 'karawang'
    when public.dm_contains(p_name, 'cikarang') then 'cikarang'
    when public.dm_contains(p_name, 'jakarta') or public.dm_contains(p_name, 'poljak') then 'poljak'
    when public.dm_contains(p_name, 'surabaya') or public.dm_contains(p_name, 'polsub') then 'polsub'
    when public.dm_lower(public.dm_trim(coalesce(p_type, ''))) = 'pod' or public.dm_contains(p_name, 'pod') then 'pod'
    when public.dm_lower(public.dm_trim(coalesce(p_type, ''))) in ('karawang', 'cikarang', 'poljak', 'polsub')
      then public.dm_lower(public.dm_trim(p_type))
    else 'other'
  end
$$;

comment on function public.hub_kind(text, text) is
  'Spec 3: karawang, cikarang, poljak, polsub, pod or other, from the hub name (and type for pod). Twin of sync/domain/hub-type.ts.';

revoke execute on function public.hub_kind(text, text) from public, anon, authenticated;

grant execute on function public.hub_kind(text, text) to service_role;

-- Spec 4.2: the OTW status of a new shipment -----------------------------------
-- p_names are looked at in order (for the Karawang/Cikarang form: warehouse
-- name, hub name, hub city; for the port forms: hub name, hub city); within
-- each, the known destinations are tried in order. When none names one, the
-- status is otw_ plus the city without spaces (p_city), labelled 'OTW {city}'.
-- key is null when nothing can be derived.
create or replace function public.otw_destination(p_names text[], p_city text, out key text, out label text)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  n text;
  c text := public.dm_trim(coalesce(p_city, ''));
begin
  foreach n in array coalesce(p_names, '{}'::text[]) loop
    if n is null then
      continue;
    end if;
    if public.dm_contains(n, 'cikarang') then
      key := 'otw_cikarang'; label := 'OTW Cikarang'; return;
    elsif public.dm_contains(n, 'poljak') or public.dm_contains(n, 'jakarta') then
      key := 'otw_poljak'; label := 'OTW Pol Jakarta'; return;
    elsif public.dm_contains(n, 'polsub') or public.dm_contains(n, 'surabaya') then
      key := 'otw_polsub'; label := 'OTW Pol Surabaya'; return;
    elsif public.dm_contains(n, 'makassar') or public.dm_contains(n, 'makasar') then
      key := 'otw_podmakasar'; label := 'OTW POD Makassar'; return;
    end if;
  end loop;
  if public.dm_slug(c) is not null then
    key := 'otw_' || public.dm_slug(c);
    label := 'OTW ' || c;
  end if;
end;
$$;

comment on function public.otw_destination(text[], text) is
  'Spec 4.2: the otw_ status (key, label) for a destination from its names and city; key null when none. Twin of sync/domain/destination.ts.';

revoke execute on function public.otw_destination(text[], text) from public, anon, authenticated;

grant execute on function public.otw_destination(text[], text) to service_role;

-- Spec 4.2, POD: the city a shipment is bound for ------------------------------
-- From an otw_ status: podmakassar/podmakasar is Makassar; a leading pod is
-- dropped; the first letter is upper-cased. The hubs' own destinations
-- (cikarang, poljak, polsub; past the spec also karawang, jakarta, surabaya,
-- which the dashboard treats as fixed hubs, the generic darat/laut, a bare pod) are no
-- POD city: null.
create or replace function public.pod_city_from_status(p_status text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  rest text;
  fixed text[] := array['cikarang', 'karawang', 'poljak', 'polsub', 'jakarta', 'surabaya', 'darat', 'laut', 'pod'];
begin
  if p_status is null or left(p_status, 4) <> 'otw_' then
    return null;
  end if;
  rest := substr(p_status, 5);
  if rest in ('podmakassar', 'podmakasar') then
    return 'Makassar';
  end if;
  if left(rest, 3) = 'pod' and length(rest) > 3 then
    rest := substr(rest, 4);
  end if;
  if rest = '' or rest = any (fixed) then
    return null;
  end if;
  return upper(left(rest, 1)) || substr(rest, 2);
end;
$$;

comment on function public.pod_city_from_status(text) is
  'Spec 4.2: the POD city named by an otw_ status (otw_podmakasar -> Makassar), null for the hubs'' own destinations. Twin of sync/domain/pod-city.ts.';

revoke execute on function public.pod_city_from_status(text) from public, anon, authenticated;

grant execute on function public.pod_city_from_status(text) to service_role;

-- The POD city of a destination hub (Confirm Tiba and Sedang Bongkar tabs):
-- null for hubs named cikarang, poljak or polsub; else the city, or for a hub
-- without one the name after a leading "POD".
create or replace function public.pod_city_of_hub(p_name text, p_city text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  n text := public.dm_trim(coalesce(p_name, ''));
  c text := public.dm_trim(coalesce(p_city, ''));
begin
  if public.dm_contains(n, 'cikarang') or public.dm_contains(n, 'poljak') or public.dm_contains(n, 'polsub') then
    return null;
  end if;
  if c <> '' then
    return c;
  end if;
  if public.dm_lower(left(n, 3)) = 'pod' then
    return nullif(public.dm_trim(substr(n, 4)), '');
  end if;
  return null;
end;
$$;

comment on function public.pod_city_of_hub(text, text) is
  'Spec 4.2, POD tabs: the city of a destination hub, null for Cikarang/PolJak/PolSub. Twin of sync/domain/pod-city.ts.';

revoke execute on function public.pod_city_of_hub(text, text) from public, anon, authenticated;

grant execute on function public.pod_city_of_hub(text, text) to service_role;

-- Jakarta time (WIB, UTC+7, no daylight saving): business dates and the times in messages.
create or replace function public.dm_jakarta_date(p_at timestamptz)
returns date
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (p_at at time zone 'Asia/Jakarta')::date
$$;

revoke execute on function public.dm_jakarta_date(timestamptz) from public, anon;

grant execute on function public.dm_jakarta_date(timestamptz) to authenticated, service_role;

-- '21 Nov 2026 14:05 WIB' (Indonesian month abbreviations: Mei, Agu, Okt, Des).
create or replace function public.dm_format_wib(p_at timestamptz)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_char(p_at at time zone 'Asia/Jakarta', 'DD') || ' '
         || (array['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'])
              [extract(month from p_at at time zone 'Asia/Jakarta')::int]
         || ' ' || to_char(p_at at time zone 'Asia/Jakarta', 'YYYY HH24:MI') || ' WIB'
$$;

revoke execute on function public.dm_format_wib(timestamptz) from public, anon, authenticated;

grant execute on function public.dm_format_wib(timestamptz) to service_role;
