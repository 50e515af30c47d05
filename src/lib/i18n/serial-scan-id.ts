// Bahasa Indonesia for TVs by serial number (issue 42): the serial scanner (camera, keyboard-wedge
// scanner, typing) and the hub's serial stock. serial-scan-en.ts has the same keys. Not in the
// spec: in the style of its messages.
export const serialScanId = {
  scanner: {
    title: 'Pindai Nomor Seri',
    description: 'Arahkan kamera ke barcode di kotak TV',
    looking: 'Mencari barcode...',
    readerFailed: 'Pemindai kamera tidak dapat dimuat; ketik nomor seri atau gunakan scanner.',
    noCamera: 'Kamera tidak tersedia; ketik nomor seri atau gunakan scanner.',
    noCameraReason: 'Kamera tidak tersedia ({{reason}}); ketik nomor seri atau gunakan scanner.',
    scanned: 'Terpindai',
    wedgeLabel: 'Ketik atau pindai dengan scanner',
    wedgePlaceholder: 'Nomor seri, lalu Enter',
    add: 'Tambah',
    typeByHand: 'Ketik manual',
    accepted: 'Diterima: {{serial}}',
    recent: 'Terakhir dipindai',
    none: 'Belum ada nomor seri yang dipindai.',
    remove: 'Hapus {{serial}}',
    done: 'Selesai Memindai',
  },
  stock: {
    title: 'Stok Nomor Seri TV',
    count: '{{count}} TV di stok',
    search: 'Cari nomor seri',
    searchPlaceholder: 'Ketik sebagian nomor seri',
    empty: 'Belum ada TV bernomor seri di stok hub ini.',
    noMatch: 'Tidak ada nomor seri yang cocok dengan "{{query}}".',
    more: 'dan {{count}} lainnya; persempit pencarian.',
    serialColumn: 'Nomor Seri',
    scan: 'Pindai',
    importCsv: 'Impor CSV',
    pending: 'Akan ditambahkan: {{count}}',
    discard: 'Buang daftar',
    saved: '{{count}} nomor seri ditambahkan ke stok',
    remove: 'Hapus nomor seri {{serial}}',
    removeTitle: 'Hapus nomor seri yang salah?',
    removeDescription:
      '{{serial}} dikeluarkan dari stok {{hub}} dan dapat didaftarkan lagi. Hanya untuk nomor seri yang salah ketik atau salah hub: TV yang sudah pernah dikirim tidak dapat dihapus.',
    removeConfirm: 'Hapus',
    removed: 'Nomor seri {{serial}} dihapus dari stok',
    removeMatching: 'Hapus {{count}} yang cocok',
    removeManyTitle: 'Hapus {{count}} nomor seri yang salah?',
    removeManyDescription:
      '{{count}} nomor seri yang cocok dengan "{{query}}" dikeluarkan dari stok {{hub}} dan dapat didaftarkan lagi. Hanya untuk nomor seri yang salah ketik atau salah hub: TV yang sudah pernah dikirim tidak dapat dihapus.',
    removedMany: '{{count}} nomor seri dihapus dari stok',
  },
  importDialog: {
    title: 'Impor Daftar Kemasan',
    description:
      'Pilih berkas CSV dari pabrik: satu nomor seri per baris, atau kolom serial / nomor_seri / sn.',
    file: 'Berkas CSV',
    willAdd: '{{count}} nomor seri akan ditambahkan',
    refused: '{{count}} ditolak:',
    confirm: 'Tambahkan ke daftar',
    unreadable: 'Berkas tidak dapat dibaca.',
  },
};
