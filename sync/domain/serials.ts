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
  state: 'in_stock' | 'in_transit' | 'missing' | 'damaged' | 'delivered';
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

// The receipt by serial (issue 42) ---------------------------------------------------------

/** The receipt's serials as the payload carries them (`receipt.tv_serials`): raw, as scanned. */
export interface ReceiptSerials {
  received: readonly string[];
  damaged: readonly string[];
}

/** A broken rule of the receipt's serials: the payload field it belongs to and the message. */
export interface SerialProblem {
  path: (string | number)[];
  message: KeyedMessage;
}

/** The receipt's TV counts the serials must agree with. */
export interface SerialCounts {
  smartboard_received: number;
  smartboard_damaged: number;
}

/**
 * The serial rules of a receipt (rule 2 of issue 42's receipt), in the server's order
 * (public.handover_receipt), given the shipment's loaded serials (its units in transit on it,
 * normal form). No loaded serial: count mode, where any serial sent is refused (invalidCommand).
 * Serial mode: the serials are required (serial.scanRequired); at most MAX_SERIALS of each
 * (serial.tooMany); each received one a serial, once (serial.invalid, serial.alreadyScanned);
 * each damaged one a serial, once, among those received (serial.damagedNotReceived); then
 * Diterima is the serials scanned (serial.receivedMismatch) and Rusak the serials marked
 * (serial.damagedMismatch). The tally (normal forms) when nothing is broken in serial mode:
 * the TV discrepancies it calls for, each naming its serials; null in count mode or when
 * something is broken.
 */
export function checkReceiptSerials(
  loaded: readonly string[],
  serials: ReceiptSerials | null | undefined,
  counts: SerialCounts,
): { problems: SerialProblem[]; tally: SerialTally | null } {
  const problems: SerialProblem[] = [];
  const none = { problems, tally: null };
  if (loaded.length === 0) {
    if (serials && (serials.received.length > 0 || serials.damaged.length > 0))
      problems.push({ path: ['tv_serials'], message: keyed('invalidCommand') });
    return none;
  }
  if (!serials) {
    problems.push({ path: ['tv_serials'], message: keyed('serial.scanRequired') });
    return none;
  }
  for (const list of ['received', 'damaged'] as const) {
    if (serials[list].length > MAX_SERIALS) {
      problems.push({ path: ['tv_serials', list], message: keyed('serial.tooMany', { max: MAX_SERIALS }) });
      return none;
    }
  }
  const received: string[] = [];
  const seen = new Set<string>();
  serials.received.forEach((raw, i) => {
    const serial = normalizeSerial(raw);
    const path = ['tv_serials', 'received', i];
    if (serial === null) problems.push({ path, message: keyed('serial.invalid', { serial: raw.trim().slice(0, 64) }) });
    else if (seen.has(serial)) problems.push({ path, message: keyed('serial.alreadyScanned', { serial }) });
    else {
      seen.add(serial);
      received.push(serial);
    }
  });
  const damaged: string[] = [];
  const marked = new Set<string>();
  serials.damaged.forEach((raw, i) => {
    const serial = normalizeSerial(raw);
    const path = ['tv_serials', 'damaged', i];
    if (serial === null) problems.push({ path, message: keyed('serial.invalid', { serial: raw.trim().slice(0, 64) }) });
    else if (marked.has(serial)) problems.push({ path, message: keyed('serial.alreadyScanned', { serial }) });
    else if (!seen.has(serial)) {
      marked.add(serial);
      problems.push({ path, message: keyed('serial.damagedNotReceived', { serial }) });
    } else {
      marked.add(serial);
      damaged.push(serial);
    }
  });
  if (counts.smartboard_received !== serials.received.length)
    problems.push({
      path: ['smartboard_received'],
      message: keyed('serial.receivedMismatch', {
        quantity: counts.smartboard_received,
        count: serials.received.length,
      }),
    });
  if (counts.smartboard_damaged !== serials.damaged.length)
    problems.push({
      path: ['smartboard_damaged'],
      message: keyed('serial.damagedMismatch', {
        quantity: counts.smartboard_damaged,
        count: serials.damaged.length,
      }),
    });
  if (problems.length > 0) return none;
  return { problems, tally: tallySerials(loaded, { received, damaged }) };
}
