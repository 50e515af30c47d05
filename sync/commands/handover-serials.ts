// Issue 42, the receipt by serial on the device: what complete_unloading and pod_complete
// predict of the TV units when the shipment was loaded by serial (its units in transit on it,
// read through the reader: ctx.read.unitsOfShipment, never the collection directly). The rules
// of the receipt's serials: sync/domain/serials.ts checkReceiptSerials, called by checkReceipt
// (handover-receipt.ts). Server side: public.handover_receipt (cmd_handover.sql), which moves
// the units the same way and keeps their events.
import { normalizeSerial, type SerialTally } from '../domain/serials';
import type { Discrepancy, Shipment, TvUnit } from '../model/rows';
import type { Change, PredictContext } from './types';

/** Code-point order (the same whatever the locale; the server orders by serial collate "C"). */
const bySerial = (a: TvUnit, b: TvUnit) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0);

/**
 * The shipment's loaded units: its units in transit on it, in serial order (the "loaded order"
 * a kurang discrepancy names them in). Undefined when the reader cannot look units up (the
 * serial rules are then left to the server). None: the shipment is received by count.
 */
export async function loadedUnits(ctx: PredictContext, s: Pick<Shipment, 'id'>): Promise<TvUnit[] | undefined> {
  if (!ctx.read.unitsOfShipment) return undefined;
  return (await ctx.read.unitsOfShipment(s.id))
    .filter((u) => !u.deleted && u.state === 'in_transit' && u.shipment_id === s.id)
    .sort(bySerial);
}

/**
 * Where a receipt by serial puts the loaded units (the receiving hub is the shipment's
 * destination, a POD hub for pod_complete): arrived whole -> in that hub's stock, off the
 * shipment, or at a POD (`delivered`: pod_complete, the end of the line, where Dermaga's custody
 * ends) 'delivered' there, still naming the shipment, so it leaves the working set with it;
 * arrived damaged -> 'damaged' at that hub, still naming the shipment; not arrived -> 'missing',
 * no hub, naming the shipment. An unexpected serial moves no unit (the server records the event
 * only). Server twin: public.cmd_serials_receive.
 */
export function unitMoves(
  s: Shipment,
  loaded: readonly TvUnit[],
  tally: SerialTally,
  delivered = false,
): Change[] {
  const arrived = new Set(tally.arrived);
  const damaged = new Set(tally.damaged);
  return loaded.map((u) => {
    const row: TvUnit = !arrived.has(u.serial)
      ? { ...u, state: 'missing', hub_id: null, shipment_id: s.id }
      : damaged.has(u.serial)
        ? { ...u, state: 'damaged', hub_id: s.destination_hub_id, shipment_id: s.id }
        : delivered
          ? { ...u, state: 'delivered', hub_id: s.destination_hub_id, shipment_id: s.id }
          : { ...u, state: 'in_stock', hub_id: s.destination_hub_id, shipment_id: null };
    return { table: 'tv_units' as const, row };
  });
}

/**
 * The serials a discrepancy row names: a TV kurang its missing serials (loaded order), lebih
 * its unexpected ones and rusak its damaged ones (scan order); none on a bracket row or in
 * count mode (no tally).
 */
export function discrepancySerials(
  tally: SerialTally | null,
  d: Pick<Discrepancy, 'item' | 'reason'>,
): string[] {
  if (!tally || d.item !== 'smartboard') return [];
  if (d.reason === 'kurang') return [...tally.missing];
  if (d.reason === 'lebih') return [...tally.unexpected];
  return [...tally.damaged];
}

/** The loaded serials (normal form) of the loaded units. */
export const serialsOf = (units: readonly TvUnit[]) =>
  units.map((u) => normalizeSerial(u.serial) ?? u.serial);
