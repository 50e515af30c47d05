-- attach_correction {…attach_document's fields, replaces}: attach_document's rules, then
-- the link. Idempotent by id as attach_document: the same correction again changes
-- nothing; the same id naming another replaced document is refused.
create or replace function public.cmd_attach_correction(ctx public.command_context, p jsonb)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  invalid constant text := 'invalidCommand';
  v_replaces uuid := public.cmd_uuid(p, 'replaces', invalid);
  v_id uuid;
  replaced public.shipment_documents;
begin
  -- attach_document's checks first (who may attach this kind to this shipment, the stored
  -- object, its measured facts), so nothing is said of a shipment the caller may not touch;
  -- a refusal below rolls its insert back with the rest of the command.
  v_id := public.cmd_attach_document(ctx, p - 'replaces');
  select * into replaced from public.shipment_documents d where d.id = v_replaces and not d.deleted;
  if not found
     or replaced.shipment_id::text is distinct from (p ->> 'shipment_id')
     or replaced.kind is distinct from (p ->> 'kind')
     or replaced.id = v_id then
    perform public.cmd_reject('validation', 'handover.replacedNotFound');
  end if;
  update public.shipment_documents set replaces = v_replaces where id = v_id and replaces is null;
  if not exists (select 1 from public.shipment_documents d where d.id = v_id and d.replaces = v_replaces) then
    perform public.cmd_reject('duplicate_id', 'duplicateId');
  end if;
  return v_id;
end;
$$;

revoke execute on function public.cmd_attach_correction(public.command_context, jsonb) from public, anon, authenticated;
