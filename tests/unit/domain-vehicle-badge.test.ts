// Spec 4.1: badge priority.
import { describe, expect, it } from 'vitest';
import { vehicleBadge } from '../../sync/domain/vehicle-badge';

describe('vehicle badge', () => {
  it.each([
    [{ sedang_muat: true, siap_muat: true, ready: true }, 'Sedang Muat'],
    [{ sedang_muat: true, siap_muat: false, ready: false }, 'Sedang Muat'],
    [{ sedang_muat: false, siap_muat: true, ready: true }, 'Siap Muat'],
    [{ sedang_muat: false, siap_muat: false, ready: true }, 'Ready'],
    [{ sedang_muat: false, siap_muat: false, ready: false }, 'Tidak Aktif'],
  ] as const)('%o shows %s', (flags, badge) => {
    expect(vehicleBadge(flags)).toBe(badge);
  });
});
