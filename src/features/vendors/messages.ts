// The vendor screens' strings: the spec's (2.6, 2.7, 5, 8.2, 8.3) verbatim, and
// the few it has none for (marked).
export const TITLE = 'Vendors';
export const DESCRIPTION = 'Vendor armada darat dan laut beserta kontaknya.'; // not in the spec
export const ADD_VENDOR = 'Tambah Vendor';
export const EMPTY = 'Belum ada data vendor';
export const COLUMN_NAME = 'Nama Vendor';
export const COLUMN_CONTACT = 'Contact Person';
export const COLUMN_PHONE = 'No. Telepon';
export const EDIT = 'Edit';
export const DELETE = 'Delete';
export const DELETE_TITLE = 'Hapus Vendor'; // not in the spec
export const deleteDescription = (name: string) =>
  `Apakah Anda yakin ingin menghapus vendor "${name}"? Tindakan ini tidak dapat dibatalkan.`;

// Vendor detail (2.7, 5)
export const DETAIL_TITLE = 'Vendor Detail';
export const NOT_FOUND = 'Vendor not found';
export const BACK_TO_VENDORS = 'Back to Vendors';
export const BACK = 'Kembali'; // not in the spec
export const ADD_ROW = 'Tambah Baris';
export const SAVE_ALL = 'Save All Vehicles';
export const SAVING = 'Menyimpan...';
export const requiredFor = (plate: string) =>
  `Please fill in all required fields for vehicle ${plate.trim() || 'without plate'}`;
export const ALL_SAVED = 'All vehicles are already saved';
export const NOTHING_TO_SAVE = 'No vehicles to save';
export const SAVED = (n: number) => `${n} kendaraan berhasil disimpan`; // not in the spec
export const SAVE_FAILED = 'Failed to save vehicles';
export const DELETE_FAILED = 'Failed to delete vehicle';
export const VEHICLE_DELETED = 'Kendaraan dihapus'; // not in the spec
export const UNSAVED = 'Belum disimpan'; // not in the spec
export const DELETE_ROW = 'Hapus baris'; // not in the spec
export const ADD_TYPE = 'Tambah jenis kendaraan'; // not in the spec
