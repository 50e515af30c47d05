-- The POD flow (spec 2.10, 4.2, 8.5): otw_{city} -> Confirm Tiba -> confirm_tiba
-- -> Mulai Bongkar -> sedang_bongkar -> Selesai Bongkar -> selesai_pod.
-- Allowed: admin, tower_control, and a hub user of a POD hub of the shipment's
-- city. First writer wins as at the hubs (20261126001100_cmd_arrival.sql).
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
  perform public.cmd_reject('forbidden', 'Anda tidak memiliki izin untuk POD kota ini.');
end;
$$;

revoke execute on function
  public.cmd_pod_city(public.shipments),
  public.cmd_require_pod(public.command_context, text)
  from public, anon, authenticated;
