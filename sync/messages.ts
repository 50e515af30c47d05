// The product's messages that commands validate with (spec 5 and 8, verbatim),
// plus the few the spec has none for (marked). src/lib/i18n/default-strings.ts re-exports
// what the UI needs, so each string lives once.
export const MESSAGES = {
  // spec 5: queue
  chooseVendorFirst: 'Pilih vendor terlebih dahulu',
  chooseAtLeastOneVehicle: 'Pilih minimal satu kendaraan',
  // spec 8.2
  hubIdUnavailable: 'Tidak dapat mengambil Hub ID saat ini',
  // not in the spec
  localWriteFailed:
    'Tidak tersimpan di perangkat: penyimpanan browser penuh atau tidak tersedia. Kosongkan ruang penyimpanan lalu coba lagi.',
  vehicleNotFound: 'Kendaraan tidak ditemukan.',
  hubNotFound: 'Hub tidak ditemukan.',

  // spec 5: the Karawang/Cikarang shipping form
  selectDestinationWarehouse: 'Please select a destination warehouse',
  enterBatchNumber: 'Please enter batch number',
  maxTwoImages: 'Maximum 2 images allowed',
  // spec 8.2
  statusUndetermined: 'Gagal menentukan status pengiriman dari tujuan gudang.',

  // spec 5: the PolJak form
  poljak: {
    pelayaran: 'Pelayaran is required',
    namaKapal: 'Nama kapal is required',
    noContainer: 'No container is required',
    etd: 'ETD is required',
    eta: 'ETA is required',
    destination: 'Destination is required',
    quantity: 'Must be 0 or greater',
    minImages: 'Upload minimal 1 gambar container',
    maxImages: 'Maksimal 2 gambar',
  },
  // spec 5: the PolSub form
  polsub: {
    pelayaran: 'Pelayaran harus diisi',
    namaKapal: 'Nama kapal harus diisi',
    noContainer: 'No container harus diisi',
    etd: 'ETD harus diisi',
    eta: 'ETA harus diisi',
    destination: 'Tujuan harus dipilih',
    quantity: 'Jumlah tidak boleh negatif',
    minImages: 'Harap unggah minimal 1 gambar container',
    maxImages: 'Maksimal 2 gambar yang dapat diunggah',
  },

  // spec 8.5: POD
  shipmentNotFound: 'Shipment not found',
  invalidStatusFormat: 'Invalid status format',
  cityUnavailable: 'Unable to extract city from shipment',
  warehouseNotFoundForCity: (city: string) => `Warehouse tidak ditemukan untuk kota ${city}`,

  // spec 5: inventory and warehouses
  chooseWarehouse: 'Pilih gudang',
  chooseDate: 'Tanggal harus dipilih',
  smartboardNotNegative: 'Jumlah smartboard tidak boleh negatif',
  bracketNotNegative: 'Jumlah bracket tidak boleh negatif',
  warehouseNameRequired: 'Nama gudang harus diisi',
  warehouseNameTooLong: 'Nama terlalu panjang',
  // spec 5: vendors, vehicle types, vehicles, sea fleet, hubs
  vendorNameRequired: 'Nama vendor is required',
  vendorNameRequiredEdit: 'Nama vendor harus diisi',
  vehicleTypeNameRequired: 'Please enter vehicle type name',
  chooseVendor: 'Silakan pilih vendor',
  completeAllFields: 'Silakan lengkapi semua field',
  plateAndTypeRequired: 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan',
  fillAllRequiredFields: 'Please fill in all required fields',
  seaFleetAllFields: 'Semua field harus diisi',
  hubNameRequired: 'Hub name is required',

  // not in the spec
  invalidCommand: 'Perintah tidak valid.',
  forbiddenHub: 'Anda tidak memiliki izin untuk hub ini.',
  forbiddenAction: 'Anda tidak memiliki izin untuk tindakan ini.',
  forbiddenWarehouse: 'Anda tidak memiliki izin untuk gudang ini.',
  capacityInvalid: 'Kapasitas harus berupa bilangan bulat 0 atau lebih',
  forbiddenPod: 'Anda tidak memiliki izin untuk POD kota ini.',
  destinationWarehouseNotFound: 'Gudang tujuan tidak ditemukan.',
  destinationHubNotFound: 'Hub tujuan tidak ditemukan.',
  destinationIsOrigin: 'Tujuan tidak boleh hub asal.',
  originWarehouseMissing: 'Gudang hub asal tidak ditemukan.',
  hubWarehouseMissing: 'Gudang hub ini tidak ditemukan.',
  warehouseNotFound: 'Gudang tidak ditemukan.',
  vendorNotFound: 'Vendor tidak ditemukan.',
  vehicleTypeNotFound: 'Jenis kendaraan tidak ditemukan.',
  vehicleInactive: (plate: string) => `Kendaraan ${plate} tidak aktif.`,
  vehicleNotAtHub: (plate: string) => `Kendaraan ${plate} tidak berada di hub ini.`,
  vehicleInQueue: (plate: string) =>
    `Kendaraan ${plate} masih dalam antrian hub; keluarkan dari antrian terlebih dahulu.`,
  shipmentNotForHub: 'Pengiriman ini tidak menuju hub ini.',
  podShipmentElsewhere: 'Pengiriman ke POD diproses di halaman POD.',
  notInTransit: 'Pengiriman ini tidak sedang dalam perjalanan.',
  arrivalNotConfirmed: 'Kedatangan pengiriman ini belum dikonfirmasi.',
  unloadingNotStarted: 'Bongkar pengiriman ini belum dimulai.',
  arrivalAlreadyConfirmed: 'Kedatangan sudah dikonfirmasi',
  unloadingAlreadyStarted: 'Bongkar sudah dimulai',
  unloadingAlreadyFinished: 'Bongkar sudah diselesaikan',
  duplicateVendor: (name: string) => `Vendor "${name}" sudah ada.`,
  duplicateVehicleType: (name: string) => `Jenis kendaraan "${name}" sudah ada.`,
  duplicateHub: (name: string) => `Hub "${name}" sudah ada.`,
  uploadMissing: 'Foto belum ada di penyimpanan; unggah ulang lalu coba lagi.',
  // refusals the device predicts, in the server's words (not in the spec)
  vehicleNotReady: (plate: string) => `Kendaraan ${plate} tidak siap untuk diantrikan.`,
  notSeaFleet: (plate: string) => `Kendaraan ${plate} bukan armada laut.`,
  notInReadyQueue: (plate: string) => `Kendaraan ${plate} tidak ada di antrian Siap Muat hub ini.`,
  notInQueue: (plate: string) => `Kendaraan ${plate} tidak ada di antrian hub ini.`,
  notLoadingHere: (plate: string) => `Kendaraan ${plate} tidak sedang dimuat di hub ini.`,
  vendorHasVehicles: (name: string, count: number) =>
    `Vendor "${name}" masih memiliki ${count} kendaraan aktif dan tidak dapat dihapus.`,
  hubHasWarehouses: (name: string) => `Hub "${name}" masih memiliki gudang dan tidak dapat dihapus.`,
  // issue 29: stock-aware shipping forms, corrections and voids (sync/commands/shipment-correction.ts)
  wholeNumber: 'Jumlah harus bilangan bulat.',
  stockShort: (item: 'Smartboard' | 'Bracket', warehouse: string, available: number, asked: number) =>
    `Stok ${item} di ${warehouse} tidak cukup: tersedia ${available}, diminta ${asked}.`,
  batchTaken: (batch: string) => `Nomor batch ${batch} sudah dipakai pengiriman lain.`,
  reasonRequired: 'Alasan harus diisi.',
  shipmentNotCorrectable: 'Pengiriman ini sudah diterima atau dibatalkan; jumlahnya tidak dapat diubah lagi.',
  // issue 41: nothing empty leaves (sync/commands/shipping.ts, public.cmd_require_items)
  shipmentEmpty: 'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.',
  correctionUnchanged: 'Jumlah baru sama dengan jumlah yang tercatat.',
  /** A command the API refused for what it carries (push.ts): set aside on the device. */
  unsendable: (answer: string) => `Perintah ini tidak dapat dikirim: server menolak isinya (${answer}).`,
  // issue 40: every stored text bounded (sync/commands/text-bounds.ts; the server's
  // public.cmd_require_text_bound refuses with the same words)
  textTooLong: {
    person: 'Nama maksimal 100 karakter',
    place: 'Lokasi maksimal 100 karakter',
    plate: 'Plat nomor maksimal 20 karakter',
    batch: 'Nomor batch maksimal 50 karakter',
    container: 'Nomor container maksimal 20 karakter',
    phone: 'Nomor telepon maksimal 30 karakter',
    reason: 'Alasan maksimal 500 karakter',
    note: 'Catatan maksimal 500 karakter',
  },
} as const;
