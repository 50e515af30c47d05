// Type tests of the command catalogue, checked by `npm run typecheck` (tsc), not run.
// Each line under @ts-expect-error must fail to compile: if the typing loosens again (a
// command looked up by a plain string, a payload typed `unknown`), the directive is left
// unused, which is itself a compile error, and the typecheck fails.
import type { SyncEngine } from '../../sync/pure';
import { checkCommand } from '../../src/lib/writes/check-command';
import { runCommand } from '../../src/lib/writes/run-command';
import type { Submission } from '../../src/lib/writes/use-command-form';

declare const engine: SyncEngine;
declare const hubId: string;
declare const vehicleId: string;

export async function dispatchIsTyped(): Promise<void> {
  await engine.dispatch('start_loading', { hub_id: hubId, vehicle_id: vehicleId });
  // @ts-expect-error a misspelt command type
  await engine.dispatch('start_loadng', { hub_id: hubId, vehicle_id: vehicleId });
  // @ts-expect-error a payload field of another name
  await engine.dispatch('start_loading', { hub_id: hubId, vehicleId });
  // @ts-expect-error a field of the wrong type
  await engine.dispatch('queue_vehicles', { hub_id: hubId, vehicle_ids: vehicleId });
  // @ts-expect-error a payload missing a required field
  await engine.dispatch('confirm_arrival', { hub_id: hubId });
}

export async function screensAreTyped(): Promise<void> {
  await runCommand(engine, 'remove_from_queue', { hub_id: hubId, vehicle_id: vehicleId });
  // @ts-expect-error a misspelt command type in a screen
  await runCommand(engine, 'remove_from_que', { hub_id: hubId, vehicle_id: vehicleId });
  // @ts-expect-error an unknown field in a screen's payload
  await runCommand(engine, 'delete_vehicle', { vehicle_id: vehicleId, reason: 'rusak' });

  checkCommand('add_vehicle_type', { vehicle_type_id: vehicleId, name: 'Truk' });
  // @ts-expect-error a form checked against a misspelt command
  checkCommand('add_vehicle_typ', { vehicle_type_id: vehicleId, name: 'Truk' });
  // @ts-expect-error a form's field named otherwise than the command's
  checkCommand('add_vehicle_type', { vehicle_type_id: vehicleId, nama: 'Truk' });
}

export const formSubmissions: Submission[] = [
  { command: 'delete_hub', payload: { hub_id: hubId } },
  // @ts-expect-error a form dialog sending a misspelt command
  { command: 'delete_hubs', payload: { hub_id: hubId } },
  // @ts-expect-error a form dialog sending another command's payload
  { command: 'delete_hub', payload: { vehicle_id: vehicleId } },
];
