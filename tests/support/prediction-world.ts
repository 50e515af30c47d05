// The small world of the prediction tests without a server (tests/unit/commands-predict and
// shipping-stock): numbered ids, and hubs and warehouses by those ids.
import type { Hub, Warehouse } from '../../sync/model/rows';
import { numberedIds, stamped } from './rows';

export const HUB = numberedIds('11111111');
export const WH = numberedIds('22222222');
export const ID = numberedIds('99999999');
export const stamp = stamped('2026-09-22T20:00:00+00:00', '7');

/** Karawang (1), Cikarang (2), PolJak (3, no warehouse), POD Makassar (5). */
export const hubs: Hub[] = [
  { ...stamp, id: HUB(1), name: 'Hub Karawang', city: 'Karawang', type: 'karawang' },
  { ...stamp, id: HUB(2), name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang' },
  { ...stamp, id: HUB(3), name: 'Hub PolJak', city: 'Jakarta', type: 'poljak' },
  { ...stamp, id: HUB(5), name: 'POD Makassar', city: 'Makassar', type: 'pod' },
];
/** Gudang Karawang (1), Cikarang (2) and Makassar (5), at their hubs. */
export const warehouses: Warehouse[] = [
  { ...stamp, id: WH(1), name: 'Gudang Karawang', location: 'Karawang', hub_id: HUB(1), capacity: null },
  { ...stamp, id: WH(2), name: 'Gudang Cikarang', location: 'Cikarang', hub_id: HUB(2), capacity: null },
  { ...stamp, id: WH(5), name: 'Gudang Makassar', location: 'Makassar', hub_id: HUB(5), capacity: null },
];
