// Issue 42: the serial scanner's rules without React (src/components/serial-scanner-logic.ts): a
// code held in front of the camera is taken once, a wedge scanner's codes end at Enter or Tab,
// and each code is judged (its one form, already taken, the caller's rule) with the reason by key.
import { describe, expect, it } from 'vitest';
import {
  HOLD_MS,
  HeldCodes,
  isTerminator,
  judgeCode,
  recentSerials,
  splitWedgeText,
} from '../../src/components/serial-scanner-logic';
import type { KeyedMessage } from '../../sync/pure';

describe('a code held in front of the camera', () => {
  it('is a new sighting once, however many frames show it', () => {
    const held = new HeldCodes();
    const seen = [0, 33, 66, 100, 500, 1000, 1400, 2000, 2600].map((at) => held.isNew('SN-1', at));
    expect(seen).toEqual([true, false, false, false, false, false, false, false, false]);
  });

  it('is new again when shown after the hold time without being seen', () => {
    const held = new HeldCodes();
    expect(held.isNew('SN-1', 0)).toBe(true);
    expect(held.isNew('SN-1', HOLD_MS)).toBe(false);
    expect(held.isNew('SN-1', 2 * HOLD_MS + 1)).toBe(true);
  });

  it('does not hold back another code, nor one read alternately with another', () => {
    const held = new HeldCodes();
    expect(held.isNew('SN-1', 0)).toBe(true);
    expect(held.isNew('SN-2', 40)).toBe(true);
    expect(held.isNew('SN-1', 80)).toBe(false);
    expect(held.isNew('SN-2', 120)).toBe(false);
    expect(held.isNew('SN-3', 160)).toBe(true);
  });
});

describe('a keyboard-wedge scanner', () => {
  it('ends a code with Enter or Tab', () => {
    expect(isTerminator('Enter')).toBe(true);
    expect(isTerminator('Tab')).toBe(true);
    expect(isTerminator('A')).toBe(false);
    expect(isTerminator('Unidentified')).toBe(false);
  });

  it('takes the codes a line break or a tab ends inside the text, and keeps what is still typed', () => {
    expect(splitWedgeText('SN-0001')).toEqual({ codes: [], rest: 'SN-0001' });
    expect(splitWedgeText('SN-0001\r\n')).toEqual({ codes: ['SN-0001'], rest: '' });
    expect(splitWedgeText('SN-0001\tSN-0002\nSN-00')).toEqual({
      codes: ['SN-0001', 'SN-0002'],
      rest: 'SN-00',
    });
    expect(splitWedgeText('\n\n')).toEqual({ codes: [], rest: '' });
  });
});

describe('a code judged', () => {
  const never = (): KeyedMessage | null => null;
  const notInStock = (serial: string): KeyedMessage => ({ key: 'serial.notInStock', params: { serial } });

  it('is taken in its one form when the caller allows it', () => {
    expect(judgeCode(' sn-0001\r', [], never)).toEqual({ outcome: 'accepted', serial: 'SN-0001' });
  });

  it('is refused as not a serial before the caller is asked', () => {
    let asked = false;
    const judgement = judgeCode('x!', [], () => ((asked = true), null));
    expect(judgement).toEqual({
      outcome: 'refused',
      serial: null,
      message: { key: 'serial.invalid', params: { serial: 'x!' } },
    });
    expect(asked).toBe(false);
  });

  it('is refused as already scanned when it is in the list (a list or a set), in any case', () => {
    const expected = {
      outcome: 'refused',
      serial: 'SN-0001',
      message: { key: 'serial.alreadyScanned', params: { serial: 'SN-0001' } },
    };
    expect(judgeCode('sn-0001', ['SN-0001'], never)).toEqual(expected);
    expect(judgeCode('SN-0001', new Set(['SN-0001']), never)).toEqual(expected);
  });

  it("is refused with the caller's reason", () => {
    expect(judgeCode('SN-0009', ['SN-0001'], notInStock)).toEqual({
      outcome: 'refused',
      serial: 'SN-0009',
      message: { key: 'serial.notInStock', params: { serial: 'SN-0009' } },
    });
  });

  it('the caller is given the one form', () => {
    const asked: string[] = [];
    judgeCode('  ab-12/x ', [], (serial) => (asked.push(serial), null));
    expect(asked).toEqual(['AB-12/X']);
  });
});

describe('the serials listed', () => {
  it('are the last five taken, newest first', () => {
    expect(recentSerials(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'])).toEqual(['A7', 'A6', 'A5', 'A4', 'A3']);
    expect(recentSerials(['A1'])).toEqual(['A1']);
  });
});
