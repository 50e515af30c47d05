// POD Management's product text (spec 2.10, 8.5), verbatim; and the few
// strings the spec has none for (marked).
export const POD_TITLE = 'POD Management';
export const CHOOSE_CITY = 'Pilih Kota';
export const ALL_CITIES = 'Semua Kota';
export const REFRESH_DATA = 'Refresh Data';
export const PROCESSING = 'Processing...';

export const TOAST = {
  arrivalConfirmed: 'Kedatangan berhasil dikonfirmasi',
  unloadingStarted: 'Proses bongkar dimulai',
  podCompleted: (location: string) => `POD berhasil diselesaikan. Inventory ditambahkan ke ${location}`,
  // not in the spec: the same without a warehouse location (the toast that offers Urungkan)
  podDone: 'POD berhasil diselesaikan',
} as const;

export const FAILURE = {
  confirmArrival: 'Failed to confirm arrival',
  startUnloading: 'Failed to start unloading',
  completePod: 'Failed to complete POD',
} as const;

// not in the spec
export const EMPTY: Record<'otw' | 'arrival' | 'unloading', string> = {
  otw: 'Tidak ada kontainer OTW ke kota tujuan saat ini.',
  arrival: 'Tidak ada kontainer yang menunggu bongkar.',
  unloading: 'Tidak ada kontainer yang sedang dibongkar.',
};
export const POD_DESCRIPTION = 'Kontainer menuju, tiba di, dan dibongkar di gudang kota tujuan.';
