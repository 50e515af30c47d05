// Bahasa Indonesia for evidence capture settings (location) and the BAST's server time (issue 30).
// The spec's strings verbatim, Indonesian for the rest; evidence-en.ts has the same keys.
// (The BAST's own text, "Diterima server", stays Indonesian in every language: bast-pdf.ts.)
export const evidenceId = {
  locationTitle: 'Lokasi foto bukti',
  locationLabel: 'Sertakan lokasi pada foto bukti',
  locationHint:
    'Foto bukti, tanda tangan dan dokumen serah terima yang diambil di perangkat ini mencatat koordinat dan akurasinya. Berlaku di perangkat ini saja, juga setelah keluar.',
  locationAsking: 'Meminta izin lokasi dari browser...',
  locationOn: 'Lokasi disertakan pada foto bukti.',
  locationOff: 'Foto bukti disimpan tanpa lokasi.',
  locationDenied:
    'Browser menolak akses lokasi. Izinkan lokasi untuk aplikasi ini di pengaturan browser, lalu nyalakan lagi.',
  locationUnavailable: 'Lokasi belum dapat dibaca saat ini; foto bukti mencatatnya bila tersedia.',
  locationUnsupported: 'Browser ini tidak menyediakan lokasi.',
  locationRevoked:
    'Izin lokasi dicabut di browser: foto bukti disimpan tanpa lokasi sampai izin diberikan lagi.',
};
