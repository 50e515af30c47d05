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
];
