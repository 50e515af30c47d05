// Spec 4.2: the status a new shipment starts in, otw_{destination}. Twin of
// public.otw_destination.
import type { Hub, Warehouse } from '../model/rows';
import { containsText, dmTrim, slug } from './text';

export interface OtwStatus {
  /** The shipment_statuses key: otw_cikarang, otw_poljak, otw_polsub, otw_podmakasar or otw_{city}. */
  key: string;
  /** The label a status added for it gets (the known four exist already). */
  label: string;
}

const KNOWN: readonly { needles: readonly string[]; status: OtwStatus }[] = [
  { needles: ['cikarang'], status: { key: 'otw_cikarang', label: 'OTW Cikarang' } },
  { needles: ['poljak', 'jakarta'], status: { key: 'otw_poljak', label: 'OTW Pol Jakarta' } },
  { needles: ['polsub', 'surabaya'], status: { key: 'otw_polsub', label: 'OTW Pol Surabaya' } },
  // The product's key keeps its historical spelling (one s); both spellings match.
  { needles: ['makassar', 'makasar'], status: { key: 'otw_podmakasar', label: 'OTW POD Makassar' } },
];

/**
 * The names are looked at in order (warehouse name, hub name, hub city), and in
 * each the known destinations in order; the first hit decides. Otherwise the
 * status is otw_ plus the city's letters and digits in lower case ("otw_ plus
 * the city lowercased without spaces"; other characters are dropped too, as a
 * status key holds only letters, digits and underscores). null when neither
 * gives anything: the form's 'Gagal menentukan status pengiriman dari tujuan gudang.'
 */
export function otwDestination(
  names: readonly (string | null | undefined)[],
  city: string | null | undefined,
): OtwStatus | null {
  for (const name of names) {
    if (name == null) continue;
    for (const known of KNOWN) {
      if (known.needles.some((needle) => containsText(name, needle))) return known.status;
    }
  }
  const c = dmTrim(city ?? '');
  const s = slug(c);
  return s === null ? null : { key: `otw_${s}`, label: `OTW ${c}` };
}

/** The Karawang/Cikarang form: from the destination warehouse and its hub. */
export function otwForWarehouse(
  warehouse: Pick<Warehouse, 'name' | 'location'>,
  hub: Pick<Hub, 'name' | 'city'>,
): OtwStatus | null {
  return otwDestination([warehouse.name, hub.name, hub.city], dmTrim(hub.city ?? '') || warehouse.location);
}

/** The PolJak and PolSub forms: from the destination hub. */
export function otwForHub(hub: Pick<Hub, 'name' | 'city'>): OtwStatus | null {
  return otwDestination([hub.name, hub.city], hub.city);
}
