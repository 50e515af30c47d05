// Issue 42: the factory's packing list read as serials (src/features/inventory/serial-import.ts):
// one a line or the serial column, in any separator, and each judged before anything is sent.
import { describe, expect, it } from 'vitest';
import { chunks, planImport, serialsOfCsv } from '../../src/features/inventory/serial-import';

describe('a packing list read as serials', () => {
  it('one a line, blank lines and a byte order mark left out', () => {
    expect(serialsOfCsv('\uFEFFSN-0001\r\nSN-0002\n\n  sn-0003  \n')).toEqual([
      'SN-0001',
      'SN-0002',
      'sn-0003',
    ]);
  });

  it('the column named serial, nomor_seri or sn, in any case and separator', () => {
    expect(serialsOfCsv('model,Serial,qty\nSB-75,SN-0001,1\nSB-75,"SN-0002",1\n')).toEqual([
      'SN-0001',
      'SN-0002',
    ]);
    expect(serialsOfCsv('No;Nomor_Seri\n1;SN-0001\n2;SN-0002')).toEqual(['SN-0001', 'SN-0002']);
    expect(serialsOfCsv('sn\tmodel\nSN-0001\tSB-75')).toEqual(['SN-0001']);
  });

  it('a first line with no digit is a header of another name', () => {
    expect(serialsOfCsv('Barcode\nSN-0001\n')).toEqual(['SN-0001']);
    expect(serialsOfCsv('SN-0001\nSN-0002')).toEqual(['SN-0001', 'SN-0002']);
  });

  it('nothing in an empty file', () => {
    expect(serialsOfCsv('')).toEqual([]);
    expect(serialsOfCsv('serial\n')).toEqual([]);
  });
});

describe('an import planned', () => {
  it('adds each new serial once in its one form, and says why the others are refused', () => {
    const plan = planImport(
      ['sn-0001', 'SN-0002', 'SN-0001', 'x', 'SN-0003', 'SN-0004'],
      new Set(['SN-0002']),
      new Set(['SN-0004']),
    );
    expect(plan.add).toEqual(['SN-0001', 'SN-0003']);
    expect(plan.refused).toEqual([
      { raw: 'SN-0002', message: { key: 'serial.alreadyRegistered', params: { serial: 'SN-0002' } } },
      { raw: 'SN-0001', message: { key: 'serial.alreadyScanned', params: { serial: 'SN-0001' } } },
      { raw: 'x', message: { key: 'serial.invalid', params: { serial: 'x' } } },
      { raw: 'SN-0004', message: { key: 'serial.alreadyScanned', params: { serial: 'SN-0004' } } },
    ]);
  });

  it('sends at most so many at once', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 500)).toEqual([]);
  });
});
