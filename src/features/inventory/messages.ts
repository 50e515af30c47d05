// Inventory Master's product text (spec 2.5, 5, 8.1), verbatim; marked where the spec has none.
export const TITLE = 'Inventory Master';
export const SUBTITLE = 'Kelola data inventory barang di gudang';
export const ADD_INVENTORY = 'Tambah Inventory';
export const ADD_INVENTORY_TITLE = 'Tambah Data Inventory';
export const ADD_WAREHOUSE_TITLE = 'Tambah Gudang Baru';
export const ADD_WAREHOUSE = 'Tambah Gudang';
export const SAVING = 'Menyimpan...';
export const KARAWANG_WAREHOUSE = 'Gudang Karawang';

export const TOAST = {
  inventoryAdded: 'Inventory berhasil ditambahkan',
  warehouseAdded: 'Gudang berhasil ditambahkan',
} as const;
export const FAILURE = {
  addInventory: 'Failed to add inventory',
  addWarehouse: 'Failed to add warehouse',
} as const;
export const MESSAGE = {
  chooseWarehouse: 'Pilih gudang',
  chooseDate: 'Tanggal harus dipilih',
  smartboardNotNegative: 'Jumlah smartboard tidak boleh negatif',
  bracketNotNegative: 'Jumlah bracket tidak boleh negatif',
  warehouseNameRequired: 'Nama gudang harus diisi',
  warehouseNameTooLong: 'Nama terlalu panjang',
} as const;

// not in the spec
export const NO_WAREHOUSES = 'Belum ada gudang dengan stok.';
