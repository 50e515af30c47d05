// The scanner's and the receiving route's text (issue 28), in one place; not in the spec,
// in the style of its messages.
export const SCAN = {
  button: 'Pindai Surat Jalan',
  title: 'Pindai Surat Jalan',
  description: 'Arahkan kamera belakang ke kode QR pada surat jalan.',
  starting: 'Membuka kamera...',
  looking: 'Mencari kode QR...',
  cameraFailed: (reason: string) => `Kamera tidak dapat dibuka: ${reason}`,
  scannerFailed: 'Pemindai tidak dapat dimuat. Ketik nomor batch di bawah.',
  notDermaga: 'Kode ini bukan surat jalan Dermaga.',
  batchLabel: 'Nomor Batch',
  batchPlaceholder: 'Ketik nomor batch',
  batchOpen: 'Buka',
  batchRequired: 'Nomor batch wajib diisi',
  batchNotFound: (batch: string) => `Tidak ada pengiriman dengan nomor batch ${batch} di tablet ini.`,
  unknownShipment: (batch: string | null) =>
    `Pengiriman${batch ? ` ${batch}` : ''} tidak ada di tablet ini: ditujukan ke hub lain, atau belum tersinkron. Sambungkan ke internet, lalu pindai lagi.`,
  otherHub: (batch: string, place: string) =>
    `Pengiriman ${batch} ditujukan ke ${place}, bukan ke hub Anda. Jangan dibongkar di sini.`,
  alreadyDone: (batch: string, place: string) => `Pengiriman ${batch} sudah selesai dibongkar di ${place}.`,
  receiveTitle: 'Terima Pengiriman',
  loading: 'Memuat pengiriman...',
  scanAgain: 'Pindai Lagi',
  scanned: 'Hasil pindai',
} as const;
