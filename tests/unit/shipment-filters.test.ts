// The In-Transit and Hub Activity filters (src/lib/shipments/shipment-filters.ts, issue 30).
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  filterOptions,
  inDayRange,
  matchesFilters,
  NO_FILTERS,
  readFilters,
  writeFilters,
  type ShipmentFilters,
} from '../../src/lib/shipments/shipment-filters';

const KRW = 'hub-krw';
const CKR = 'hub-ckr';
const PJK = 'hub-pjk';

// Loading times at midday UTC: the same calendar day on a device anywhere from UTC-11 to UTC+11.
const rows = [
  { id: 'a', shipment: { status: 'otw_cikarang', origin_hub_id: KRW, destination_hub_id: CKR }, date: '2026-11-20T12:00:00Z' },
  { id: 'b', shipment: { status: 'otw_poljak', origin_hub_id: KRW, destination_hub_id: PJK }, date: '2026-11-22T12:00:00Z' },
  { id: 'c', shipment: { status: 'otw_poljak', origin_hub_id: CKR, destination_hub_id: PJK }, date: '2026-11-24T12:00:00Z' },
  { id: 'd', shipment: { status: 'confirm_tiba', origin_hub_id: CKR, destination_hub_id: PJK }, date: null },
  // A stock entry made by hand (Hub Activity): no shipment, a calendar day.
  { id: 'e', shipment: null, date: '2026-11-22' },
];
const f = (change: Partial<ShipmentFilters>): ShipmentFilters => ({ ...NO_FILTERS, ...change });
const ids = (change: Partial<ShipmentFilters>) => applyFilters(rows, (r) => r, f(change)).map((r) => r.id);

describe('applyFilters', () => {
  it('no filter: every row, in order', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it('by status, origin, destination; a row without a shipment passes none of them', () => {
    expect(ids({ status: 'otw_poljak' })).toEqual(['b', 'c']);
    expect(ids({ origin: KRW })).toEqual(['a', 'b']);
    expect(ids({ destination: PJK })).toEqual(['b', 'c', 'd']);
    expect(ids({ status: 'selesai' })).toEqual([]);
  });
  it('all filters at once must all hold', () => {
    expect(ids({ status: 'otw_poljak', origin: KRW })).toEqual(['b']);
    expect(ids({ origin: CKR, destination: PJK })).toEqual(['c', 'd']);
    expect(ids({ origin: CKR, destination: PJK, from: '2026-11-01' })).toEqual(['c']);
  });
  it('a date range is inclusive at both ends; a row without a date passes only an open range', () => {
    expect(ids({ from: '2026-11-22' })).toEqual(['b', 'c', 'e']);
    expect(ids({ to: '2026-11-22' })).toEqual(['a', 'b', 'e']);
    expect(ids({ from: '2026-11-21', to: '2026-11-23' })).toEqual(['b', 'e']);
    expect(ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual(['b', 'e']);
    expect(ids({ from: '2026-11-25' })).toEqual([]);
    // From after to: nothing, rather than a guess.
    expect(ids({ from: '2026-11-24', to: '2026-11-20' })).toEqual([]);
  });
});

describe('matchesFilters and inDayRange', () => {
  it.each([
    ['2026-11-20', '', '', true],
    ['', '', '', true],
    ['', '2026-11-20', '', false],
    ['2026-11-19', '2026-11-20', '', false],
    ['2026-11-20', '2026-11-20', '', true],
    ['2026-11-21', '', '2026-11-20', false],
    ['2026-12-01', '2026-11-20', '2026-12-01', true],
  ])('%j in [%j, %j] -> %s', (day, from, to, expected) => {
    expect(inDayRange(day, from, to)).toBe(expected);
  });
  it('a stock entry with no shipment passes a date-only filter', () => {
    expect(matchesFilters({ shipment: null, date: '2026-11-22' }, f({ from: '2026-11-22' }))).toBe(true);
    expect(matchesFilters({ shipment: null, date: '2026-11-22' }, f({ origin: KRW }))).toBe(false);
  });
});

describe('the address', () => {
  it('reads the filters from their params, ignoring a date that is not yyyy-MM-dd', () => {
    const params = new URLSearchParams('status=otw_poljak&asal=hub-krw&tujuan=hub-pjk&dari=2026-11-01&sampai=27/11/2026&q=B%201');
    expect(readFilters(params)).toEqual({
      status: 'otw_poljak',
      origin: 'hub-krw',
      destination: 'hub-pjk',
      from: '2026-11-01',
      to: '',
    });
    expect(readFilters(new URLSearchParams())).toEqual(NO_FILTERS);
  });
  it('writes a change, dropping emptied filters and keeping the other params', () => {
    const params = new URLSearchParams('open=s1&q=krw&status=otw_poljak&asal=hub-krw');
    expect(writeFilters(params, { status: '', destination: PJK, from: '2026-11-20' }).toString()).toBe(
      'open=s1&q=krw&asal=hub-krw&tujuan=hub-pjk&dari=2026-11-20',
    );
    expect(writeFilters(params, NO_FILTERS).toString()).toBe('open=s1&q=krw');
    // The params given are not changed.
    expect(params.toString()).toBe('open=s1&q=krw&status=otw_poljak&asal=hub-krw');
  });
  it('what it writes, it reads back', () => {
    const all = f({ status: 'otw_poljak', origin: KRW, destination: PJK, from: '2026-11-01', to: '2026-11-30' });
    expect(readFilters(writeFilters(new URLSearchParams(), all))).toEqual(all);
  });
});

describe('filterOptions', () => {
  it("the rows' values once each, by label, with the chosen one even when no row holds it", () => {
    const names: Record<string, string> = { [KRW]: 'Hub Karawang', [CKR]: 'Hub Cikarang', old: 'Hub Lama' };
    expect(filterOptions([KRW, CKR, KRW, null, ''], '', (v) => names[v]!)).toEqual([
      { value: CKR, label: 'Hub Cikarang' },
      { value: KRW, label: 'Hub Karawang' },
    ]);
    expect(filterOptions([KRW], 'old', (v) => names[v]!).map((o) => o.label)).toEqual(['Hub Karawang', 'Hub Lama']);
  });
});
