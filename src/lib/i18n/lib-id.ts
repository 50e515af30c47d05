// Bahasa Indonesia for the texts of src/lib's shared modules (command names, roles, undo offers, read errors, toasts of the command runner) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; lib-en.ts has the same keys.
export const libId = {
  /**
   * command-labels.ts: each command type's name in a shipment's history, the audit trail and
   * the sync panel's rejections. Keyed by the command type itself (data, not camelCase).
   */
  commands: {
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
    attach_correction: 'Lampirkan dokumen pengganti',
    register_serials: 'Daftarkan nomor seri TV',
    remove_serials: 'Hapus nomor seri TV',
  },
  /**
   * roles.ts: the role as the sidebar and header show it, spec 2.2's rule (the key with its
   * underscore replaced by a space), never the internal key. Keyed by the role.
   */
  roles: {
    admin: 'admin',
    tower_control: 'tower control',
    hub_user: 'hub user',
  },
  // navigation.ts: the sidebar menu, spec 2.2's names verbatim.
  nav: {
    dashboard: 'Dashboard',
    operations: 'Operations',
    management: 'Management',
    pod: 'POD',
    users: 'Users',
    vendors: 'Vendors',
    inventory: 'Inventory',
    hubs: 'Hubs',
    statusShipment: 'Status Shipment',
    settings: 'Settings',
    // Beyond the spec (issue 12); the screen's own title.
    audit: 'Audit Trail',
    inventoryWarehouse: 'Inventory Gudang',
    myInventory: 'My Inventory',
    hubPages: {
      karawang: 'Hub Karawang',
      cikarang: 'Hub Cikarang',
      poljak: 'Pol Jakarta',
      polsub: 'Pol Surabaya',
    },
  },
  // undo-offer.ts (the device's undo refusals are the server's: server.undoTooLate ...)
  undo: {
    undone: 'Tindakan diurungkan',
  },
  // run-command.ts, field-errors.ts
  command: {
    databaseNotReady: 'Database lokal belum siap.',
  },
};
