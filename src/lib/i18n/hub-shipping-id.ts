// Bahasa Indonesia for the hub's shipping side (shipping forms, shipment tab and cards, camera, uploads, unloading) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; hub-shipping-en.ts has the same keys.
// The forms' validation messages are the commands' (sync/messages.ts, catalogue key server),
// shown through localize().
export const hubShippingId = {
  form: {
    send: 'Kirim',
    departs: '{{vehicle}} berangkat dari {{hub}}.',
    photoCount: '{{n}} foto',
    // The names of the two images (the first goes to delivery_record, the second to bast).
    deliveryRecord: 'Delivery record',
  },
  darat: {
    title: 'Form Pengiriman',
    destination: 'Gudang Tujuan',
    destinationPlaceholder: 'Pilih gudang tujuan',
    batchNumber: 'Nomor Batch',
    images: 'Foto Delivery Record dan BAST (maks. 2)',
  },
  sea: {
    titlePoljak: 'Form Shipment PolJak',
    titlePolsub: 'Form Shipment PolSub',
    namaKapal: 'Nama Kapal',
    noContainer: 'No Container',
    destinationPlaceholder: 'Pilih hub tujuan',
    etdEta: 'ETD / ETA',
    images: 'Foto Container (1 sampai 2)',
    container1: 'Container 1',
    container2: 'Container 2',
  },
  summary: {
    title: 'Periksa sebelum mengirim',
    from: 'Dari',
    photos: 'Foto',
    // Issue 41: the summary says what is missing.
    missing: 'Belum ada: {{items}}',
    confirmSend: 'Ya, Kirim',
    back: 'Ubah',
  },
  // Issue 42: at a hub that tracks serials, the TVs are scanned into the truck.
  serials: {
    scan: 'Pindai TV',
    hint: 'Jumlah TV adalah banyaknya nomor seri yang dipindai ke truk ini.',
    none: 'Belum ada TV yang dipindai ke truk ini.',
    list: 'Nomor seri TV di truk ini',
  },
  stock: {
    loading: 'Stok tersedia: memuat…',
    availableIn: 'Stok tersedia di',
    smartboard: 'Smartboard',
    noWarehouse: 'Hub ini belum punya gudang: stok tidak diperiksa.',
  },
  camera: {
    title: 'Ambil Foto',
    description: 'Arahkan kamera belakang ke dokumen atau container.',
    failed: 'Kamera tidak dapat dibuka: {{error}}',
  },
  picker: {
    count: '{{n}}/{{max}} gambar',
    remove: 'Hapus {{name}}',
    notUploaded: 'Belum diunggah',
  },
  uploads: {
    label: 'Foto pengiriman',
    notStored: 'Foto {{n}} tidak dapat disimpan di perangkat: {{error}}',
  },
  tab: {
    emptyOtw: 'Tidak ada pengiriman OTW ke hub ini.',
    emptyArrival: 'Tidak ada pengiriman yang menunggu bongkar.',
    emptyUnloading: 'Tidak ada pengiriman yang sedang dibongkar.',
  },
  card: {
    departed: 'Berangkat',
    unloadingStarted: 'Mulai bongkar',
    finished: 'Selesai',
    scanned: 'Hasil pindai',
    shipAndContainer: '{{ship}} · Container {{container}}',
    from: 'dari {{hub}}',
    to: 'ke {{hub}}',
  },
  departures: {
    title: 'Berangkat dari hub ini, dalam perjalanan',
    more: 'dan {{n}} pengiriman lain dalam perjalanan.',
  },
  unloading: {
    description:
      '{{batch}}: hitung barang yang tiba di {{hub}}. Yang diterima dalam keadaan baik masuk ke gudang.',
  },
  discrepancies: {
    summary: '{{title}}: {{open}} terbuka, {{closed}} selesai',
  },
  // One arriving truck's own view (issue 41)
  view: {
    title: 'Pengiriman {{batch}}',
    overview: 'Semua pengiriman di {{hub}}',
    overviewPod: 'Semua pengiriman POD',
    steps: 'Langkah kedatangan',
    stepDone: 'selesai',
    next: 'Langkah berikutnya',
    doneTitle: 'Selesai dibongkar',
    done: 'Pengiriman ini sudah selesai dibongkar. BAST ada di Dokumen di bawah.',
    cannot: 'Tidak dapat dibuka di sini',
    notFound: 'Pengiriman ini tidak ada di tablet ini, atau belum tersinkron.',
    otherHub: 'Pengiriman {{batch}} tidak ditujukan ke hub ini.',
    openLabel: 'Buka {{batch}}',
  },
};
