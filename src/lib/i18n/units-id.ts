// Bahasa Indonesia for "Nomor Seri" (issue 42, find a unit): where a TV is and its path, hub to
// hub. units-en.ts has the same keys. Not in the spec: in the style of its messages.
export const unitsId = {
  title: 'Nomor Seri {{serial}}',
  description: 'Di mana TV ini sekarang, dan jalannya dari hub ke hub.',
  loading: 'Memuat riwayat...',
  failed: 'Riwayat tidak dapat dimuat: {{error}}',
  offline: 'Riwayat lengkap nomor seri perlu koneksi internet. Yang tersimpan di tablet ini tampil di bawah.',
  notHeld: 'Tablet ini tidak menyimpan nomor seri ini.',
  onShipment: 'pengiriman {{batch}}',
  by: 'oleh {{who}}',
  searchHit: 'Cari nomor seri {{serial}}',
  searchKind: 'Nomor seri TV',
  state: {
    in_stock: 'Di stok',
    in_transit: 'Dalam perjalanan',
    missing: 'Tidak sampai',
    damaged: 'Diterima rusak',
    delivered: 'Sudah sampai di POD',
    removed: 'Dihapus: salah daftar',
  },
  event: {
    registered: 'Masuk stok {{hub}}',
    loaded: 'Dimuat di {{hub}} ke pengiriman {{batch}} ({{origin}} → {{destination}})',
    returned: 'Kembali ke stok {{hub}}',
    received: 'Diterima di {{hub}} dari pengiriman {{batch}}',
    damaged: 'Diterima rusak di {{hub}} dari pengiriman {{batch}}',
    missing: 'Tidak sampai di {{destination}}: kurang pada pengiriman {{batch}}',
    unexpected: 'Ditemukan di {{hub}} pada pengiriman {{batch}}, tanpa tercatat dimuat',
    undone: 'Penerimaan di {{hub}} diurungkan: kembali ke pengiriman {{batch}}',
    delivered: 'Diterima di {{hub}} (POD) dari pengiriman {{batch}}',
    removed: 'Dihapus dari stok {{hub}}: nomor seri salah daftar',
  },
};
