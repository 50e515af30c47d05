// Shared by tests/unit/serials-*.test.ts (issue 42 on the device, without a server): a memory
// state where Karawang and PolJak track serials, its users, a unit maker, and a command
// predicted, refused, or refused by its schema, each refusal by its key and parameters.
import { expect } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Actor } from '../../sync/commands/types';
import { CommandRefused } from '../../sync/errors';
import { issueMessage, type KeyedMessage } from '../../sync/message';
import type { Hub, Tables, TvUnit, Vehicle } from '../../sync/model/rows';
import { MemoryState } from './memory-state';
import { HUB, hubs as allHubs, ID, stamp, warehouses } from './prediction-world';
import { vehicleRow } from './rows';

export const ISSUED = '2026-11-29T04:00:00.000Z';
export const karawangUser: Actor = { userId: ID(100), role: 'hub_user', hubId: HUB(1) };
export const cikarangUser: Actor = { userId: ID(101), role: 'hub_user', hubId: HUB(2) };
export const admin: Actor = { userId: ID(102), role: 'admin', hubId: null };
export const tower: Actor = { userId: ID(103), role: 'tower_control', hubId: null };

/** Karawang and PolJak track serials; Cikarang and Makassar do not. */
export const hubs: Hub[] = allHubs.map((h) => ({
  ...h,
  serial_tracking: h.id === HUB(1) || h.id === HUB(3),
}));
export const truck = (n: number, hub = HUB(1)): Vehicle =>
  vehicleRow({ ...stamp, id: ID(n), license_plate: `T ${n} KA`, vendor_id: ID(9), current_hub_id: hub });
/** Unit n (id ID(700 + n)), in Karawang's stock unless told. */
export const unit = (n: number, serial: string, over: Partial<TvUnit> = {}): TvUnit => ({
  ...stamp,
  id: ID(700 + n),
  serial,
  state: 'in_stock',
  hub_id: HUB(1),
  shipment_id: null,
  moved: false,
  ...over,
});

export function world(extra: Partial<{ [T in keyof Tables]: Tables[T][] }> = {}) {
  return new MemoryState({
    hubs,
    warehouses,
    vehicles: [truck(1), truck(2), truck(3, HUB(2)), truck(4, HUB(3))],
    ...extra,
  });
}

/** The command predicted (strict unless told) and its changes applied to the state. */
export async function predict(
  state: MemoryState,
  actor: Actor,
  type: string,
  payload: unknown,
  strict = true,
) {
  const definition = definitionOf(type);
  const parsed = definition.schema.parse(payload);
  const command = { id: ID(500), type, payload, issued_at: ISSUED, actor: actor.userId };
  const changes = await definition.predict(parsed, { command, actor, read: state }, strict);
  state.apply(changes);
  return changes;
}

/** The refusal's code and its message by key. */
export async function refused(
  promise: Promise<unknown>,
): Promise<{ code: string; keyed: KeyedMessage | null }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CommandRefused);
  return { code: (error as CommandRefused).code, keyed: (error as CommandRefused).keyed };
}

/** The first schema issue's message by key. */
export function schemaRefusal(type: string, payload: unknown): KeyedMessage | null {
  const result = definitionOf(type).schema.safeParse(payload);
  expect(result.success).toBe(false);
  return issueMessage(result.error!.issues[0]!);
}
