// The audit trail screen (beyond the spec: issue 12). Not spec text.
export const TITLE = 'Audit Trail';
export const DESCRIPTION =
  'Every action sent by every device, newest first: who did what, when the device says it happened, when the server received it, and the outcome.';
export const FILTER_HUB = 'Hub';
export const FILTER_USER = 'User';
export const FILTER_USER_PLACEHOLDER = 'Email atau nama';
export const FILTER_TYPE = 'Aksi';
export const FILTER_FROM = 'Dari tanggal';
export const FILTER_TO = 'Sampai tanggal';
export const ALL = 'Semua';
export const RESET = 'Reset filter';
export const COLUMN_DEVICE_TIME = 'Waktu perangkat';
export const COLUMN_SERVER_TIME = 'Diterima server';
export const COLUMN_USER = 'User';
export const COLUMN_HUB = 'Hub';
export const COLUMN_ACTION = 'Aksi';
export const COLUMN_OUTCOME = 'Hasil';
export const APPLIED = 'Berhasil';
export const REJECTED = 'Ditolak';
export const EMPTY = 'Tidak ada aksi untuk filter ini.';
export const LOAD_MORE = 'Muat lebih banyak';
export const FAILED = 'Gagal memuat audit trail';
export const PAYLOAD = 'Data yang dikirim';
export const detailLabel = (what: string, when: string) => `Detail ${what} ${when}`;
