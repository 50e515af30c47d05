// Bahasa Indonesia for "Periksa Dokumen" (issue 40): a printed surat jalan or BAST checked by
// its QR code, or a PDF file by its SHA-256, against the sealed record. verify-en.ts has the
// same keys. Not in the spec: in the style of its messages.
export const verifyId = {
  description:
    'Pindai kode QR pada surat jalan atau BAST, atau pilih berkas PDF-nya, untuk memastikan dokumen ini sama dengan yang tersegel di server.',
  scanDescription: 'Arahkan kamera belakang ke kode QR pada surat jalan atau BAST.',
  pickFile: 'Pilih Berkas PDF',
  fileLabel: 'Berkas PDF dokumen',
  checking: 'Memeriksa dokumen...',
  failed: 'Dokumen tidak dapat diperiksa. Coba lagi.',
  engineNotReady: 'Database lokal belum siap. Coba lagi sebentar lagi.',
  checkedQr: 'Diperiksa dari kode QR',
  checkedFile: 'Diperiksa dari berkas {{name}}',
  verdict: {
    sesuai: 'Sesuai: dokumen ini sama dengan yang tersegel.',
    tidakSesuai: 'Tidak sesuai: dokumen ini berbeda dari yang tersegel.',
    diganti: 'Sudah diganti: ada dokumen yang lebih baru untuk pengiriman ini.',
    belumTersegel: 'Belum tersegel: dokumen ini belum diterima server.',
    perluOnline: 'Belum dapat dipastikan di tablet ini. Sambungkan ke internet, lalu periksa lagi.',
    kodeLama:
      'Kode QR ini dari cetakan lama tanpa segel dokumen: hanya menunjuk pengiriman, tidak dapat diperiksa.',
    tidakDikenal: 'Tidak dikenal: server tidak menunjukkan dokumen ini kepada Anda.',
  },
  reason: {
    oldCode: 'Kode QR ini tidak memuat nomor dan sidik dokumen.',
    notOnDevice: 'Dokumen ini tidak ada di tablet ini.',
    notRegistered:
      'Tidak ada dokumen tersegel dengan nomor ini yang dapat Anda lihat: dokumen palsu, atau pengiriman hub lain.',
    otherShipment: 'Kode QR ini menunjuk pengiriman lain daripada dokumen tersegelnya.',
    fileDiffers:
      'Berkas ini bukan berkas yang tersegel (sidik SHA-256 tidak sama): isinya mungkin diubah. Salinan yang diunduh sebelum tersinkron juga berbeda; bandingkan dengan berkas di Dokumen pengiriman.',
    copyDiffers: 'Salinan yang terbaca berbeda dari berkas yang tersegel.',
    noCopy: 'Berkas tersegelnya tidak ada di tablet ini.',
    noEvidence: 'Berkas ini tidak memuat isi dokumen Dermaga yang dapat diperiksa.',
    contentDiffers: 'Sidik isi pada kode QR tidak sama dengan isi dokumen yang tersegel.',
    receiptChainBroken: 'Sidik hitungan pada BAST tidak sama dengan hitungannya.',
    signatureDiffers: 'Tanda tangan yang tersegel berbeda dari yang ditandatangani.',
    signaturePending: 'Tanda tangan belum diterima server.',
    receiptDiffers: 'Hitungan di server berbeda dari hitungan pada dokumen ini.',
    pendingUpload: 'Dokumen ini masih di tablet, menunggu diunggah.',
    replaced: 'Ada dokumen yang lebih baru untuk pengiriman ini.',
  },
  kind: 'Jenis dokumen',
  documentId: 'Nomor dokumen',
  receivedAt: 'Diterima server',
  notReceived: 'Belum diterima server',
  signedBy: 'Ditandatangani',
  signer: { receiver: 'Penerima', driver: 'Sopir' },
  signerLine: '{{role}}: {{name}}, {{time}}',
  replacedBy: 'Diganti oleh dokumen {{id}}, diterima server {{time}}',
  sourceServer: 'Diperiksa dengan catatan server.',
  sourceDevice: 'Diperiksa dengan salinan di tablet ini (tanpa sinyal).',
};
