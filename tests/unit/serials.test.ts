// Issue 42: the serial's one form and the loading scan's rule (sync/domain/serials.ts), by hand.
import { describe, expect, it } from 'vitest';
import { checkLoadScan, normalizeSerial, tallySerials, type UnitPlace } from '../../sync/domain/serials';

const HUB = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const unit = (serial: string, over: Partial<UnitPlace> = {}): UnitPlace => ({
  serial,
  state: 'in_stock',
  hub_id: HUB,
  shipment_id: null,
  ...over,
});

describe('normalizeSerial', () => {
  it("drops white space and a wedge scanner's Enter or Tab, and upper-cases", () => {
    expect(normalizeSerial('  sb-2026-0001\r\n')).toBe('SB-2026-0001');
    expect(normalizeSerial('\tab/12.x_9')).toBe('AB/12.X_9');
  });
  it('refuses what is not a serial', () => {
    expect(normalizeSerial('')).toBeNull();
    expect(normalizeSerial('ab')).toBeNull();
    expect(normalizeSerial('-AB1')).toBeNull();
    expect(normalizeSerial('AB 12')).toBeNull();
    expect(normalizeSerial('A'.repeat(65))).toBeNull();
    expect(normalizeSerial('A'.repeat(64))).toBe('A'.repeat(64));
  });
});

describe('checkLoadScan', () => {
  it("lets a unit of this hub's stock in", () => {
    expect(checkLoadScan('sb-1', HUB, new Set(), unit('SB-1'))).toBeNull();
  });
  it("refuses in the server's order: invalid, already in the truck, on another open shipment, not in stock", () => {
    expect(checkLoadScan('x', HUB, new Set(), undefined)).toEqual({
      key: 'serial.invalid',
      params: { serial: 'x' },
    });
    // already scanned wins over everything the unit says
    expect(checkLoadScan('SB-1', HUB, new Set(['SB-1']), unit('SB-1', { state: 'in_transit' }))).toEqual({
      key: 'serial.alreadyScanned',
      params: { serial: 'SB-1' },
    });
    expect(
      checkLoadScan('SB-1', HUB, new Set(), unit('SB-1', { state: 'in_transit', hub_id: null })),
    ).toEqual({
      key: 'serial.inOpenShipment',
      params: { serial: 'SB-1' },
    });
    const notInStock = { key: 'serial.notInStock', params: { serial: 'SB-1' } };
    expect(checkLoadScan('SB-1', HUB, new Set(), undefined)).toEqual(notInStock);
    expect(checkLoadScan('SB-1', HUB, new Set(), unit('SB-1', { hub_id: OTHER }))).toEqual(notInStock);
    expect(checkLoadScan('SB-1', HUB, new Set(), unit('SB-1', { state: 'missing' }))).toEqual(notInStock);
  });
});

describe('tallySerials', () => {
  it('twelve loaded, eleven of them and a foreign one scanned, one of them damaged', () => {
    const loaded = Array.from({ length: 12 }, (_, i) => `SB-${i + 1}`);
    const received = [...loaded.filter((s) => s !== 'SB-7'), 'XX-99'];
    expect(tallySerials(loaded, { received, damaged: ['SB-3'] })).toEqual({
      arrived: loaded.filter((s) => s !== 'SB-7'),
      missing: ['SB-7'],
      unexpected: ['XX-99'],
      damaged: ['SB-3'],
    });
  });
  it('all arrived: nothing to say; a damaged mark on a serial not received is not counted', () => {
    expect(tallySerials(['A-1', 'A-2'], { received: ['A-2', 'A-1'], damaged: ['B-1'] })).toEqual({
      arrived: ['A-2', 'A-1'],
      missing: [],
      unexpected: [],
      damaged: [],
    });
  });
});
