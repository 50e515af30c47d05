// Every write the product makes, by type. Each entry's server side is
// public.cmd_<type>(command_context, jsonb) in supabase/migrations.
import { completeUnloading, confirmArrival, startUnloading } from './arrival';
import {
  addHub,
  addInventory,
  addSeaFleet,
  addVehicle,
  addVehicleType,
  addVendor,
  addWarehouse,
  deleteHub,
  deleteVehicle,
  deleteVendor,
  editHub,
  editVehicle,
  editVendor,
} from './master-data';
import { podComplete, podConfirmArrival, podStartUnloading } from './pod';
import {
  createShipmentDarat,
  createShipmentPoljak,
  createShipmentPolsub,
  setShipmentImage,
} from './shipping';
import type { CommandDefinition } from './types';
import { setWarehouseCapacity } from './warehouse-capacity';
import { finishLoading, queueVehicles, removeFromQueue, startLoading } from './vehicle-queue';

const definitions = [
  // vehicle queue (20261121002200)
  queueVehicles,
  startLoading,
  removeFromQueue,
  finishLoading,
  // shipping forms (20261121002400)
  createShipmentDarat,
  createShipmentPoljak,
  createShipmentPolsub,
  setShipmentImage,
  // arrival at a hub (20261121002500)
  confirmArrival,
  startUnloading,
  completeUnloading,
  // POD (20261121002600)
  podConfirmArrival,
  podStartUnloading,
  podComplete,
  // master data (20261121002700)
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
  // warehouse capacity (20261123001100)
  setWarehouseCapacity,
] as const;

export type CommandType = (typeof definitions)[number]['type'];

export const CATALOGUE: ReadonlyMap<string, CommandDefinition> = new Map(
  definitions.map((d) => [d.type, d as unknown as CommandDefinition]),
);

export function definitionOf(type: string): CommandDefinition {
  const definition = CATALOGUE.get(type);
  if (!definition) throw new Error(`Unknown command type: ${type}`);
  return definition;
}
