// The shipment documents' screen text (issue 28): the surat jalan step after a shipping
// form, its print view, and the shipment detail's Dokumen section. Not in the spec; in the
// style of its messages.
import type { DocumentKind } from '../../../sync/pure';

export const DOCUMENTS = {
  suratJalanReady: 'Surat jalan siap',
  suratJalanReadyDescription: (batch: string) =>
    `Surat jalan batch ${batch} dibuat di tablet dan disimpan sebagai dokumen pengiriman. Cetak atau bagikan untuk dibawa pengemudi.`,
  making: 'Membuat surat jalan...',
  failed: 'Surat jalan tidak dapat dibuat di perangkat ini. Pengiriman tetap tersimpan.',
  waitingUpload: 'Tersimpan di tablet; terunggah otomatis saat ada sinyal.',
  print: 'Cetak',
  download: 'Unduh',
  share: 'Bagikan',
  close: 'Tutup',
  printViewTitle: 'Cetak Surat Jalan',
  printAgain: 'Cetak lagi',
  backFromPrint: 'Kembali',
  sectionTitle: 'Dokumen',
  none: 'Belum ada dokumen.',
  pending: 'Menunggu unggah',
  uploaded: 'Tersimpan',
  open: 'Buka',
  openFailed: 'Dokumen tidak dapat dibuka. Periksa koneksi lalu coba lagi.',
  needsConnection: 'Dokumen ini ada di server. Butuh koneksi untuk membukanya.',
} as const;

export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  surat_jalan: 'Surat Jalan',
  bast: 'BAST',
  signature_receiver: 'Tanda Tangan Penerima',
  signature_driver: 'Tanda Tangan Sopir',
  discrepancy_photo: 'Foto Selisih',
};
