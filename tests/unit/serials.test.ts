// Issue 42: the serial's one form, the loading scan's rule and the receipt's serial rules
// (sync/domain/serials.ts), by hand.
import { describe, expect, it } from 'vitest';
import {
  checkLoadScan,
  checkReceiptSerials,
  MAX_SERIALS,
  normalizeSerial,
  tallySerials,
  type UnitPlace,
} from '../../sync/domain/serials';

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

describe('checkReceiptSerials (the receipt by serial)', () => {
  const LOADED = ['A-1', 'A-2', 'A-3', 'A-4'];
  const counts = (received: number, damaged: number) => ({ smartboard_received: received, smartboard_damaged: damaged });

  it('count mode (nothing loaded by serial): no serial rule, and any serial sent is refused', () => {
    expect(checkReceiptSerials([], undefined, counts(3, 0))).toEqual({ problems: [], tally: null });
    expect(checkReceiptSerials([], null, counts(3, 0))).toEqual({ problems: [], tally: null });
    expect(checkReceiptSerials([], { received: [], damaged: [] }, counts(3, 0))).toEqual({ problems: [], tally: null });
    expect(checkReceiptSerials([], { received: ['A-1'], damaged: [] }, counts(1, 0)).problems).toEqual([
      { path: ['tv_serials'], message: { key: 'invalidCommand' } },
    ]);
    expect(checkReceiptSerials([], { received: [], damaged: ['A-1'] }, counts(0, 0)).problems).toEqual([
      { path: ['tv_serials'], message: { key: 'invalidCommand' } },
    ]);
  });

  it('serial mode: the serials are required', () => {
    const required = [{ path: ['tv_serials'], message: { key: 'serial.scanRequired' } }];
    expect(checkReceiptSerials(LOADED, undefined, counts(4, 0))).toEqual({ problems: required, tally: null });
    expect(checkReceiptSerials(LOADED, null, counts(4, 0)).problems).toEqual(required);
  });

  it('at most 500 of each (then nothing else is said)', () => {
    const many = Array.from({ length: MAX_SERIALS + 1 }, (_, i) => `B-${i}`);
    expect(checkReceiptSerials(LOADED, { received: many, damaged: [] }, counts(1, 0)).problems).toEqual([
      { path: ['tv_serials', 'received'], message: { key: 'serial.tooMany', params: { max: 500 } } },
    ]);
    expect(checkReceiptSerials(LOADED, { received: ['A-1'], damaged: many }, counts(1, 0)).problems).toEqual([
      { path: ['tv_serials', 'damaged'], message: { key: 'serial.tooMany', params: { max: 500 } } },
    ]);
  });

  it("every broken rule in the server's order: received, damaged, then the two counts", () => {
    const { problems, tally } = checkReceiptSerials(
      LOADED,
      { received: ['a-1', ' x ', 'A-1', 'A-2'], damaged: ['a-2', 'A-2', '??', 'A-9'] },
      counts(3, 2),
    );
    expect(tally).toBeNull();
    expect(problems).toEqual([
      { path: ['tv_serials', 'received', 1], message: { key: 'serial.invalid', params: { serial: 'x' } } },
      { path: ['tv_serials', 'received', 2], message: { key: 'serial.alreadyScanned', params: { serial: 'A-1' } } },
      { path: ['tv_serials', 'damaged', 1], message: { key: 'serial.alreadyScanned', params: { serial: 'A-2' } } },
      { path: ['tv_serials', 'damaged', 2], message: { key: 'serial.invalid', params: { serial: '??' } } },
      {
        path: ['tv_serials', 'damaged', 3],
        message: { key: 'serial.damagedNotReceived', params: { serial: 'A-9' } },
      },
      {
        path: ['smartboard_received'],
        message: { key: 'serial.receivedMismatch', params: { quantity: 3, count: 4 } },
      },
      {
        path: ['smartboard_damaged'],
        message: { key: 'serial.damagedMismatch', params: { quantity: 2, count: 4 } },
      },
    ]);
  });

  it('a damaged mark repeated on a serial not received: not received, then already scanned', () => {
    expect(checkReceiptSerials(LOADED, { received: ['A-1'], damaged: ['Z-1', 'z-1'] }, counts(1, 2)).problems).toEqual([
      { path: ['tv_serials', 'damaged', 0], message: { key: 'serial.damagedNotReceived', params: { serial: 'Z-1' } } },
      { path: ['tv_serials', 'damaged', 1], message: { key: 'serial.alreadyScanned', params: { serial: 'Z-1' } } },
    ]);
  });

  it('a whole receipt: the tally in normal form (one missing, one unexpected, one damaged)', () => {
    expect(
      checkReceiptSerials(LOADED, { received: ['a-2', 'A-1', 'x-9', 'A-4'], damaged: ['a-4'] }, counts(4, 1)),
    ).toEqual({
      problems: [],
      tally: { arrived: ['A-2', 'A-1', 'A-4'], missing: ['A-3'], unexpected: ['X-9'], damaged: ['A-4'] },
    });
  });
});
