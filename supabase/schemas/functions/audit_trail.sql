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
