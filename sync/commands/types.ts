// What every command is: a zod schema for its payload (the product's messages),
// and a pure prediction of its local effect. The server side of each command is
// public.cmd_<type> in supabase/migrations; tests/integration/prediction-parity
// checks that both agree.
import type { z } from 'zod';
import type { Tables, ViewTable } from '../model/rows';

export interface CommandEnvelope<P = unknown> {
  id: string;
  type: string;
  payload: P;
  /** When the user acted, by the device clock (the server clamps it to its receipt). */
  issued_at: string;
  /** The signed-in user's id; the server refuses a command whose actor is not the caller. */
  actor: string;
}

/** Who is acting, as the device knows it. */
export interface Actor {
  userId: string;
  role: 'admin' | 'tower_control' | 'hub_user';
  hubId: string | null;
}

/** Local state a prediction may read. all() is only for the small master-data tables. */
export interface StateReader {
  get<T extends ViewTable>(table: T, id: string): Promise<Tables[T] | undefined>;
  all<T extends 'hubs' | 'warehouses' | 'vendors' | 'vehicle_types' | 'shipment_statuses'>(
    table: T,
  ): Promise<Tables[T][]>;
  /** A vendor's vehicles (an indexed read). */
  vehiclesOf(vendorId: string): Promise<Tables['vehicles'][]>;
  /**
   * A warehouse's live ledger rows (an indexed read; issue 29: a correction finds its
   * shipment's row). A reader without it predicts no change of that row.
   */
  inventoryOf?(warehouseId: string): Promise<Tables['inventory'][]>;
  /** The live shipments with this batch number (issue 29: a batch number once). */
  shipmentsWithBatch?(batchNumber: string): Promise<Tables['shipments'][]>;
  /**
   * Issue 42: the TV units with these serials (normal form; an indexed read). A reader without
   * it leaves the serial checks to the server.
   */
  unitsWithSerials?(serials: readonly string[]): Promise<Tables['tv_units'][]>;
  /** Issue 42: the TV units on this shipment (a void puts them back). */
  unitsOfShipment?(shipmentId: string): Promise<Tables['tv_units'][]>;
}

/** A local effect: the new whole row (server-stamped fields keep placeholders until pulled). */
export interface Change<T extends ViewTable = ViewTable> {
  table: T;
  row: Tables[T];
}

export interface PredictContext {
  command: CommandEnvelope;
  actor: Actor;
  read: StateReader;
}

export interface CommandDefinition<S extends z.ZodType = z.ZodType, T extends string = string> {
  type: T;
  schema: S;
  /**
   * The local effect. With strict=true (at dispatch) it checks preconditions
   * and throws CommandRefused; with strict=false (replaying pending commands
   * over fresh server state) it applies what it can and skips what no longer
   * fits: the server decides, the device only shows the likely outcome.
   */
  predict(payload: z.output<S>, ctx: PredictContext, strict: boolean): Promise<Change[]>;
}

/** Keeps the command's type as a literal, so the catalogue can key its types by it. */
export function defineCommand<const T extends string, S extends z.ZodType>(
  definition: CommandDefinition<S, T>,
): CommandDefinition<S, T> {
  return definition;
}
