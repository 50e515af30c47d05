// The dashboard's text lives in the catalogues (src/lib/i18n/tower-*.ts, issue 30); here the
// keys of the four fixed hubs' names (spec 2.4).
export const HUB_LABEL_KEYS = {
  karawang: 'tower.hubs.karawang',
  cikarang: 'tower.hubs.cikarang',
  poljak: 'tower.hubs.poljak',
  polsub: 'tower.hubs.polsub',
} as const;
