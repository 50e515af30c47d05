import { describe, expect, it } from 'vitest';
import { deriveHubInfo, deriveHubType, EMPTY_HUB_INFO } from '../../src/lib/session/hub-info';

describe('hub type derivation (spec 3)', () => {
  it.each([
    // The seeded demo hubs (supabase/seed.sql).
    [{ name: 'Hub Karawang', type: 'karawang' }, 'karawang'],
    [{ name: 'Hub Cikarang', type: 'cikarang' }, 'cikarang'],
    [{ name: 'Hub PolJak', type: 'poljak' }, 'poljak'],
    [{ name: 'Hub PolSub', type: 'polsub' }, 'polsub'],
    [{ name: 'POD Makassar', type: 'pod' }, 'pod'],
    // By name alone, case-insensitively.
    [{ name: 'GUDANG KARAWANG', type: 'hub' }, 'karawang'],
    [{ name: 'cikarang 2', type: null }, 'cikarang'],
    [{ name: 'Pelabuhan Jakarta', type: 'hub' }, 'poljak'],
    [{ name: 'Port of Surabaya', type: 'hub' }, 'polsub'],
    [{ name: 'pod balikpapan', type: 'hub' }, 'pod'],
    [{ name: 'Depo Timur', type: 'pod' }, 'pod'],
    [{ name: 'Hub Bekasi', type: 'hub' }, 'other'],
    [{ name: 'Hub Bekasi', type: null }, 'other'],
  ] as const)('%o is %s', (hub, expected) => {
    expect(deriveHubType(hub)).toBe(expected);
  });

  it('follows the spec order: the name decides before the pod type', () => {
    expect(deriveHubType({ name: 'POD Jakarta', type: 'pod' })).toBe('poljak');
    expect(deriveHubType({ name: 'Karawang POD', type: 'pod' })).toBe('karawang');
  });

  it('takes a known stored type when the name matches nothing', () => {
    expect(deriveHubType({ name: 'Gerbang Barat', type: 'cikarang' })).toBe('cikarang');
    expect(deriveHubType({ name: 'Gerbang Barat', type: 'Karawang ' })).toBe('karawang');
  });
});

describe('hub info', () => {
  it('is empty without a hub', () => {
    expect(deriveHubInfo(null)).toEqual(EMPTY_HUB_INFO);
    expect(deriveHubInfo(undefined)).toEqual(EMPTY_HUB_INFO);
    expect(deriveHubInfo({ name: '  ', city: 'X', type: 'hub' })).toEqual(EMPTY_HUB_INFO);
  });

  it('carries the hub name and city', () => {
    expect(deriveHubInfo({ name: 'Hub PolJak', city: 'Jakarta', type: 'poljak' })).toEqual({
      hubType: 'poljak',
      hubCity: 'Jakarta',
      hubName: 'Hub PolJak',
    });
    expect(deriveHubInfo({ name: 'POD Makassar', city: 'Makassar', type: 'pod' })).toEqual({
      hubType: 'pod',
      hubCity: 'Makassar',
      hubName: 'POD Makassar',
    });
  });

  it('takes a POD city from the name when the hub has none', () => {
    expect(deriveHubInfo({ name: 'POD Makassar', city: null, type: 'pod' }).hubCity).toBe('Makassar');
    expect(deriveHubInfo({ name: 'POD', city: '', type: 'pod' }).hubCity).toBeNull();
    expect(deriveHubInfo({ name: 'Hub Cikarang', city: null, type: 'cikarang' }).hubCity).toBeNull();
  });
});
