// The dashboard's product text (spec 2.4, 8.6), and the few strings the spec
// has none for (marked).
export const REFRESH_DATA = 'Refresh Data';
export const FETCH_FAILED = 'Failed to fetch dashboard data';
export const IN_TRANSIT = 'In-Transit';
export const STATUS_HUB = 'Status Hub';
export const POD = 'POD';
export const POD_EMPTY = 'Tidak ada kontainer OTW ke kota tujuan saat ini.';

// not in the spec
export const HUB_LABELS = {
  karawang: 'Karawang',
  cikarang: 'Cikarang',
  poljak: 'Jakarta (Pelabuhan)',
  polsub: 'Surabaya (Pelabuhan)',
} as const;
export const HUB_UNKNOWN = 'Hub belum tersedia di perangkat ini.';
export const CHART_TITLE = 'Stok dan arus per hub';
/** Shown over the figures this device kept from its last start, until the local database answers. */
export const storedFiguresNote = (at: string) => `Angka terakhir per ${at}; memuat data terbaru…`;
