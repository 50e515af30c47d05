// The replicated rows as the server sends them (pull_changes: to_jsonb of each
// table). Timestamps are ISO strings, dates yyyy-MM-dd, change_xid a decimal string.

export interface Replicated {
  id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  change_xid: string;
}

export interface Hub extends Replicated {
  name: string;
  city: string | null;
  type: 'karawang' | 'cikarang' | 'poljak' | 'polsub' | 'pod' | 'hub';
  /**
   * Issue 41: its receipts open with empty counts (blind counting), set by an admin. Always
   * there on a pulled row (the server's default is false); optional for rows made in tests.
   */
  blind_count?: boolean;
  /**
   * Issue 42: TVs at this hub are handled by serial number (stock, loading, receipt), set by an
   * admin. Always there on a pulled row (the server's default is false); optional for rows made
   * in tests.
   */
  serial_tracking?: boolean;
}

export interface Warehouse extends Replicated {
  name: string;
  location: string | null;
  hub_id: string | null;
  /** The most it holds (TV + bracket), set by an admin; null when not set. */
  capacity: number | null;
}

export interface Profile extends Replicated {
  user_id: string | null;
  email: string | null;
  full_name: string | null;
  role: 'admin' | 'tower_control' | 'hub_user';
  hub_id: string | null;
}

export interface ShipmentStatus extends Replicated {
  key: string;
  label: string;
  color: 'info' | 'warning' | 'primary' | 'success' | 'danger';
  sort_order: number;
}

export interface Vendor extends Replicated {
  name: string;
  contact_person: string | null;
  phone: string | null;
}

export interface VehicleType extends Replicated {
  name: string;
}

export interface Vehicle extends Replicated {
  license_plate: string;
  driver_name: string | null;
  driver_phone: string | null;
  vehicle_type_id: string | null;
  nama_kapal: string | null;
  nama_pelayaran: string | null;
  vendor_id: string;
  current_hub_id: string | null;
  ready: boolean;
  siap_muat: boolean;
  sedang_muat: boolean;
  is_active: boolean;
  queued_at: string | null;
  loading_started_at: string | null;
  loading_finished_at: string | null;
}

export interface Shipment extends Replicated {
  batch_number: string;
  vehicle_id: string;
  vendor_id: string | null;
  origin_hub_id: string;
  destination_hub_id: string;
  current_hub_id: string | null;
  smartboard_quantity: number;
  bracket_quantity: number;
  delivery_record: boolean;
  bast: boolean;
  status: string;
  loading_date: string | null;
  etd: string | null;
  eta: string | null;
  arrival_gdt: string | null;
  arrival_destination: string | null;
  selesai_bongkar: boolean;
  notes: string | null;
  delivery_record_image_url: string | null;
  bast_image_url: string | null;
  unloading_started_at: string | null;
  unloading_finished_at: string | null;
}

export interface Container extends Replicated {
  container_number: string;
  vessel_name: string | null;
  shipping_line: string | null;
  shipment_id: string;
}

export interface InventoryRow extends Replicated {
  warehouse_id: string;
  date_recorded: string;
  smartboard_quantity: number;
  bracket_quantity: number;
  batch_number: string | null;
  shipment_id: string | null;
}

/**
 * A warehouse's stock on hand, kept by the server (issue 26): the sum of its live ledger
 * rows, one row per warehouse (id = warehouse_id). The screens read stock from here, not
 * by adding up the ledger; a prediction moves it with the ledger rows it writes
 * (sync/replication/balances.ts).
 */
export interface StockBalance extends Replicated {
  warehouse_id: string;
  smartboard_quantity: number;
  bracket_quantity: number;
}

/**
 * Issue 28: a stored file of a shipment (bucket shipment-documents, at
 * shipments/<shipment_id>/documents/<id>.<ext>), written only by attach_document once the
 * file is there. uploaded_by and received_at are the server's (placeholders in a prediction).
 */
export interface ShipmentDocument extends Replicated {
  shipment_id: string;
  kind: DocumentKind;
  path: string;
  mime: DocumentMime;
  size_bytes: number;
  sha256: string;
  /** When the file was captured or made, by the device clock. */
  device_time: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  discrepancy_id: string | null;
  uploaded_by: string;
  received_at: string;
}

export type DocumentKind =
  'surat_jalan' | 'bast' | 'signature_receiver' | 'signature_driver' | 'discrepancy_photo';
export type DocumentMime = 'application/pdf' | 'image/png' | 'image/jpeg';

/**
 * Issue 28: a difference found when counting a shipment, with its photos (the
 * shipment_documents ids of kind 'discrepancy_photo' they get). Open until tower control
 * or an admin resolves it with a note.
 */
export interface Discrepancy extends Replicated {
  shipment_id: string;
  receipt_id: string;
  item: 'smartboard' | 'bracket';
  reason: 'kurang' | 'lebih' | 'rusak';
  quantity: number;
  note: string | null;
  photo_ids: string[];
  origin_hub_id: string;
  destination_hub_id: string;
  reported_by: string;
  reported_at: string;
  status: 'open' | 'resolved';
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
  /**
   * Issue 42: the serials a TV discrepancy of a receipt by serial names (kurang: the missing
   * ones in the loaded order, lebih: the unexpected ones, rusak: the damaged ones, in scan
   * order); [] on every other row. A row pulled from a server without the column has [].
   */
  serials: string[];
}

/**
 * Issue 28: the counted receipt of a shipment as the server keeps it (public.shipment_receipts).
 * Not replicated (no collection: RxDB's open-core build allows 13 collections per JavaScript
 * context without a wait, and a device has 14 since issue 42's tv_units, README "Known
 * gotchas"); a screen reads it online (RLS: as the shipment).
 */
export interface ShipmentReceipt extends Replicated {
  shipment_id: string;
  warehouse_id: string;
  smartboard_sent: number;
  bracket_sent: number;
  smartboard_received: number;
  bracket_received: number;
  smartboard_damaged: number;
  bracket_damaged: number;
  receiver_name: string;
  driver_name: string;
  receiver_signature_id: string;
  driver_signature_id: string;
  signed_at: string;
  counted_by: string;
  received_at: string;
}

/**
 * Issue 42: one TV by its serial number (public.tv_units), unique across the company and in one
 * place at a time: in a hub's stock (hub_id), on a shipment (shipment_id, hub_id null),
 * missing (it left on a shipment and was not received: shipment_id that one, hub_id null),
 * damaged (received broken: hub_id the receiving hub, shipment_id the shipment it came on), or
 * delivered (received whole at a POD, where Dermaga's custody ends: hub_id the POD hub,
 * shipment_id the shipment it came on). The serial is in its one form
 * (sync/domain/serials.ts normalizeSerial).
 */
export interface TvUnit extends Replicated {
  serial: string;
  state: 'in_stock' | 'in_transit' | 'missing' | 'damaged' | 'delivered';
  hub_id: string | null;
  shipment_id: string | null;
  /** Loaded on a shipment since it was registered: a real TV, not removable (remove_serials). */
  moved: boolean;
}

export interface Tables {
  hubs: Hub;
  warehouses: Warehouse;
  stock_balances: StockBalance;
  profiles: Profile;
  shipment_statuses: ShipmentStatus;
  vendors: Vendor;
  vehicle_types: VehicleType;
  vehicles: Vehicle;
  shipments: Shipment;
  containers: Container;
  inventory: InventoryRow;
  shipment_documents: ShipmentDocument;
  discrepancies: Discrepancy;
  tv_units: TvUnit;
}

export type TableName = keyof Tables;

/** Pull order: what others refer to comes first. */
export const TABLES: readonly TableName[] = [
  'hubs',
  'warehouses',
  'stock_balances',
  'profiles',
  'shipment_statuses',
  'vendors',
  'vehicle_types',
  'vehicles',
  'shipments',
  'containers',
  'inventory',
  // Issue 28: rows of a shipment, after it.
  'shipment_documents',
  'discrepancies',
  // Issue 42: a TV by its serial (refers to hubs and shipments).
  'tv_units',
];

/**
 * Tables the device only reads and no command predicts: kept in the engine's store
 * (db/engine-store.ts), not as RxDB collections. RxDB's open core opens 13 collections at once
 * and holds a 14th back 1.8 s (README, Known gotchas); a first sync waited that long for its last
 * table (docs/performance.md, "The 14th collection").
 */
export const STORE_TABLES = ['profiles'] as const satisfies readonly TableName[];
export type StoreTable = (typeof STORE_TABLES)[number];
/** The tables the screens query and the commands predict: one RxDB collection each. */
export type ViewTable = Exclude<TableName, StoreTable>;

export function isStoreTable(table: TableName): table is StoreTable {
  return (STORE_TABLES as readonly TableName[]).includes(table);
}

export const VIEW_TABLES: readonly ViewTable[] = TABLES.filter((t): t is ViewTable => !isStoreTable(t));
