// The tables' CSV export (src/lib/csv.ts) against hand-written output.
import fc from 'fast-check';
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

// How a spreadsheet with another list separator reads the file: the line is
// split on that separator; a quote opens a quoted cell only at the start of a
// cell; a line break outside such a quote ends the row.
function readAsSpreadsheet(text: string, separator: string): string[] {
  const cells: string[] = [];
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
    }
    while (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n')
      cell += text[i++];
    cells.push(cell);
    i++;
  }
  return cells;
}

const startsFormula = (cell: string) => /^[=+\-@]/.test(cell.replace(/^\s+/, ''));

describe('CSV read with another list separator (issue 27, finding 10)', () => {
  it.each([
    ['x;=1+1', '"x;\'=1+1"'],
    ['x; =1+1', '"x; \'=1+1"'],
    ['x;"=1+1"', '"x;""\'=1+1"""'],
    ['a\t@cmd', '"a\t\'@cmd"'],
    ['baris\n-2+3', '"baris\n\'-2+3"'],
    ['Rak A;B', '"Rak A;B"'],
    ['TV 65-inch', 'TV 65-inch'],
    [' =1+1', "' =1+1"],
  ])('%j -> %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('no cell of an exported table starts a formula, whatever the separator', () => {
    const piece = fc.constantFrom('=', '+', '-', '@', ';', ',', '\t', '\r', '\n', '"', ' ', 'x', '1', "'");
    const field = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { maxLength: 4 }), (rows) => {
        const text = toCsv(['Catatan', 'Gudang'], rows);
        for (const separator of [',', ';', '\t']) {
          const bad = readAsSpreadsheet(text, separator).filter(startsFormula);
          expect(bad, `separator ${JSON.stringify(separator)} in ${JSON.stringify(text)}`).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
