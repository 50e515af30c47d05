// Bahasa Indonesia for the management screens (Settings, users, vendors, hubs, statuses, audit,
// inventory): the spec's strings verbatim (2.5 to 2.12, 5, 8), Indonesian for the rest. The
// tables and forms of users, vendors, hubs and statuses: screens-manage-id.ts; the audit trail,
// inventory and the date picker: screens-data-id.ts.
import { screensDataId } from './screens-data-id';
import { screensManageId } from './screens-manage-id';

export const screensId = {
  ...screensManageId,
  ...screensDataId,
  /** The screens' titles (spec 2.5 to 2.14), also over a restricted-feature alert. */
  screens: {
    vendors: 'Vendors',
    vendorDetail: 'Vendor Detail',
    hubs: 'Hub Management',
    statuses: 'Status Shipment Management',
    hubActivity: 'Aktivitas Inventory',
    pod: 'POD Management',
    users: 'User Management',
    audit: 'Audit Trail',
  },
  settings: {
    title: 'Pengaturan',
    description:
      'Perangkat ini: sinkronnya, penyimpanannya, versi aplikasi dan berkas diagnostik untuk dukungan.',
    syncCard: 'Sinkron di perangkat ini',
    storageCard: 'Penyimpanan di perangkat ini',
    storageUsed: 'Terpakai',
    storageQuota: 'Tersedia untuk aplikasi',
    storagePersistent: 'Penyimpanan permanen',
    storageGranted: 'Diberikan: browser tidak akan menghapusnya untuk mengosongkan ruang',
    storageNotGranted:
      'Tidak diberikan: browser dapat menghapus pekerjaan yang belum tersinkron bila ruang menipis',
    storageUnsupported: 'Browser ini tidak melaporkan penyimpanannya.',
    storageRefused:
      'Browser tidak memberikan penyimpanan permanen. Memasang aplikasi biasanya membuatnya diberikan.',
    versionCard: 'Versi aplikasi',
    versionLabel: 'Versi',
    versionBuilt: 'Dibuat',
    updateCheck: 'Periksa pembaruan',
    updateChecking: 'Memeriksa...',
    updateNone: 'Ini versi terbaru.',
    updateReady: 'Versi baru siap: pilih Muat Ulang pada pemberitahuan untuk memakainya.',
    updateNoWorker: 'Pembaruan tidak tersedia di sini (tanpa service worker).',
    updateOffline: 'Sambungkan ke internet untuk memeriksa pembaruan.',
    updateFailed: 'Pemeriksaan pembaruan gagal',
    diagnosticsCard: 'Diagnostik',
    diagnosticsDescription:
      'Berkas untuk dukungan berisi outbox perangkat ini, tindakan yang ditolak, keadaan sinkron dan versi. Tidak pernah berisi password atau token.',
    diagnosticsExport: 'Ekspor diagnostik',
    diagnosticsDone: 'Berkas diagnostik disimpan',
    changesSocket: 'Pemberitahuan perubahan',
    changesSocketLive: 'Tersambung',
    changesSocketConnecting: 'Menyambung...',
    changesSocketDown: 'Terputus (memeriksa berkala)',
    changesSocketOff: 'Tidak dipakai',
    changesProbe: 'Pemeriksaan perubahan sekarang',
    changesProbeOff: 'Mati',
    changesSafetyProbe: 'Pemeriksaan cadangan saat tersambung',
    changesEvery: 'tiap {{seconds}} detik',
    displayCard: 'Tampilan',
  },
};
