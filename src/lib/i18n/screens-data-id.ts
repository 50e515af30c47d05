// Bahasa Indonesia for the audit trail (beyond the spec: issue 12), Inventory Master (the
// spec's strings of 2.5, 5 and 8.1 verbatim), the ui primitives and the date picker.
export const screensDataId = {
  audit: {
    description:
      'Setiap tindakan yang dikirim setiap perangkat, terbaru lebih dulu: siapa melakukan apa, kapan menurut perangkat, kapan diterima server, dan hasilnya.',
    filterUserPlaceholder: 'Email atau nama',
    filterFrom: 'Dari tanggal',
    filterTo: 'Sampai tanggal',
    all: 'Semua',
    reset: 'Reset filter',
    columns: {
      deviceTime: 'Waktu perangkat',
      serverTime: 'Diterima server',
      outcome: 'Hasil',
    },
    applied: 'Berhasil',
    rejectedWith: 'Ditolak: {{message}}',
    empty: 'Tidak ada aksi untuk filter ini.',
    failed: 'Gagal memuat audit trail: {{error}}',
    payload: 'Data yang dikirim',
    detailLabel: 'Detail {{what}} {{when}}',
  },
  inventory: {
    title: 'Inventory Master',
    subtitle: 'Kelola data inventory barang di gudang',
    add: 'Tambah Inventory',
    addTitle: 'Tambah Data Inventory',
    addWarehouseTitle: 'Tambah Gudang Baru',
    addWarehouse: 'Tambah Gudang',
    noWarehouses: 'Belum ada gudang dengan stok.',
    summary: {
      warehouses: 'Total Warehouses',
      tv: 'TV Stock',
      bracket: 'Bracket Stock',
      inTransit: 'In Transit',
    },
    tvStock: 'TV Stock: {{value}}',
    bracketStock: 'Bracket Stock: {{value}}',
    fields: {
      smartboard: 'Jumlah Smartboard',
      bracket: 'Jumlah Bracket',
      batch: 'Nomor Batch (Opsional)',
      warehouseName: 'Nama Gudang',
      location: 'Lokasi (Opsional)',
    },
    toast: {
      inventoryAdded: 'Inventory berhasil ditambahkan',
      warehouseAdded: 'Gudang berhasil ditambahkan',
    },
    failure: {
      addInventory: 'Failed to add inventory',
      addWarehouse: 'Failed to add warehouse',
    },
    message: {
      chooseDate: 'Tanggal harus dipilih',
      smartboardNotNegative: 'Jumlah smartboard tidak boleh negatif',
      bracketNotNegative: 'Jumlah bracket tidak boleh negatif',
    },
  },
  /** The primitives' own words (src/components/ui): the toasts' region and close button. */
  ui: {
    closeToast: 'Tutup notifikasi',
  },
  datePicker: {
    /** What the button shows before a day is chosen. */
    noDay: 'dd/mm/yyyy',
  },
};
