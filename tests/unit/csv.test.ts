// The tables' CSV export (src/lib/csv.ts) against hand-written output.
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../src/lib/csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf', '"cr\rlf"'],
    [12, '12'],
    [-7, '-7'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+62 812', "'+62 812"],
    ['-12', "'-12"],
    ['@cmd', "'@cmd"],
    ['=1,2', `"'=1,2"`],
    ['Gudang Cikarang – Bekasi', 'Gudang Cikarang – Bekasi'],
  ])('%j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and CRLF lines', () => {
    expect(
      toCsv(
        ['Batch', 'TV', 'Catatan'],
        [
          ['KRW-1', 12, 'ok'],
          ['KRW-2', 0, 'a, "b"'],
        ],
      ),
    ).toBe('\uFEFFBatch,TV,Catatan\r\nKRW-1,12,ok\r\nKRW-2,0,"a, ""b"""\r\n');
  });

  it('writes just the header for no rows', () => {
    expect(toCsv(['A', 'B'], [])).toBe('\uFEFFA,B\r\n');
  });
});
