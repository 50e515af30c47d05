// What each command type is called in the audit trail and a shipment's history.
const LABELS: Record<string, string> = {
  queue_vehicles: 'Tambah ke antrian',
  start_loading: 'Proses Muat',
  remove_from_queue: 'Keluarkan dari antrian',
  finish_loading: 'Selesai Muat',
  create_shipment_darat: 'Buat shipment (darat)',
  create_shipment_poljak: 'Buat shipment (PolJak)',
  create_shipment_polsub: 'Buat shipment (PolSub)',
  set_shipment_image: 'Unggah dokumen',
  confirm_arrival: 'Confirm Tiba',
  start_unloading: 'Mulai Bongkar',
  complete_unloading: 'Selesai Bongkar',
  pod_confirm_arrival: 'POD Confirm Tiba',
  pod_start_unloading: 'POD Mulai Bongkar',
  pod_complete: 'POD Selesai',
  add_inventory: 'Tambah inventory',
  add_warehouse: 'Tambah gudang',
  set_warehouse_capacity: 'Atur kapasitas gudang',
  add_vendor: 'Tambah vendor',
  edit_vendor: 'Ubah vendor',
  delete_vendor: 'Hapus vendor',
  add_vehicle_type: 'Tambah jenis kendaraan',
  add_vehicle: 'Tambah kendaraan',
  add_sea_fleet: 'Tambah armada laut',
  edit_vehicle: 'Ubah kendaraan',
  delete_vehicle: 'Hapus kendaraan',
  add_hub: 'Tambah hub',
  edit_hub: 'Ubah hub',
  delete_hub: 'Hapus hub',
  undo_command: 'Urungkan',
  correct_shipment_counts: 'Koreksi jumlah shipment',
  void_shipment: 'Batalkan shipment',
  resolve_discrepancy: 'Selesaikan selisih',
  attach_document: 'Lampirkan dokumen',
};

/** The type's name for people; an unknown (newer) type as its words. */
export function commandLabel(type: string): string {
  return LABELS[type] ?? type.replace(/_/g, ' ');
}

export const COMMAND_TYPES = Object.keys(LABELS);
