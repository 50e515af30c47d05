// Spec 3: hub type from the hub name.
import { describe, expect, it } from 'vitest';
import { hubKind } from '../../sync/domain/hub-type';

describe('hub type', () => {
  it.each([
    ['Hub Karawang', 'hub', 'karawang'],
    ['Hub Cikarang', 'hub', 'cikarang'],
    ['Hub PolJak', 'hub', 'poljak'],
    ['Pelabuhan Jakarta', 'hub', 'poljak'],
    ['Hub PolSub', 'hub', 'polsub'],
    ['Pelabuhan Surabaya', 'hub', 'polsub'],
    ['POD Makassar', 'hub', 'pod'],
    ['Gudang Timur', 'pod', 'pod'],
    ['Gudang Timur', ' POD ', 'pod'],
    ['Gudang Timur', 'hub', 'other'],
    ['Gudang Timur', null, 'other'],
  ])('%s (type %s) is %s', (name, type, kind) => {
    expect(hubKind(name, type)).toBe(kind);
  });

  it('follows the spec order: the name decides before the type', () => {
    expect(hubKind('POD Jakarta', 'pod')).toBe('poljak');
    expect(hubKind('Karawang Cikarang', 'hub')).toBe('karawang');
  });

  it('keeps a stored known type when the name says nothing (a renamed hub)', () => {
    expect(hubKind('Gudang Pabrik', 'karawang')).toBe('karawang');
    expect(hubKind('Pelabuhan Utama', 'poljak')).toBe('poljak');
  });
});
