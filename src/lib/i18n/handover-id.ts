// Bahasa Indonesia for POD, receive, the handover components (surat jalan, counted receipt, BAST, QR, signatures, discrepancies) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; handover-en.ts has the same keys.
// Issue 28's strings (not in the spec, in the style of its messages) are listed here, as they were.
// No template here is only placeholders and punctuation ('{{a}} {{b}}'): localize() reads the
// catalogue backwards and such a template would match any message.
export const handoverId = {
  // POD Management (/pod, spec 2.10, 8.5)
  pod: {
    description: 'Kontainer menuju, tiba di, dan dibongkar di gudang kota tujuan.',
    chooseCity: 'Pilih Kota',
    allCities: 'Semua Kota',
    tabs: { otw: 'OTW', arrival: 'Confirm Tiba', unloading: 'Sedang Bongkar' },
    toast: {
      podCompleted: 'POD berhasil diselesaikan. Inventory ditambahkan ke {{location}}',
      podDone: 'POD berhasil diselesaikan',
    },
    failure: {
      confirmArrival: 'Failed to confirm arrival',
      startUnloading: 'Failed to start unloading',
      completePod: 'Failed to complete POD',
    },
    empty: {
      otw: 'Tidak ada kontainer OTW ke kota tujuan saat ini.',
      arrival: 'Tidak ada kontainer yang menunggu bongkar.',
      unloading: 'Tidak ada kontainer yang sedang dibongkar.',
    },
    card: {
      quantities: '{{smartboard}} TV · {{bracket}} Bracket',
    },
    podOfCity: 'POD {{city}}',
    receiptDescription:
      '{{batch}}: hitung barang yang tiba di {{destination}}. Yang diterima dalam keadaan baik masuk ke gudang.',
  },
  // The scanner and the receiving route (/terima/:shipmentId)
  scan: {
    description: 'Arahkan kamera belakang ke kode QR pada surat jalan.',
    starting: 'Membuka kamera...',
    looking: 'Mencari kode QR...',
    scannerFailed: 'Pemindai tidak dapat dimuat. Ketik nomor batch di bawah.',
    notDermaga: 'Kode ini bukan surat jalan Dermaga.',
    batchLabel: 'Nomor Batch atau Plat',
    batchPlaceholder: 'Ketik sebagian nomor batch atau plat',
    batchRequired: 'Nomor batch wajib diisi',
    batchNotFound: 'Tidak ada pengiriman dengan nomor batch atau plat "{{batch}}" di tablet ini.',
    batchChoose: '{{n}} pengiriman cocok. Pilih satu:',
    unknownShipment:
      'Pengiriman tidak ada di tablet ini: ditujukan ke hub lain, atau belum tersinkron. Sambungkan ke internet, lalu pindai lagi.',
    unknownShipmentBatch:
      'Pengiriman {{batch}} tidak ada di tablet ini: ditujukan ke hub lain, atau belum tersinkron. Sambungkan ke internet, lalu pindai lagi.',
    otherHub: 'Pengiriman {{batch}} ditujukan ke {{place}}, bukan ke hub Anda. Jangan dibongkar di sini.',
    alreadyDone: 'Pengiriman {{batch}} sudah selesai dibongkar di {{place}}.',
    receiveTitle: 'Terima Pengiriman',
    loading: 'Memuat pengiriman...',
    scanAgain: 'Pindai Lagi',
    scanned: 'Hasil pindai',
  },
  // The counted receipt form and the BAST dialog
  receipt: {
    countsTitle: 'Jumlah Diterima',
    countsHint: 'Terisi dengan jumlah yang dikirim. Ubah bila jumlah yang tiba berbeda.',
    // Issue 41: a hub that counts blind (Hitung buta, set by an admin on Hubs).
    countsHintBlind: 'Hitung barang yang ada, lalu isi jumlahnya. Jumlah yang dikirim tampil setelah diisi.',
    notCountedYet: 'Belum dihitung',
    countMatches: 'sesuai',
    sent: 'Dikirim: {{count}}',
    receivedLabel: '{{item}} diterima',
    damagedLabel: '{{item}} rusak',
    // 'TV kurang 2': the reason in the middle, lower case.
    discrepancyTitle: {
      kurang: '{{item}} kurang {{quantity}}',
      lebih: '{{item}} lebih {{quantity}}',
      rusak: '{{item}} rusak {{quantity}}',
    },
    discrepancyNote: 'Catatan selisih {{title}}',
    discrepancyPhotos: 'Foto selisih {{title}}',
    removePhoto: 'Hapus foto {{n}}',
    photoAlt: 'Foto {{n}} selisih {{title}}',
    compressing: 'Memproses foto...',
    signaturesTitle: 'Tanda Tangan',
    receiverName: 'Nama Penerima',
    signHere: 'Tanda tangan di sini dengan jari',
    clear: 'Ulangi',
    notes: 'Catatan (Opsional)',
    notesPlaceholder: 'Kondisi barang, kekurangan, kerusakan...',
    photoFailed: 'Foto tidak dapat diproses. Coba lagi.',
    documentsFailed: 'Tanda tangan dan foto tidak dapat disimpan di tablet. Coba lagi.',
    bastDescription:
      'Berita acara serah terima {{batch}} dibuat di tablet dan disimpan ke dokumen pengiriman.',
    bastMaking: 'Membuat BAST...',
    bastFailed: 'BAST tidak dapat dibuat di tablet ini.',
    download: 'Unduh PDF',
  },
  // The surat jalan step, the shipment detail's Dokumen section
  documents: {
    suratJalanReady: 'Surat jalan siap',
    suratJalanReadyDescription:
      'Surat jalan batch {{batch}} dibuat di tablet dan disimpan sebagai dokumen pengiriman. Cetak atau bagikan untuk dibawa pengemudi.',
    making: 'Membuat surat jalan...',
    failed: 'Surat jalan tidak dapat dibuat di perangkat ini. Pengiriman tetap tersimpan.',
    waitingUpload: 'Tersimpan di tablet; terunggah otomatis saat ada sinyal.',
    download: 'Unduh',
    downloadOrShare: 'Unduh / Bagikan',
    printViewTitle: 'Cetak Surat Jalan',
    printAgain: 'Cetak lagi',
    sectionTitle: 'Dokumen',
    none: 'Belum ada dokumen.',
    uploaded: 'Tersimpan',
    openKind: 'Buka {{kind}}',
    openFailed: 'Dokumen tidak dapat dibuka. Periksa koneksi lalu coba lagi.',
    needsConnection: 'Dokumen ini ada di server. Butuh koneksi untuk membukanya.',
    photoNeedsConnection: 'Foto ini ada di server. Butuh koneksi untuk menampilkannya.',
    kind: {
      surat_jalan: 'Surat Jalan',
      bast: 'BAST',
      signature_receiver: 'Tanda Tangan Penerima',
      signature_driver: 'Tanda Tangan Sopir',
      discrepancy_photo: 'Foto Selisih',
    },
  },
  // The surat jalan's print view: a document, always in Bahasa Indonesia (read through a fixed
  // Indonesian translator); the English values are there for the catalogues' symmetry only.
  print: {
    number: 'No. {{number}}',
    batch: 'No. Batch',
    mode: 'Moda',
    modeLand: 'Darat (truk)',
    plate: 'No. Polisi',
    driver: 'Pengemudi',
    containers: 'No. Kontainer',
    qrAlt: 'Kode QR pengiriman {{batch}}',
    qrCaption: 'Pindai saat barang tiba',
    items: 'Barang',
    columnNo: 'No.',
    columnItem: 'Barang',
    columnUnit: 'Satuan',
    smartboard: 'Smartboard TV',
    unit: 'unit',
    sender: 'Pengirim',
    nameAndSignature: 'Nama & tanda tangan',
  },
  // Discrepancies (selisih): the dashboard, the hub page, the shipment detail
  discrepancies: {
    openTitle: 'Selisih terbuka',
    // Issue 41: what arrived, on cards, the shipment detail and exports.
    received: 'Diterima',
    marksLabel: 'Tanda selisih',
    sectionLabel: 'Selisih {{batch}}',
    noneOpen: 'Tidak ada selisih terbuka saat ini.',
    none: 'Belum ada selisih untuk pengiriman hub ini.',
    open: 'Terbuka',
    resolved: 'Selesai',
    resolve: 'Selesaikan',
    resolveAria: 'Selesaikan selisih {{batch}}: {{what}}',
    resolveTitle: 'Selesaikan Selisih',
    resolveSubmit: 'Simpan Penyelesaian',
    resolveNoteLabel: 'Catatan penyelesaian',
    resolveNoteHint: 'Tindak lanjut yang disepakati, misalnya klaim ke vendor atau kiriman susulan.',
    resolvedToast: 'Selisih berhasil diselesaikan',
    photosCount: 'Foto bukti: {{count}}',
    photosWaiting: '({{count}} menunggu sinkron)',
    photoAlt: 'Foto bukti {{n}}',
    waitingSync: 'menunggu sinkron',
    staffFallback: 'tower control / admin',
    reporterFallback: 'petugas {{hub}}',
    note: 'Catatan: {{note}}',
    reported: 'Dilaporkan oleh {{who}}, {{when}}',
    resolvedBy: 'Diselesaikan oleh {{who}}',
    resolution: 'Diselesaikan oleh {{who}}, {{when}}',
    resolutionWithNote: 'Diselesaikan oleh {{who}}, {{when}}: {{note}}',
    // 'Kurang 2 TV', 'Rusak 1 Bracket'
    describe: {
      kurang: 'Kurang {{quantity}} {{item}}',
      lebih: 'Lebih {{quantity}} {{item}}',
      rusak: 'Rusak {{quantity}} {{item}}',
    },
  },
};
