// Jakarta dates and times, and exact ordering of server timestamps.
import { describe, expect, it } from 'vitest';
import { compareCodePoints, firstWarehouseOf, hubForCity, warehouseForCity } from '../../sync/domain/lookups';
import { formatWib, instantMicros, jakartaDate } from '../../sync/domain/time';
import type { Hub, Warehouse } from '../../sync/model/rows';

describe('Jakarta time', () => {
  it('dates an instant in Jakarta (UTC+7)', () => {
    expect(jakartaDate('2026-11-21T16:59:59.999Z')).toBe('2026-11-21');
    expect(jakartaDate('2026-11-21T17:00:00.000Z')).toBe('2026-11-22');
    expect(jakartaDate('2026-11-21T17:00:00+00:00')).toBe('2026-11-22');
  });
  it('formats a time as the conflict messages do', () => {
    expect(formatWib('2026-11-21T07:05:00Z')).toBe('21 Nov 2026 14:05 WIB');
    expect(formatWib('2026-05-01T00:00:00Z')).toBe('01 Mei 2026 07:00 WIB');
    expect(formatWib('2026-08-31T20:30:00Z')).toBe('01 Sep 2026 03:30 WIB');
    expect(formatWib('2026-12-31T16:59:00Z')).toBe('31 Des 2026 23:59 WIB');
  });
  it('orders server and device timestamps to the microsecond', () => {
    expect(instantMicros('2026-11-21T07:05:00.123456+00:00')).toBe(
      Date.parse('2026-11-21T07:05:00Z') * 1000 + 123456,
    );
    expect(instantMicros('2026-11-21T07:05:00.12+00:00')).toBe(
      Date.parse('2026-11-21T07:05:00Z') * 1000 + 120000,
    );
    expect(instantMicros('2026-11-21T14:05:00+07')).toBe(Date.parse('2026-11-21T07:05:00Z') * 1000);
    expect(instantMicros('2026-11-21T07:05:00.123Z')).toBe(Date.parse('2026-11-21T07:05:00.123Z') * 1000);
    expect(() => instantMicros('yesterday')).toThrow();
  });
});

const stamp = { updated_at: '2026-01-01T00:00:00Z', deleted: false, change_xid: '1' };
const wh = (
  id: string,
  name: string,
  hub_id: string | null,
  location: string | null,
  created_at: string,
): Warehouse => ({
  ...stamp,
  id,
  name,
  hub_id,
  location,
  capacity: null,
  created_at,
});
const hub = (id: string, name: string, city: string | null, type: Hub['type'], created_at: string): Hub => ({
  ...stamp,
  id,
  name,
  city,
  type,
  created_at,
});

describe('lookups', () => {
  it("the hub's first warehouse is the oldest live one, then by name", () => {
    const list = [
      wh('c', 'B', 'h', null, '2026-01-01T00:00:00.000002+00:00'),
      wh('b', 'Z', 'h', null, '2026-01-01T00:00:00.000001+00:00'),
      wh('a', 'A', 'h', null, '2026-01-01T00:00:00.000001+00:00'),
      wh('d', 'A', 'other', null, '2025-01-01T00:00:00+00:00'),
      { ...wh('e', 'A', 'h', null, '2020-01-01T00:00:00+00:00'), deleted: true },
    ];
    expect(firstWarehouseOf(list, 'h')?.id).toBe('a');
    expect(firstWarehouseOf(list, 'none')).toBeUndefined();
  });

  it('the city warehouse prefers an exact location match', () => {
    const list = [
      wh('a', 'Gudang Makassar Timur', null, 'Makassar, Sulawesi Selatan', '2020-01-01T00:00:00Z'),
      wh('b', 'Gudang Makassar', null, 'makassar', '2026-01-01T00:00:00Z'),
    ];
    expect(warehouseForCity(list, 'Makassar')?.id).toBe('b');
    expect(warehouseForCity(list.slice(0, 1), 'Makassar')?.id).toBe('a');
    expect(warehouseForCity(list, 'Kendari')).toBeUndefined();
  });

  it('the city hub prefers the destination, then PODs', () => {
    const hubs = [
      hub('x', 'Hub Transit Makassar', null, 'hub', '2020-01-01T00:00:00Z'),
      hub('p', 'POD Makassar', 'Makassar', 'pod', '2026-01-01T00:00:00Z'),
    ];
    expect(hubForCity(hubs, 'Makassar', 'none')?.id).toBe('p');
    expect(hubForCity(hubs, 'Makassar', 'x')?.id).toBe('x');
    expect(hubForCity(hubs, 'Kendari', 'x')).toBeUndefined();
  });

  it('compares names in code point order (collate "C")', () => {
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('\uFFFF', '\u{1F600}')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
  });
});
