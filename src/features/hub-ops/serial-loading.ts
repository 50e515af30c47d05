// Issue 42, "loading by scanning": at a hub that tracks TVs by serial ("Lacak nomor seri TV"),
// the shipping forms (darat, PolJak, PolSub) take the truck's TVs by scanning them, and the TV
// quantity is the number of serials scanned. The rules without React: whether the form loads by
// serial, the scanner's rule for one code (checkLoadScan against this device's units: offline,
// and a unit another form on this tablet just loaded is already in transit), and what the
// command then carries (the serials in scan order, their count as smartboard_quantity).
import { checkLoadScan, type Hub, type KeyedMessage, type TvUnit, type UnitPlace } from '../../../sync/pure';

/** The hub loads TVs by serial (the command's own test: sync/commands/serials.ts tracksSerials). */
export const loadsBySerial = (hub: Pick<Hub, 'serial_tracking'>): boolean => hub.serial_tracking === true;

/** This device's units by serial, deleted ones left out. */
export function unitsBySerial(units: readonly TvUnit[]): Map<string, UnitPlace> {
  const map = new Map<string, UnitPlace>();
  for (const u of units) if (!u.deleted) map.set(u.serial, u);
  return map;
}

/**
 * The scanner's rule for a truck leaving `hubId` (the scanner has put the code in its one form and
 * refused what it already took): null when the serial may go in, else why not, in the server's
 * order (checkLoadScan: already in this truck, on another open shipment, not in this hub's stock).
 */
export function loadScanRule(
  hubId: string,
  units: ReadonlyMap<string, UnitPlace>,
  scanned: readonly string[],
): (serial: string) => KeyedMessage | null {
  const inTruck = new Set(scanned);
  return (serial) => checkLoadScan(serial, hubId, inTruck, units.get(serial));
}

/**
 * What a shipping payload carries about the truck's serials, spread over the form's payload: at a
 * hub that tracks them, the serials in scan order (tv_serials) and their number as the TV quantity;
 * elsewhere (`serials` undefined) nothing, the payload stays as the form made it.
 */
export function tvSerialsPart(serials: readonly string[] | undefined): {
  smartboard_quantity?: number;
  tv_serials?: string[];
} {
  return serials === undefined ? {} : { smartboard_quantity: serials.length, tv_serials: [...serials] };
}

/** The serials list after one is taken out (the ✕ beside it). */
export function withoutSerial(serials: readonly string[], serial: string): string[] {
  return serials.filter((s) => s !== serial);
}
