// Issue 42, the counted receipt by serial: a shipment with units on it (this device's tv_units in
// transit on it: its loaded serials, use-loaded-serials.ts) is received by scanning its TVs. The
// rules without React: the scanner's rule (any valid serial not yet scanned is taken; one not
// loaded on this shipment is "lebih"), the scan as the form holds it (scanned, marked damaged),
// and what it calls for against the loaded serials (serialExpectations: the figures the screen
// shows as it goes and the TV discrepancies, each naming its serials).
import { tallySerials, type DiscrepancyReason, type KeyedMessage } from '../../../sync/pure';

/** The receipt's scan against what was loaded, as the form holds it (serials in their one form). */
export interface SerialReceipt {
  /** The shipment's loaded serials (its units in transit on it), sorted. */
  loaded: readonly string[];
  /** Every TV scanned, in scan order, each once. */
  received: readonly string[];
  /** Those of `received` marked damaged, in scan order. */
  damaged: readonly string[];
}

export interface SerialNeed {
  reason: DiscrepancyReason;
  /** The serials the discrepancy names; its quantity is their number. */
  serials: readonly string[];
}

export interface SerialExpectations {
  /** Loaded and not scanned (kurang), in the loaded list's order. */
  missing: readonly string[];
  /** Scanned but not loaded on this shipment (lebih), in scan order. */
  unexpected: readonly string[];
  /** Scanned and marked damaged (rusak), in scan order. */
  damaged: readonly string[];
  /** The TV discrepancies the scan calls for (kurang, lebih, rusak), each naming its serials. */
  needed: readonly SerialNeed[];
}

/**
 * What a receipt by serial calls for, by the contract's tally (tallySerials: kurang = missing,
 * lebih = unexpected, rusak = damaged), as the command's checker (checkReceipt in serial mode)
 * and the server tally them.
 */
export function serialExpectations(r: SerialReceipt): SerialExpectations {
  const tally = tallySerials(r.loaded, { received: r.received, damaged: r.damaged });
  const needed: SerialNeed[] = [
    { reason: 'kurang' as const, serials: tally.missing },
    { reason: 'lebih' as const, serials: tally.unexpected },
    { reason: 'rusak' as const, serials: tally.damaged },
  ].filter((n) => n.serials.length > 0);
  return { missing: tally.missing, unexpected: tally.unexpected, damaged: tally.damaged, needed };
}

/**
 * The scanner's rule on a receipt: the scanner has refused what is not a serial and what it took
 * already (serial.invalid, serial.alreadyScanned); any other serial is taken, one not loaded on
 * this shipment as "lebih".
 */
export const receiptScanRule = (): KeyedMessage | null => null;

/** The scan with one more serial (already there: unchanged). */
export function withScanned(r: SerialReceipt, serial: string): SerialReceipt {
  return r.received.includes(serial) ? r : { ...r, received: [...r.received, serial] };
}

/** The scan without a serial (taken out again): no longer received, nor damaged. */
export function withoutScanned(r: SerialReceipt, serial: string): SerialReceipt {
  return {
    ...r,
    received: r.received.filter((s) => s !== serial),
    damaged: r.damaged.filter((s) => s !== serial),
  };
}

/** The scan with a scanned serial marked damaged, or no longer; damaged kept in scan order. */
export function withDamagedToggled(r: SerialReceipt, serial: string): SerialReceipt {
  if (!r.received.includes(serial)) return r;
  const marked = new Set(r.damaged);
  if (marked.has(serial)) marked.delete(serial);
  else marked.add(serial);
  return { ...r, damaged: r.received.filter((s) => marked.has(s)) };
}
