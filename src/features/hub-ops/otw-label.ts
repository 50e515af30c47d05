import { otwForHub, type Hub } from '../../../sync/pure';

/**
 * The {x} of 'Shipment berhasil dibuat dengan status OTW {x}' (spec 8.3): the
 * destination part of the new status's label, e.g. 'POD Makassar'.
 */
export function otwLabelPart(destination: Pick<Hub, 'name' | 'city'>): string {
  const status = otwForHub(destination);
  return status ? status.label.replace(/^OTW\s+/, '') : destination.name;
}
