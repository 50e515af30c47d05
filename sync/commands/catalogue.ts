// Every write the product makes, by type. Each entry's server side is
// public.cmd_<type>(command_context, jsonb) in supabase/migrations.
import type { CommandDefinition } from './types';
import { finishLoading, queueVehicles, removeFromQueue, startLoading } from './vehicle-queue';

const definitions = [queueVehicles, startLoading, removeFromQueue, finishLoading] as const;

export type CommandType = (typeof definitions)[number]['type'];

export const CATALOGUE: ReadonlyMap<string, CommandDefinition> = new Map(
  definitions.map((d) => [d.type, d as unknown as CommandDefinition]),
);

export function definitionOf(type: string): CommandDefinition {
  const definition = CATALOGUE.get(type);
  if (!definition) throw new Error(`Unknown command type: ${type}`);
  return definition;
}
