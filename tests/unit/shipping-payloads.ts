// The shipping commands' payloads as the schema tests build them (commands-validation,
// shipment-not-empty): whole and valid but for the quantities the test chooses.
import { seaBatchNumber } from '../../sync/commands/shipping';

/** A valid uuid numbered `n`. */
export const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Quantities {
  smartboard_quantity: number;
  bracket_quantity: number;
}

/** A road shipment from Karawang, no photos. */
export const darat = (quantities: Quantities) => ({
  hub_id: ID(1),
  shipment_id: ID(2),
  vehicle_id: ID(3),
  destination_warehouse_id: ID(4),
  batch_number: 'KRW-01',
  ...quantities,
  inventory_id: ID(5),
  image_count: 0,
});

/** A sea shipment of the PolJak or PolSub form, one container photo. */
export const sea = (form: 'poljak' | 'polsub', quantities: Quantities) => ({
  hub_id: ID(1),
  shipment_id: ID(2),
  container_id: ID(3),
  inventory_id: ID(4),
  vehicle_id: ID(5),
  pelayaran: 'Meratus Line',
  nama_kapal: 'KM Bahari',
  no_container: 'MRTU 123456 7',
  etd: '2026-11-22',
  eta: '2026-11-29',
  destination_hub_id: ID(6),
  ...quantities,
  image_count: 1,
  batch_number: seaBatchNumber(form, '2026-11-21T07:05:00.000Z'),
});
