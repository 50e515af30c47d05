// The hub operations screens' strings: the spec's (sections 5, 8.2, 8.3, 2.9)
// verbatim, and the few it has none for (marked). Command validation messages
// live in sync (MESSAGES) and are quoted from there.
import { MESSAGES } from '../../../sync/pure';
import { MASTER_DATA_FAILURE, MASTER_DATA_TOAST } from '../../lib/master-data-forms';

export { MESSAGES };

// spec 8.3: success toasts
export const TOAST = {
  vendorAdded: MASTER_DATA_TOAST.vendorAdded,
  vendorUpdated: MASTER_DATA_TOAST.vendorUpdated,
  vehicleTypeAdded: MASTER_DATA_TOAST.vehicleTypeAdded,
  seaFleetAdded: 'Armada laut berhasil ditambahkan',
  queued: (n: number) => `${n} kendaraan berhasil ditambahkan ke antrian`,
  vehicleAdded: 'Kendaraan berhasil ditambahkan',
  arrivalConfirmed: 'Kedatangan berhasil dikonfirmasi',
  unloadingStarted: 'Proses bongkar dimulai',
  unloadingCompleted: 'Unloading completed successfully',
  daratShipped: 'Shipping record created successfully. Vehicle status updated.',
  poljakShipped: (x: string) => `Shipment berhasil dibuat dengan status OTW ${x}`,
  polsubShipped: 'Data pengiriman berhasil disimpan',
  loadingStarted: 'Vehicle moved to loading process',
  // not in the spec
  removedFromQueue: 'Kendaraan dikeluarkan dari antrian',
  loadingFinished: 'Muat selesai. Lengkapi form pengiriman.',
} as const;

// spec 8.2: failures (the destructive toast's description when the engine gives none)
export const FAILURE = {
  addVendor: MASTER_DATA_FAILURE.addVendor,
  updateVendor: MASTER_DATA_FAILURE.updateVendor,
  addVehicleType: MASTER_DATA_FAILURE.addVehicleType,
  addToQueue: 'Failed to add vehicles to queue',
  seaFleet: 'Gagal menyimpan armada laut',
  addVehicle: (message: string) => `Gagal menambahkan kendaraan: ${message}`,
  submitShipping: 'Failed to submit shipping form',
  createShipment: 'Gagal membuat shipment',
  saveData: 'Terjadi kesalahan saat menyimpan data',
  updateVehicleStatus: 'Failed to update vehicle status',
  confirmArrival: (message: string) => `Failed to confirm arrival: ${message}`,
  startUnloading: (message: string) => `Failed to start unloading: ${message}`,
  completeUnloading: (message: string) => `Failed to complete unloading: ${message}`,
  completeLoading: (message: string) => `Failed to complete loading: ${message}`,
  noHub: 'Vehicle ID or destination hub ID not found',
} as const;

// spec 5 and 9: images of the shipping forms
export const IMAGE_RULES = {
  darat: {
    max: MESSAGES.maxTwoImages,
    type: 'Only JPG and PNG files are allowed',
    min: null,
  },
  poljak: {
    max: MESSAGES.poljak.maxImages,
    type: 'Hanya file JPG dan PNG yang diperbolehkan',
    min: MESSAGES.poljak.minImages,
  },
  polsub: {
    max: MESSAGES.polsub.maxImages,
    type: 'Hanya file JPG, JPEG, dan PNG yang diperbolehkan',
    min: MESSAGES.polsub.minImages,
  },
} as const;
export const CAMERA_DESKTOP_ONLY = 'Camera is only available on mobile devices';

// spec 2.9
export const HISTORY_EMPTY = 'Riwayat kosong';
export const DEFAULT_VEHICLE_TYPE = 'Truk Fuso';

// not in the spec
export const UPLOAD_PENDING = 'Menunggu unggah';
export const UPLOAD_DONE = 'Terunggah';
export const HUB_UNRESOLVED = 'Hub ini belum tersedia di perangkat ini. Tunggu sinkronisasi pertama.';

// Shared by every screen (src/lib/messages.ts).
export { PENDING_SYNC, REJECTED_TITLE } from '../../lib/messages';
