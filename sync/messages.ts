// The product's messages that commands validate with (spec 5 and 8, verbatim),
// plus the few the spec has none for (marked). src/lib/messages.ts re-exports
// what the UI needs, so each string lives once.
export const MESSAGES = {
  // spec 5: queue
  chooseVendorFirst: 'Pilih vendor terlebih dahulu',
  chooseAtLeastOneVehicle: 'Pilih minimal satu kendaraan',
  // spec 8.2
  hubIdUnavailable: 'Tidak dapat mengambil Hub ID saat ini',
  // not in the spec
  vehicleNotFound: 'Kendaraan tidak ditemukan.',
  hubNotFound: 'Hub tidak ditemukan.',
} as const;
