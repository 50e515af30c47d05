-- Commands of the vehicle queue at a hub (spec 4.1, 4.3): queue vehicles,
-- start loading (Proses Muat), remove from queue, finish loading.
-- Each returns the id of the row it acted on (for conflict messages).
-- Device twins: sync/commands/vehicle-queue.ts.
--
-- These are the most frequent commands and on the measured hot path of
-- apply_commands (20261126000800_baseline_commands.sql, notes 2., 4. and 5.):
--   * no `set search_path` (why that is safe:
--     20261126000700_baseline_command_helpers.sql);
--   * a void helper is called by assigning its result cast to text, not by
--     PERFORM (a simple expression instead of a full SELECT);
--   * each command tries its transition first as one UPDATE whose WHERE holds
--     only when every check of the old path would pass; when it updates
--     nothing, the old path runs unchanged (the checks in their order, the
--     same rejections, then the same UPDATE). Why: a batch that moves one vehicle
--     N times leaves N versions of its row that no one can prune until the
--     batch commits, and each look-up of the row walks them, so each look-up
--     spared counts; the old path looks the row up twice (the FOR UPDATE
--     lock, then the UPDATE). The row is still locked before it is changed
--     (the UPDATE's own lock, FOR NO KEY UPDATE; the old path's FOR UPDATE
--     also holds off foreign-key checks of rows referencing the vehicle, which
--     no transition changes), and a concurrent change is seen as before (READ
--     COMMITTED re-checks the WHERE on the newest version, as SELECT ... FOR
--     UPDATE reads the newest version).

-- The vehicle, locked, or a not_found rejection.
create or replace function public.cmd_lock_vehicle(p_vehicle_id uuid)
returns public.vehicles
language plpgsql
as $$
declare
  v public.vehicles;
begin
  select * into v from public.vehicles where id = p_vehicle_id and not deleted for update;
  if not found then
    perform public.cmd_reject('not_found', 'Kendaraan tidak ditemukan.');
  end if;
  return v;
end;
$$;

create or replace function public.cmd_hub(p_hub_id uuid)
returns public.hubs
language plpgsql
as $$
declare
  h public.hubs;
begin
  select * into h from public.hubs where id = p_hub_id and not deleted;
  if not found then
    perform public.cmd_reject('not_found', 'Hub tidak ditemukan.');
  end if;
  return h;
end;
$$;

-- The shape the transitions of the queue share: the hub of the payload (that of the caller,
-- cmd_require_hub), the vehicle locked, and the vehicle at that hub in the
-- state the transition starts from ('siap_muat', 'sedang_muat', or 'queued':
-- either), else a precondition rejection naming its plate (the %s of p_refusal).
create or replace function public.cmd_vehicle_at_hub(
  ctx public.command_context, p jsonb, p_state text, p_refusal text)
returns public.vehicles
language plpgsql
as $$
declare
  hub_id uuid := public.cmd_uuid(p, 'hub_id', 'Tidak dapat mengambil Hub ID saat ini');
  v public.vehicles;
  in_state boolean;
begin
  perform public.cmd_require_hub(ctx, hub_id);
  v := public.cmd_lock_vehicle(public.cmd_uuid(p, 'vehicle_id', 'Kendaraan tidak ditemukan.'));
  -- (A CASE cannot stand in an IF condition: plpgsql reads it up to the first THEN.)
  in_state := case p_state
                when 'siap_muat' then v.siap_muat
                when 'sedang_muat' then v.sedang_muat
                when 'queued' then v.siap_muat or v.sedang_muat
              end;
  if v.current_hub_id is distinct from hub_id or not coalesce(in_state, false) then
    perform public.cmd_reject('precondition', format(p_refusal, v.license_plate));
  end if;
  return v;
end;
$$;

revoke execute on function
  public.cmd_lock_vehicle(uuid), public.cmd_hub(uuid),
  public.cmd_vehicle_at_hub(public.command_context, jsonb, text, text)
  from public, anon, authenticated;
