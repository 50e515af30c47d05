// What every screen shows for a status: the admin's label and colour from the
// replicated statuses, else the key in words (spec 4.2).
import { describe, expect, it } from 'vitest';
import { statusLook, statusLooks, unknownStatusLabel } from '../../src/lib/shipments/shipment-status';

describe('unknownStatusLabel', () => {
  it.each([
    ['otw_makassar', 'Otw Makassar'],
    ['selesai', 'Selesai'],
    ['siap_muat_darat', 'Siap Muat Darat'],
    ['a__b_', 'A B'],
    ['', ''],
  ])('%s -> %s', (key, label) => {
    expect(unknownStatusLabel(key)).toBe(label);
  });
});

describe('statusLook', () => {
  const looks = statusLooks([
    { key: 'otw_cikarang', label: 'Menuju Cikarang', color: 'danger' },
    { key: 'odd', label: 'Aneh', color: 'purple' },
  ]);

  it("uses the admin's label and colour", () => {
    expect(statusLook(looks, 'otw_cikarang')).toEqual({ label: 'Menuju Cikarang', color: 'danger' });
  });

  it('falls back to the key in words, coloured info, for a status the device does not know', () => {
    expect(statusLook(looks, 'otw_pod_kupang')).toEqual({ label: 'Otw Pod Kupang', color: 'info' });
  });

  it('shows a colour it does not know as info', () => {
    expect(statusLook(looks, 'odd')).toEqual({ label: 'Aneh', color: 'info' });
  });
});
