// Every write the product makes, by type. Each entry's server side is
// public.cmd_<type>(command_context, jsonb) in supabase/migrations.
import { completeUnloading, confirmArrival, startUnloading } from './arrival';
import { addHub, deleteHub, editHub } from './hubs';
import {
  addInventory,
  addSeaFleet,
  addVehicle,
  addVehicleType,
  addVendor,
  addWarehouse,
  deleteVehicle,
  deleteVendor,
  editVehicle,
  editVendor,
} from './master-data';
import { attachCorrection } from './document-correction';
import { attachDocument, resolveDiscrepancy } from './handover';
import { podComplete, podConfirmArrival, podStartUnloading } from './pod';
import { registerSerials, removeSerials } from './serials';
import { correctShipmentCounts, voidShipment } from './shipment-correction';
import {
  createShipmentDarat,
  createShipmentPoljak,
  createShipmentPolsub,
  setShipmentImage,
} from './shipping';
import type { z } from 'zod';
import type { CommandDefinition } from './types';
import { setWarehouseCapacity } from './warehouse-capacity';
import { undoCommand } from './undo';
import { finishLoading, queueVehicles, removeFromQueue, startLoading } from './vehicle-queue';

const definitions = [
  // vehicle queue (cmd_vehicle_queue.sql)
  queueVehicles,
  startLoading,
  removeFromQueue,
  finishLoading,
  // shipping forms (cmd_shipping.sql)
  createShipmentDarat,
  createShipmentPoljak,
  createShipmentPolsub,
  setShipmentImage,
  // arrival at a hub (cmd_arrival.sql)
  confirmArrival,
  startUnloading,
  completeUnloading,
  // POD (cmd_pod.sql)
  podConfirmArrival,
  podStartUnloading,
  podComplete,
  // master data (cmd_master_data.sql, hubs cmd_hubs.sql, vehicles cmd_vehicles.sql)
  addInventory,
  addWarehouse,
  addVendor,
  editVendor,
  deleteVendor,
  addVehicleType,
  addVehicle,
  editVehicle,
  deleteVehicle,
  addSeaFleet,
  addHub,
  editHub,
  deleteHub,
  // warehouse capacity (cmd_warehouse_capacity.sql)
  setWarehouseCapacity,
  // undo of a floor action (cmd_undo.sql)
  undoCommand,
  // corrections of a shipment on its way (cmd_shipment_correction.sql)
  correctShipmentCounts,
  voidShipment,
  // the handover's evidence (cmd_handover.sql; the receipt rides on the two completions)
  resolveDiscrepancy,
  attachDocument,
  // a sealed document's correction (cmd_document_correction.sql)
  attachCorrection,
  // TVs by serial number into a hub's stock (cmd_serials.sql; issue 42), and one registered by
  // mistake out of it (cmd_serials_remove.sql)
  registerSerials,
  removeSerials,
] as const;

type Definition = (typeof definitions)[number];

/** Every command's name: a misspelt one is a compile error wherever a command is sent. */
export type CommandType = Definition['type'];

/** The definition of one command type, with its own schema's types. */
export type DefinitionOf<T extends CommandType> = Extract<Definition, { type: T }>;

/** What a screen sends for a command: its schema's input (before trimming and defaults). */
export type CommandInput<T extends CommandType> = z.input<DefinitionOf<T>['schema']>;

/** The payload as the command's schema leaves it (what predict and the server see). */
export type CommandPayload<T extends CommandType> = z.output<DefinitionOf<T>['schema']>;

/** One command with the payload of its own type (a union over the catalogue). */
export type AnyCommand = { [T in CommandType]: { type: T; payload: CommandInput<T> } }[CommandType];

/** The catalogue keyed by type: COMMANDS.queue_vehicles.schema is that command's schema. */
export const COMMANDS = Object.fromEntries(definitions.map((d) => [d.type, d])) as {
  readonly [T in CommandType]: DefinitionOf<T>;
};

/**
 * The same definitions for a type read back from storage or the network (an outbox written
 * by an earlier release, a test's generated command), where the name is only a string.
 */
export const CATALOGUE: ReadonlyMap<string, CommandDefinition> = new Map(
  definitions.map((d) => [d.type, d as unknown as CommandDefinition]),
);

export function isCommandType(type: string): type is CommandType {
  return CATALOGUE.has(type);
}

export function definitionOf(type: string): CommandDefinition {
  const definition = CATALOGUE.get(type);
  if (!definition) throw new Error(`Unknown command type: ${type}`);
  return definition;
}
