// Bahasa Indonesia, the default language (issue 30): the spec's strings verbatim wherever the
// spec gives one (some of them English: what the users already know), Indonesian for every
// other string. en.ts has the same keys (typed: a key missing there fails typecheck).
// {{names}} are interpolated values.
import { screensId } from './screens-id';
import { hubOpsId } from './hub-ops-id';
import { libId } from './lib-id';
import { hubShippingId } from './hub-shipping-id';
import { handoverId } from './handover-id';
import { towerId } from './tower-id';
import { evidenceId } from './evidence-id';
import { verifyId } from './verify-id';
import { SERVER_TEXTS } from '../../../sync/server-texts';

export const id = {
  common: {
    errorTitle: 'Error',
    loading: 'Memuat...',
    cancel: 'Batal',
    save: 'Simpan',
    saving: 'Menyimpan...',
    edit: 'Edit',
    delete: 'Delete',
    close: 'Tutup',
    none: '-',
    rowActions: 'Aksi untuk {{name}}',
    actions: 'Aksi',
  },
  notFound: {
    title: 'Page Not Found',
    description: 'Halaman yang Anda cari tidak ada.',
    returnToDashboard: 'Return to Dashboard',
  },
  restricted: {
    title: 'Akses Dibatasi',
    noPermission: "You don't have permission to access this feature. Contact your administrator for access.",
    roleOnly: 'This feature is restricted to certain user roles. Contact your administrator for access.',
  },
  auth: {
    fillAllFields: 'Please fill in all fields',
    passwordTooShort: 'Password must be at least 6 characters',
    errorTitle: 'Authentication Error',
    serverUnreachable: 'Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi.',
    welcomeTitle: 'Selamat datang kembali!',
    welcomeFirstTitle: 'Selamat datang!',
    welcomeDescription: 'Anda berhasil masuk.',
    verifyTitle: 'Akun dibuat!',
    verifyDescription: 'Periksa email Anda untuk memverifikasi akun sebelum masuk.',
    highlights: {
      tracking: 'Pelacakan shipment secara real-time',
      inventory: 'Pengelolaan inventory multi-hub',
      roles: 'Kontrol akses berbasis role',
    },
    pitch:
      'Kendali armada dan pengiriman smartboard TV dan bracket, dari hub pabrik melalui pelabuhan sampai setiap kota tujuan.',
    cardTitle: 'Selamat datang',
    cardDescription: 'Masuk ke akun Anda atau buat akun baru.',
    email: 'Email',
    emailPlaceholder: 'anda@perusahaan.com',
    password: 'Password',
    showPassword: 'Tampilkan password',
    hidePassword: 'Sembunyikan password',
    signIn: 'Masuk',
    signUp: 'Buat akun',
    noAccount: 'Belum punya akun?',
    haveAccount: 'Sudah punya akun?',
  },
  shell: {
    logOut: 'Log out',
    skipToContent: 'Lewati ke konten utama',
    highContrast: 'Kontras tinggi',
    highContrastHint:
      'Teks hitam, garis tegas dan label berwarna pekat, agar terbaca di bawah sinar matahari. Berlaku di perangkat ini saja, juga setelah keluar.',
    highContrastOn: 'Kontras tinggi aktif di perangkat ini.',
    highContrastOff: 'Kontras tinggi nonaktif.',
    menu: 'Menu aplikasi.',
    mainNavigation: 'Navigasi utama',
    toggleSidebar: 'Buka/tutup sidebar',
    toggleSidebarHint: 'Buka/tutup sidebar (Ctrl+B)',
    signOutPendingTitle: 'Perubahan di tablet ini belum tersinkron',
    signOutPendingDescription:
      '{{count}} perubahan belum sampai ke server. Keluar sekarang menghapusnya dari tablet ini untuk selamanya. Tunggu sampai indikator menyatakan tersinkron agar perubahan tetap tersimpan.',
    signOutAnyway: 'Keluar dan hapus',
    pwaUpdateTitle: 'Versi baru tersedia',
    pwaUpdateDescription: 'Muat ulang untuk memakainya. Pekerjaan yang belum tersinkron tetap di tablet ini.',
    pwaReload: 'Muat Ulang',
    pwaOfflineReady: 'Siap dipakai tanpa koneksi',
    pwaOfflineReadyDescription: 'Dermaga kini terbuka di perangkat ini meski tanpa koneksi.',
    screenComing: 'Layar ini sedang dibangun. Nanti akan muncul di sini, di dalam aplikasi.',
    moreBelow: 'Menu lainnya di bawah',
  },
  language: {
    title: 'Bahasa',
    label: 'Bahasa aplikasi',
    hint: 'Berlaku di perangkat ini saja, juga tanpa koneksi dan setelah keluar.',
    id: 'Bahasa Indonesia',
    en: 'English',
    changed: 'Bahasa diubah ke Bahasa Indonesia.',
  },
  connection: {
    title: 'Layar ini memerlukan koneksi',
    description:
      'Layar ini membaca dan mengubah data di server, yang saat ini tidak dapat dijangkau perangkat ini. Sambungkan ke internet dan layar ini terbuka lagi; pekerjaan di layar hub tetap berjalan tanpa koneksi.',
    offlineData: 'Offline: menampilkan data sinkronisasi terakhir',
    lastSynced: 'Terakhir disinkronkan',
  },
  sync: {
    online: 'Online',
    offline: 'Offline',
    syncing: 'Menyinkronkan',
    syncNow: 'Sinkronkan sekarang',
    allSynced: 'Semua perubahan tersinkron',
    nothingWaiting: 'Tidak ada yang menunggu sinkron.',
    never: 'Belum pernah sinkron di perangkat ini',
    noRejections: 'Tidak ada tindakan yang ditolak.',
    pending: 'Menunggu sinkron',
    pendingTitle: 'Perubahan ini belum sampai ke server',
    rejectedTitle: 'Ditolak server',
    rejectedActions: 'Tindakan yang ditolak',
    statusLabel: 'Status sinkron',
    pendingChanges: 'Perubahan tertunda',
    pendingUploads: 'Unggahan tertunda',
    oldestWaiting: 'Menunggu paling lama',
    lastSynced: 'Terakhir sinkron',
    storageNotPersisted:
      'Penyimpanan perangkat belum permanen: browser dapat menghapus data yang belum tersinkron bila ruang penyimpanan menipis.',
    storageAskPersist: 'Minta penyimpanan permanen',
    changesWaiting: '{{count}} perubahan menunggu',
    describeOffline: 'Offline, {{waiting}}',
    nothingWaitingShort: 'tidak ada yang menunggu',
    describeSyncing: 'Online, menyinkronkan',
    describeError: 'Online, galat sinkron: {{error}}',
    describePending: 'Online, {{waiting}}',
    describeSynced: 'Online, semua perubahan tersinkron',
    readFailedTitle: 'Data di perangkat ini tidak dapat dibaca',
    readFailedReload: 'Muat Ulang',
    unreachable:
      'Tidak ada koneksi ke server. Perubahan tersimpan di perangkat ini dan dikirim saat sinyal kembali.',
    errorDetail: 'Detail teknis',
  },
  firstSync: {
    title: 'Sinkron pertama di perangkat ini',
    hint: 'Data yang sudah tiba dapat langsung dipakai.',
    line: '{{title}}: {{done}} dari {{total}} baris ({{percent}}%)',
    tables: {
      hubs: 'Hub',
      warehouses: 'Gudang',
      stock_balances: 'Saldo stok',
      profiles: 'Pengguna',
      shipment_statuses: 'Status',
      vendors: 'Vendor',
      vehicle_types: 'Jenis kendaraan',
      vehicles: 'Kendaraan',
      shipments: 'Shipment',
      containers: 'Container',
      inventory: 'Inventory',
    },
  },
  table: {
    search: 'Cari di tabel',
    exportCsv: 'Ekspor CSV',
    scrollHint: 'Geser ke kanan untuk kolom lainnya',
    empty: 'Tidak ada data.',
    sortBy: 'Urutkan menurut {{column}}',
    clearDay: 'Hapus tanggal',
    chooseDay: 'Pilih tanggal',
  },
  ...screensId,
  hubOps: hubOpsId,
  lib: libId,
  hubShipping: hubShippingId,
  handover: handoverId,
  tower: towerId,
  evidence: evidenceId,
  verify: verifyId,
  server: SERVER_TEXTS,
};

export type Catalogue = typeof id;
