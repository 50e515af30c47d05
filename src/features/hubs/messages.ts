// Hub management's strings: the spec's (2.8, 5, 8.2, 8.3) verbatim, and the few
// it has none for (marked).
export const TITLE = 'Hub Management';
export const DESCRIPTION = 'Daftar hub dan kapasitas gudangnya.'; // not in the spec
export const READ_ONLY = 'Daftar hub dan kapasitas gudangnya. Hanya admin yang dapat mengubahnya.'; // not in the spec
export const ADD_TITLE = 'Tambah Hub'; // not in the spec
export const NAME = 'Nama Hub'; // not in the spec
export const CITY = 'Kota (Opsional)'; // not in the spec
export const ADD = 'Tambah Hub'; // not in the spec
export const REGISTERED = 'Registered Hubs';
export const EMPTY = 'No hubs registered yet';
export const COLUMN_NAME = 'Name';
export const COLUMN_CITY = 'City';
export const COLUMN_TYPE = 'Type';
export const COLUMN_CREATED = 'Created';
export const EDIT = 'Edit';
export const DELETE = 'Delete';
export const EDIT_TITLE = 'Edit Hub'; // not in the spec
export const CONFIRM = 'Are you sure?';
export const confirmDescription = (name: string) => `Hub "${name}" akan dihapus.`; // not in the spec
export const SAVED = 'Hub saved successfully';
export const UPDATED = 'Hub updated successfully';
export const DELETED = 'Hub deleted successfully';
export const SAVE_FAILED = 'Failed to save hub';
export const UPDATE_FAILED = 'Failed to update hub';
export const DELETE_FAILED = 'Failed to delete hub';
// Warehouse capacity (issue 10's dashboard maximum; not in the spec)
export const CAPACITY_TITLE = 'Kapasitas Gudang';
export const CAPACITY_DESCRIPTION =
  'Maksimum yang dipakai kartu hub di dashboard (unit TV + bracket). Kosongkan untuk tanpa maksimum.';
export const COLUMN_WAREHOUSE = 'Gudang';
export const COLUMN_HUB = 'Hub';
export const COLUMN_CAPACITY = 'Kapasitas';
export const SET_CAPACITY = 'Atur Kapasitas';
export const CAPACITY = 'Kapasitas (Opsional)';
export const CAPACITY_SAVED = 'Kapasitas gudang disimpan';
export const NO_WAREHOUSES = 'Belum ada gudang.';
