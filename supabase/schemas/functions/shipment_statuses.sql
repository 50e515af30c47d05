-- Validates and normalises a status key: trimmed, lower case words joined by underscores.
create or replace function public.normalize_status_key(value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  k text := lower(btrim(coalesce(value, '')));
begin
  if k = '' then
    raise exception 'A status key is required' using errcode = '22023';
  end if;
  if k !~ '^[a-z0-9]+(_[a-z0-9]+)*$' then
    raise exception 'Status key "%" must be lower case letters and digits joined by underscores, like otw_makassar', k
      using errcode = '22023';
  end if;
  return k;
end;
$$;

comment on function public.normalize_status_key(text) is
  'Trims and lower-cases a status key and checks its format; raises invalid_parameter_value otherwise.';

revoke execute on function public.normalize_status_key(text) from public, anon, authenticated;

-- get_shipment_status_values -------------------------------------------------------
create or replace function public.get_shipment_status_values()
returns text[]
language sql
stable
security invoker -- statuses are readable by every signed-in user anyway
set search_path = ''
as $$
  select coalesce(array_agg(s.key order by s.sort_order, s.key), '{}'::text[])
  from public.shipment_statuses s
  where not s.deleted
$$;

comment on function public.get_shipment_status_values() is
  'Spec 7.3: the live status keys, in display order.';

-- Who may call: signed-in users (the write procedures check admin themselves);
-- never anon. Functions are executable by PUBLIC by default, hence the revoke.
revoke execute on function public.get_shipment_status_values() from public, anon;

grant execute on function public.get_shipment_status_values() to authenticated, service_role;

-- is_shipment_status_used ----------------------------------------------------------
-- security definer: a hub user cannot read every shipment, but the answer
-- must count all of them.
create or replace function public.is_shipment_status_used(status_value text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shipments s
    where s.status = status_value and not s.deleted
  )
$$;

comment on function public.is_shipment_status_used(text) is
  'Spec 7.3: true when a (not deleted) shipment has this status, so it cannot be removed.';

revoke execute on function public.is_shipment_status_used(text) from public, anon;

grant execute on function public.is_shipment_status_used(text) to authenticated, service_role;

-- add_shipment_status --------------------------------------------------------------
create or replace function public.add_shipment_status(
  new_status text,
  new_label text default null,
  new_color text default 'info',
  new_sort_order integer default null
)
returns public.shipment_statuses
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text;
  existing public.shipment_statuses%rowtype;
  result public.shipment_statuses%rowtype;
  label_value text;
begin
  perform public.require_admin('add a shipment status');
  k := public.normalize_status_key(new_status);
  -- Without a label, show the key as the UI does for unknown statuses:
  -- underscores to spaces, words capitalised.
  label_value := coalesce(nullif(btrim(new_label), ''), initcap(replace(k, '_', ' ')));

  select * into existing from public.shipment_statuses where key = k for update;
  if found and not existing.deleted then
    raise exception 'Status "%" already exists', k using errcode = '23505';
  end if;

  if found then
    -- A removed status with this key: bring it back rather than clash with its tombstone.
    update public.shipment_statuses
       set label = label_value,
           color = coalesce(new_color, 'info'),
           sort_order = coalesce(new_sort_order, existing.sort_order),
           deleted = false
     where key = k
    returning * into result;
  else
    insert into public.shipment_statuses (key, label, color, sort_order)
    values (
      k, label_value, coalesce(new_color, 'info'),
      coalesce(new_sort_order, (select coalesce(max(sort_order), 0) + 10 from public.shipment_statuses))
    )
    returning * into result;
  end if;
  return result;
end;
$$;

comment on function public.add_shipment_status(text, text, text, integer) is
  'Spec 7.3, admin only: adds a status (label defaults to the key in words, color to info, order to the end). Refuses an existing key.';

revoke execute on function public.add_shipment_status(text, text, text, integer) from public, anon;

grant execute on function public.add_shipment_status(text, text, text, integer) to authenticated, service_role;

-- rename_shipment_status -----------------------------------------------------------
create or replace function public.rename_shipment_status(
  old_value text,
  new_value text,
  new_label text default null,
  new_color text default null
)
returns public.shipment_statuses
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_key text := btrim(coalesce(old_value, ''));
  new_key text;
  tombstone public.shipment_statuses%rowtype;
  result public.shipment_statuses%rowtype;
begin
  perform public.require_admin('rename a shipment status');
  new_key := public.normalize_status_key(new_value);

  perform 1 from public.shipment_statuses where key = old_key and not deleted for update;
  if not found then
    raise exception 'Status "%" does not exist', old_key using errcode = 'P0002';
  end if;

  if new_key <> old_key then
    select * into tombstone from public.shipment_statuses where key = new_key for update;
    if found and not tombstone.deleted then
      raise exception 'Status "%" already exists', new_key using errcode = '23505';
    end if;
    if found then
      -- A removed status holds the key; its tombstone has done its job once
      -- devices see the rename, so it goes (refused by the foreign key if a
      -- deleted shipment still names it).
      delete from public.shipment_statuses where key = new_key;
    end if;
  end if;

  -- ON UPDATE CASCADE moves every shipment to the new key; their triggers
  -- stamp them, so devices pull the renamed shipments too.
  update public.shipment_statuses
     set key = new_key,
         label = coalesce(nullif(btrim(new_label), ''),
                          case when new_key = old_key then label else initcap(replace(new_key, '_', ' ')) end),
         color = coalesce(new_color, color)
   where key = old_key
  returning * into result;
  return result;
end;
$$;

comment on function public.rename_shipment_status(text, text, text, text) is
  'Spec 7.3, admin only: renames a status key (shipments follow by ON UPDATE CASCADE) and optionally sets label and color. new_value = old_value edits only label/color.';

revoke execute on function public.rename_shipment_status(text, text, text, text) from public, anon;

grant execute on function public.rename_shipment_status(text, text, text, text) to authenticated, service_role;

-- remove_shipment_status -----------------------------------------------------------
create or replace function public.remove_shipment_status(value_to_remove text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text := btrim(coalesce(value_to_remove, ''));
  used integer;
begin
  perform public.require_admin('remove a shipment status');

  perform 1 from public.shipment_statuses where key = k and not deleted for update;
  if not found then
    raise exception 'Status "%" does not exist', k using errcode = 'P0002';
  end if;

  select count(*) into used from public.shipments where status = k and not deleted;
  if used > 0 then
    raise exception 'Cannot delete status "%": it is used by % shipment(s)', k, used
      using errcode = '23503', -- foreign_key_violation: still referenced
            hint = 'Move those shipments to another status first.';
  end if;

  -- Soft delete: devices must pull the removal (see the table's comment).
  update public.shipment_statuses set deleted = true where key = k;
end;
$$;

comment on function public.remove_shipment_status(text) is
  'Spec 7.3, admin only: removes a status that no shipment uses; refuses one in use.';

revoke execute on function public.remove_shipment_status(text) from public, anon;

grant execute on function public.remove_shipment_status(text) to authenticated, service_role;
