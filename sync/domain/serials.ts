// Issue 42: a TV by its serial number. What a serial is (the box's barcode as typed, scanned or
// imported, made one form) and whether a scanned serial may go into a truck, as pure rules: the
// shipping form's scanner checks each code with checkLoadScan as it comes, the shipping commands'
// predictions check the whole list with the same function, and the server makes the same checks
// in the same order with the same keys (public.cmd_serial_normal, supabase/schemas/functions/
// cmd_serials.sql).
import { keyed, type KeyedMessage } from '../message';

/** At most this many serials in one command (a 200-TV truck with room to spare). */
export const MAX_SERIALS = 500;

const SERIAL = /^[A-Z0-9][A-Z0-9\-_/.]{2,63}$/;

/**
 * The one form of a serial: surrounding white space and control characters dropped (a
 * keyboard-wedge scanner ends a code with Enter or Tab), letters upper case. Null when what
 * is left is not a serial (3 to 64 letters, digits or - _ / ., starting with a letter or digit).
 */
export function normalizeSerial(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const printable = raw.replace(/[\u0000-\u001f\u007f]/g, '');
  const s = printable.trim().toUpperCase();
  return SERIAL.test(s) ? s : null;
}

/** Where a unit is, as the device holds it (public.tv_units). */
export interface UnitPlace {
  serial: string;
  state: 'in_stock' | 'in_transit' | 'missing';
  hub_id: string | null;
  shipment_id: string | null;
}

/**
 * Whether a scanned serial may be loaded at hub `hubId`, given what is already in the truck
 * (`scanned`, normalized) and the unit as the device knows it (undefined: unknown here).
 * Null when it may; else the refusal, in the server's order: not a serial, already in this
 * truck, on another open shipment, not in this hub's stock.
 */
export function checkLoadScan(
  raw: string,
  hubId: string,
  scanned: ReadonlySet<string>,
  unit: UnitPlace | undefined,
): KeyedMessage | null {
  const serial = normalizeSerial(raw);
  if (serial === null) return keyed('serial.invalid', { serial: raw.trim().slice(0, 64) });
  if (scanned.has(serial)) return keyed('serial.alreadyScanned', { serial });
  if (unit?.state === 'in_transit') return keyed('serial.inOpenShipment', { serial });
  if (!unit || unit.state !== 'in_stock' || unit.hub_id !== hubId)
    return keyed('serial.notInStock', { serial });
  return null;
}

/** Issue 42: a receipt by serial, as the receiving hub scanned it. */
export interface SerialScan {
  /** Every TV that arrived, in scan order (normal form, each once). */
  received: readonly string[];
  /** Those of `received` found damaged. */
  damaged: readonly string[];
}

/** What a receipt by serial says against what was loaded: the receipt's rows name these. */
export interface SerialTally {
  /** Loaded and arrived. */
  arrived: string[];
  /** Loaded and not arrived (kurang), in the loaded list's order. */
  missing: string[];
  /** Arrived but not loaded on this shipment (lebih), in scan order. */
  unexpected: string[];
  /** Arrived damaged (rusak), in scan order. */
  damaged: string[];
}

/**
 * The tally of a receipt by serial against the shipment's loaded serials: the TV quantities it
 * books (received = every serial scanned, damaged = those marked) and the discrepancies it
 * calls for (kurang = missing, lebih = unexpected, rusak = damaged), each naming its serials.
 * The server tallies the same way (public.handover_receipt).
 */
export function tallySerials(loaded: readonly string[], scan: SerialScan): SerialTally {
  const received = new Set(scan.received);
  const wasLoaded = new Set(loaded);
  return {
    arrived: scan.received.filter((s) => wasLoaded.has(s)),
    missing: loaded.filter((s) => !received.has(s)),
    unexpected: scan.received.filter((s) => !wasLoaded.has(s)),
    damaged: scan.damaged.filter((s) => received.has(s)),
  };
}
