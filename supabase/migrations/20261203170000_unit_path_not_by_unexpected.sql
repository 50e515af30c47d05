-- A TV unit's path is not opened by an 'unexpected' event (security audit 2026-12-03): a
-- receipt may list any serial of the company as found in its truck (an 'unexpected' event at
-- the receiving hub), and tv_unit_path then showed that hub the unit's whole history (its
-- hubs, shipments, and each actor's name or e-mail), which stayed open after an undo. Now
-- the events that make a unit readable to a hub user leave 'unexpected' ones out; staff read
-- every unit as before.
-- The current definition is in supabase/schemas/functions/cmd_serials.sql; tv_unit_path was
-- first and last defined in 20261129030000_tv_serials.sql.

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
              -- Not by an 'unexpected' event: a receipt may list any serial of the company as
              -- found in its truck, and that would open the unit's whole path (its hubs,
              -- shipments and each actor's name) to the receiving hub (security audit 2026-12-03).
              select 1 from public.tv_unit_events e
              left join public.shipments s on s.id = e.shipment_id
              where e.unit_id = u.id and e.kind <> 'unexpected'
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
  'Issue 42: a TV unit by its serial (any form the scanner or a person gives): where it is now and its events oldest first, with hub, shipment and actor names; null when unknown or not readable by the caller (a hub user: a unit at or through its hubs; a receipt that only found it unexpected does not count).';

revoke execute on function public.tv_unit_path(text) from public, anon;

grant execute on function public.tv_unit_path(text) to authenticated;
