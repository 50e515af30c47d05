// Whole rows for tests without a server (predictions, domain rules, live tables): every
// column of the kind, a test naming only what it is about. Defaults: no driver, ship, dates
// or notes; a vehicle ready and active but not queued; nothing counted or signed.
import type { InventoryRow, Replicated, Shipment, StockBalance, Vehicle } from '../../sync/model/rows';

type Stamp = Pick<Replicated, 'created_at' | 'updated_at' | 'deleted' | 'change_xid'>;

/** The columns every replicated row has: made and last changed at `at`, not deleted. */
export const stamped = (at: string, change_xid: string): Stamp => ({
  created_at: at,
  updated_at: at,
  deleted: false,
  change_xid,
});

/** Numbered uuids of one kind: `numberedIds('11111111')(2)` is 11111111-0000-4000-8000-000000000002. */
export const numberedIds = (prefix: string) => (n: number) =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function vehicleRow(row: Partial<Vehicle> & Pick<Vehicle, 'id'>): Vehicle {
  return {
    ...stamped('2026-01-01T00:00:00Z', '1'),
    license_plate: `B ${row.id}`,
    driver_name: null,
    driver_phone: null,
    vehicle_type_id: null,
    nama_kapal: null,
    nama_pelayaran: null,
    vendor_id: 'v1',
    current_hub_id: null,
    ready: true,
    siap_muat: false,
    sedang_muat: false,
    is_active: true,
    queued_at: null,
    loading_started_at: null,
    loading_finished_at: null,
    ...row,
  };
}

/** An inventory ledger row (no batch, no shipment unless given), dated 20 Nov 2026 by default. */
export function ledgerRow(
  row: Partial<InventoryRow> &
    Pick<InventoryRow, 'id' | 'warehouse_id' | 'smartboard_quantity' | 'bracket_quantity'>,
): InventoryRow {
  return {
    ...stamped('2026-11-01T00:00:00Z', '1'),
    date_recorded: '2026-11-20',
    batch_number: null,
    shipment_id: null,
    ...row,
  };
}

/** Ledger rows stamped alike, by position: `(id, warehouse, tv, bracket, deleted?)`. */
export const ledgerRowsOf =
  (stamp: Stamp) =>
  (id: string, warehouse: string, tv: number, bracket: number, deleted = false): InventoryRow =>
    ledgerRow({
      ...stamp,
      id,
      warehouse_id: warehouse,
      smartboard_quantity: tv,
      bracket_quantity: bracket,
      deleted,
    });

export function shipmentRow(
  row: Partial<Shipment> &
    Pick<Shipment, 'id' | 'batch_number' | 'vehicle_id' | 'origin_hub_id' | 'destination_hub_id' | 'status'>,
): Shipment {
  return {
    ...stamped('2026-11-01T00:00:00Z', '1'),
    vendor_id: null,
    current_hub_id: null,
    smartboard_quantity: 0,
    bracket_quantity: 0,
    delivery_record: false,
    bast: false,
    loading_date: null,
    etd: null,
    eta: null,
    arrival_gdt: null,
    arrival_destination: null,
    selesai_bongkar: false,
    notes: null,
    delivery_record_image_url: null,
    bast_image_url: null,
    unloading_started_at: null,
    unloading_finished_at: null,
    ...row,
  };
}

/** A warehouse's stored stock (its id is the warehouse's). */
export const balanceRow = (stamp: Stamp, warehouse: string, tv: number, bracket: number): StockBalance => ({
  ...stamp,
  id: warehouse,
  warehouse_id: warehouse,
  smartboard_quantity: tv,
  bracket_quantity: bracket,
});
