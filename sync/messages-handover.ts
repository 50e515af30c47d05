// Issue 28's messages (the handover: counted receipt, discrepancies, documents), in one
// place. Not in the spec; in the style of its messages. The server refuses with the same
// words (supabase/schemas/functions/cmd_handover.sql), so the device says what the server would.
import type { Discrepancy } from './model/rows';

/** How the messages name the items. */
export const ITEM_LABEL: Record<Discrepancy['item'], string> = { smartboard: 'TV', bracket: 'bracket' };

export const HANDOVER_MESSAGES = {
  // The counted receipt (complete_unloading / pod_complete with `receipt`)
  /**
   * Issue 40: an unloading completion without its receipt (an older app's, or any client's):
   * the tablet shows it among its rejected actions; the unloading is counted again.
   */
  receiptRequired: 'Hitung ulang: jumlah diterima serta nama dan tanda tangan penerima dan sopir wajib diisi',
  countInvalid: 'Jumlah harus bilangan bulat 0 sampai 100.000',
  damagedOverReceived: 'Jumlah rusak tidak boleh melebihi jumlah diterima',
  receiverNameRequired: 'Nama penerima wajib diisi',
  driverNameRequired: 'Nama sopir wajib diisi',
  nameTooLong: 'Nama maksimal 100 karakter',
  receiverSignatureRequired: 'Tanda tangan penerima wajib diisi',
  driverSignatureRequired: 'Tanda tangan sopir wajib diisi',
  discrepancyQuantity: 'Jumlah selisih harus bilangan bulat 1 sampai 100.000',
  photoRequired: 'Setiap selisih wajib disertai minimal satu foto',
  tooManyPhotos: 'Maksimal 10 foto per selisih',
  noteTooLong: 'Catatan maksimal 500 karakter',
  /** A difference the counts call for is not recorded. */
  discrepancyMissing: (item: Discrepancy['item'], reason: Discrepancy['reason'], quantity: number) =>
    `Catat selisih ${ITEM_LABEL[item]} ${reason} sebanyak ${quantity} dengan foto`,
  /** A recorded difference the counts do not call for. */
  discrepancyNotCounted: (item: Discrepancy['item'], reason: Discrepancy['reason']) =>
    `Tidak ada selisih ${ITEM_LABEL[item]} ${reason} menurut hitungan`,
  /** A recorded difference of another quantity than the counts' (or recorded twice). */
  discrepancyQuantityWrong: (item: Discrepancy['item'], reason: Discrepancy['reason'], quantity: number) =>
    `Selisih ${ITEM_LABEL[item]} ${reason} harus sebanyak ${quantity}`,

  // resolve_discrepancy
  discrepancyNotFound: 'Selisih tidak ditemukan.',
  resolutionNoteRequired: 'Catatan penyelesaian wajib diisi',
  /** The device cannot know who (the server names who resolved it and when). */
  discrepancyAlreadyResolved: 'Selisih sudah diselesaikan.',

  // attach_document
  documentMissing: 'Berkas belum ada di penyimpanan; unggah ulang lalu coba lagi.',
  // issue 40: the server measures the stored object (supabase/schemas/policies/storage_objects.sql)
  documentMismatch:
    'Berkas di penyimpanan tidak sama dengan yang dicatat perangkat (ukuran, jenis atau SHA-256 berbeda); dokumen tidak dicatat.',
  // the upload queue: Storage refused a file for good (sync/uploads/queue.ts)
  uploadForbidden: 'Penyimpanan menolak berkas ini: tidak ada izin untuk pengiriman ini. Tidak dicoba lagi.',
  uploadRefused: 'Penyimpanan menolak berkas ini (jenis, ukuran atau alamatnya tidak diterima). Tidak dicoba lagi.',
  // attach_correction: the document a correction names
  replacedNotFound: 'Dokumen yang diganti tidak ditemukan pada pengiriman ini.',

  // Words the screens show with them
  reasonLabel: { kurang: 'Kurang', lebih: 'Lebih', rusak: 'Rusak' } as Record<Discrepancy['reason'], string>,
  statusLabel: { open: 'Terbuka', resolved: 'Selesai' } as Record<Discrepancy['status'], string>,
} as const;
