-- Two more ways one request held a connection and a core past the statement timeout (a
-- denial of service by any signed-in user, found after cmd_known_fields' lists,
-- 20261203200000):
--   * apply_commands cuts each payload to its type's keys before any check of the caller, with
--     `v - array(the unknown keys)`, which takes time in their number squared and never looks
--     at the statement timeout: an open sign-up's payload of 118,000 keys (1 MB) ran 31 s. Now
--     cmd_trail_payload and cmd_known_fields rebuild the object in one pass (jsonb_object_agg
--     over jsonb_each); what is kept is the same.
--   * the domain rules (domain_rules.sql) and cmd_serial_normal were executable by authenticated
--     as RPCs, though only the commands and security definer functions use them: dm_contains'
--     position() on a 1 MB text ran 95 s regardless of the timeout, and a PostgREST filter on
--     what dm_trim or otw_destination answers 5 to 25 s. Execute is revoked from authenticated.
-- The current definitions are in supabase/schemas/functions/cmd_payload.sql, domain_rules.sql
-- and cmd_serials.sql. cmd_trail_payload was first defined in 20261128020000_baseline.sql and
-- last in 20261203130000_trail_messages_evidence_bounded.sql; cmd_known_fields first in
-- 20261128020000_baseline.sql and last in 20261203200000_known_fields_linear.sql.

-- p with only the fields shape names, recursively (a nested object: a receipt, an edit's
-- changes, undo's rows). A value of another JSON type than the shape
-- expects is kept as sent (the command's readers refuse it, and the record shows what came).
-- Linear in p: an object with keys the shape does not name, and a list, are rebuilt in one
-- pass (a list of objects with flat shapes, as every list of a command is, in one SQL
-- expression), and a list whose elements the shape keeps whole (true) is kept as it is. (It ran before any check of the caller, for every command; it set
-- each element of a list with jsonb_set, which copies the whole list each time, so a sign-up's
-- 128 kB list of 16,000 objects took 16 s and held a connection until the statement timeout.)
create or replace function public.cmd_known_fields(p jsonb, shape jsonb)
returns jsonb
language plpgsql
immutable
as $$
declare
  out jsonb := p;
  k text;
  each_shape jsonb;
begin
  if jsonb_typeof(shape) = 'object' and jsonb_typeof(p) = 'object' then
    if exists (select 1 from jsonb_object_keys(p) e where not shape ? e) then
      out := coalesce((select jsonb_object_agg(j.key, j.value) from jsonb_each(p) j where shape ? j.key), '{}'::jsonb);
    end if;
    for k in select e.key from jsonb_each(shape) e where jsonb_typeof(e.value) <> 'boolean' loop
      if out ? k then
        out := jsonb_set(out, array[k], public.cmd_known_fields(out -> k, shape -> k));
      end if;
    end loop;
  elsif jsonb_typeof(shape) = 'array' and jsonb_typeof(p) = 'array' then
    each_shape := shape -> 0;
    if jsonb_typeof(each_shape) = 'object'
       and not exists (select 1 from jsonb_each(each_shape) f where jsonb_typeof(f.value) <> 'boolean') then
      select coalesce(jsonb_agg(case when jsonb_typeof(e.value) = 'object'
                                     then coalesce((select jsonb_object_agg(x.key, x.value) from jsonb_each(e.value) x
                                                     where each_shape ? x.key), '{}'::jsonb)
                                     else e.value end order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    elsif jsonb_typeof(each_shape) in ('object', 'array') then
      select coalesce(jsonb_agg(public.cmd_known_fields(e.value, each_shape) order by e.n), '[]'::jsonb)
        into out
        from jsonb_array_elements(p) with ordinality as e(value, n);
    end if;
  end if;
  return out;
end;
$$;

revoke execute on function public.cmd_known_fields(jsonb, jsonb) from public, anon, authenticated;

-- The payload as it is run and recorded: the fields of its type only; for undo_command the
-- hub and shipment of the undone command as its record has them (none when there is no such
-- record of this user's). A type no command has keeps no field at all ('{}': it is refused as
-- unknown_command, and its record must not name a hub or a shipment; security audit
-- 2026-12-03). A payload that is not an object is returned as it came, so apply_commands
-- refuses it (invalid_command); apply_commands records it as '{}'.
create or replace function public.cmd_trail_payload(p_type text, p jsonb, p_actor uuid)
returns jsonb
language plpgsql
stable
as $$
declare
  keys text[] := public.cmd_payload_keys(p_type);
  nested text[];
  k text;
  v jsonb := p;
  undone public.commands;
begin
  if jsonb_typeof(v) is distinct from 'object' then
    return v;
  end if;
  if keys is null then
    return '{}'::jsonb;
  end if;
  if (v - keys) <> '{}'::jsonb then
    -- Rebuilt in one pass: `v - array(the unknown keys)` took time in their number squared,
    -- never looking at the statement timeout (118,000 keys from a sign-up: 31 s).
    v := coalesce((select jsonb_object_agg(j.key, j.value) from jsonb_each(v) j where j.key = any (keys)),
                  '{}'::jsonb);
  end if;
  nested := public.cmd_payload_nested(p_type);
  if nested is not null then
    foreach k in array nested loop
      if v ? k then
        v := jsonb_set(v, array[k], public.cmd_known_fields(v -> k, public.cmd_payload_shape(p_type) -> k));
      end if;
    end loop;
  end if;
  if p_type = 'undo_command' then
    v := v - 'hub_id' - 'shipment_id';
    if jsonb_typeof(v -> 'command_id') = 'string'
       and (v ->> 'command_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      select * into undone from public.commands c
       where c.id = (v ->> 'command_id')::uuid and c.actor_id = p_actor;
      if found then
        if jsonb_typeof(undone.payload -> 'hub_id') = 'string' then
          v := v || jsonb_build_object('hub_id', undone.payload -> 'hub_id');
        end if;
        if jsonb_typeof(undone.payload -> 'shipment_id') = 'string' then
          v := v || jsonb_build_object('shipment_id', undone.payload -> 'shipment_id');
        end if;
      end if;
    end if;
  end if;
  return v;
end;
$$;

revoke execute on function public.cmd_trail_payload(text, jsonb, uuid) from public, anon, authenticated;

revoke execute on function public.dm_trim(text) from authenticated;
revoke execute on function public.dm_lower(text) from authenticated;
revoke execute on function public.dm_slug(text) from authenticated;
revoke execute on function public.dm_contains(text, text) from authenticated;
revoke execute on function public.hub_kind(text, text) from authenticated;
revoke execute on function public.otw_destination(text[], text) from authenticated;
revoke execute on function public.pod_city_from_status(text) from authenticated;
revoke execute on function public.pod_city_of_hub(text, text) from authenticated;
revoke execute on function public.dm_format_wib(timestamptz) from authenticated;
revoke execute on function public.cmd_serial_normal(text) from authenticated;
