// Bahasa Indonesia for the hub operations screen (src/features/hub-ops) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; hub-ops-en.ts has the same keys.
export const hubOpsId = {
  // src/features/hub-ops/messages.ts: the toasts and failures of the whole hub screen
  messages: {
    toast: {
      seaFleetAdded: 'Armada laut berhasil ditambahkan',
      queued: '{{n}} kendaraan berhasil ditambahkan ke antrian',
      vehicleAdded: 'Kendaraan berhasil ditambahkan',
      arrivalConfirmed: 'Kedatangan berhasil dikonfirmasi',
      unloadingStarted: 'Proses bongkar dimulai',
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
      noHub: 'Vehicle ID or destination hub ID not found',
    },
    imageType: {
      darat: 'Only JPG and PNG files are allowed',
      poljak: 'Hanya file JPG dan PNG yang diperbolehkan',
      polsub: 'Hanya file JPG, JPEG, dan PNG yang diperbolehkan',
    },
    cameraDesktopOnly: 'Camera is only available on mobile devices',
    historyEmpty: 'Riwayat kosong',
    uploadPending: 'Menunggu unggah',
    uploadDone: 'Terunggah',
    hubUnresolved: 'Hub ini belum tersedia di perangkat ini. Tunggu sinkronisasi pertama.',
  },
};
