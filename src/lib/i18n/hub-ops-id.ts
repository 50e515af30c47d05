// Bahasa Indonesia for the hub operations screen (src/features/hub-ops) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; hub-ops-en.ts has the same keys.
export const hubOpsId = {
  // hub-operations-page.tsx, hub-page-parts.tsx: the screen's frame
  page: {
    titles: {
      karawang: 'Hub Karawang',
      cikarang: 'Hub Cikarang',
      poljak: 'Hub PolJak (Jakarta)',
      polsub: 'Hub PolSub (Surabaya)',
    },
    tabs: {
      otw: 'OTW',
      arrival: 'Confirm Tiba',
      unloading: 'Sedang Bongkar',
      ready: 'Siap Muat',
      loading: 'Sedang Muat',
      done: 'Selesai',
    },
    tabsLabel: 'Tab {{title}}',
    port: 'Pelabuhan',
    toolbar: {
      queue: 'Tambah ke Antrian',
      addVehicle: 'Tambah Kendaraan',
      addSeaFleet: 'Tambah Armada Laut',
      addVendor: 'Tambah Vendor',
    },
  },
  // dock-times.ts, dock-time-line.tsx, dock-time-summary.tsx
  dock: {
    summaryLabel: 'Rata-rata waktu dok hari ini',
    today: 'Rata-rata hari ini',
    queue: 'Antri',
    loading: 'Muat',
    finished: '{{n}} selesai',
    running: '(berjalan)',
    duration: {
      seconds: '{{n}} detik',
      minutes: '{{n}} menit',
      hours: '{{h}} jam',
      hoursMinutes: '{{h}} jam {{m}} menit',
      days: '{{d}} hari',
      daysHours: '{{d}} hari {{h}} jam',
    },
  },
  // vehicle-queue-tab.tsx, vehicle-card.tsx
  queue: {
    moreActions: 'Tindakan lain untuk {{plate}}',
    remove: 'Keluarkan',
    readyEmpty: 'Belum ada kendaraan di antrian Siap Muat.',
    loadingEmpty: 'Tidak ada kendaraan yang sedang dimuat.',
    awaitingTitle: 'Selesai muat, menunggu form pengiriman',
    fillForm: 'Isi Form Pengiriman',
  },
  // add-to-queue-dialog.tsx
  addToQueue: {
    descriptionLand:
      'Cari kendaraan menurut plat, sopir, atau vendor, lalu pilih satu atau lebih untuk antrian Siap Muat di {{hub}}.',
    descriptionSea:
      'Cari armada laut menurut plat, sopir, atau vendor, lalu pilih satu atau lebih untuk antrian Siap Muat di {{hub}}.',
    searchLand: 'Cari kendaraan',
    searchSea: 'Cari armada laut',
    searchPlaceholder: 'Plat, sopir, atau vendor',
    legendLand: 'Kendaraan siap ({{n}} dipilih)',
    legendSea: 'Armada laut siap ({{n}} dipilih)',
    noneLand: 'Tidak ada kendaraan yang siap untuk antrian di {{hub}}.',
    noneSea: 'Tidak ada armada laut yang siap untuk antrian di {{hub}}.',
    noMatchLand: 'Tidak ada kendaraan yang cocok dengan pencarian.',
    noMatchSea: 'Tidak ada armada laut yang cocok dengan pencarian.',
    // Issue 41: the queue's own words, not the toolbar's Tambah Kendaraan (which registers one).
    submit: 'Masukkan ke Antrian',
    submitCount: 'Masukkan ke Antrian ({{n}})',
    atHub: 'di {{hub}}',
    registerHint: 'Belum terdaftar? Daftarkan di sini, langsung masuk antrian.',
    register: 'Daftarkan kendaraan baru',
  },
  // add-vehicle-dialog.tsx, add-sea-fleet-dialog.tsx
  addVehicle: {
    description: 'Kendaraan baru siap di {{hub}}.',
    // Issue 41: opened from Tambah ke Antrian, it registers and queues in one go.
    titleQueue: 'Daftarkan Kendaraan Baru',
    descriptionQueue: 'Kendaraan baru langsung masuk antrian Siap Muat di {{hub}}.',
    submitQueue: 'Daftarkan & Masukkan Antrian',
    fleetKind: 'Jenis armada',
    modes: { darat: 'Darat', laut: 'Laut' },
    container: 'No Container',
    vehicleTypePlaceholder: 'Pilih jenis kendaraan',
    driverName: 'Nama Sopir (Opsional)',
    driverPhone: 'No HP Sopir (Opsional)',
  },
  addSeaFleet: {
    description: 'Container baru siap di {{hub}}.',
  },
  // vendor-field.tsx
  vendor: {
    placeholder: 'Pilih vendor',
    filterLabel: 'Vendor (opsional)',
    any: 'Semua vendor',
  },
  // src/features/hub-ops/messages.ts: the toasts and failures of the whole hub screen
  messages: {
    toast: {
      seaFleetAdded: 'Armada laut berhasil ditambahkan',
      queued: '{{n}} kendaraan berhasil ditambahkan ke antrian',
      vehicleAdded: 'Kendaraan berhasil ditambahkan',
      unloadingCompleted: 'Unloading completed successfully',
      daratShipped: 'Shipping record created successfully. Vehicle status updated.',
      poljakShipped: 'Shipment berhasil dibuat dengan status OTW {{destination}}',
      polsubShipped: 'Data pengiriman berhasil disimpan',
      loadingStarted: 'Vehicle moved to loading process',
      removedFromQueue: 'Kendaraan dikeluarkan dari antrian',
      loadingFinished: 'Muat selesai. Lengkapi form pengiriman.',
    },
    failure: {
      addToQueue: 'Failed to add vehicles to queue',
      seaFleet: 'Gagal menyimpan armada laut',
      addVehicle: 'Gagal menambahkan kendaraan: {{message}}',
      submitShipping: 'Failed to submit shipping form',
      createShipment: 'Gagal membuat shipment',
      saveData: 'Terjadi kesalahan saat menyimpan data',
      updateVehicleStatus: 'Failed to update vehicle status',
      confirmArrival: 'Failed to confirm arrival: {{message}}',
      startUnloading: 'Failed to start unloading: {{message}}',
      completeUnloading: 'Failed to complete unloading: {{message}}',
      completeLoading: 'Failed to complete loading: {{message}}',
    },
    imageType: {
      darat: 'Only JPG and PNG files are allowed',
      poljak: 'Hanya file JPG dan PNG yang diperbolehkan',
      polsub: 'Hanya file JPG, JPEG, dan PNG yang diperbolehkan',
    },
    cameraDesktopOnly: 'Camera is only available on mobile devices',
    historyEmpty: 'Riwayat kosong',
    uploadDone: 'Terunggah',
    hubUnresolved: 'Hub ini belum tersedia di perangkat ini. Tunggu sinkronisasi pertama.',
  },
};
