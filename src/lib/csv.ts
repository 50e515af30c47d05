// CSV for the tables' 'Export CSV' (RFC 4180): fields with a comma, a quote or
// a line break are quoted and their quotes doubled; lines end in CRLF; a
// UTF-8 byte order mark makes spreadsheet programs read Indonesian text right.
// A field that a spreadsheet would run as a formula (starting with = + - @,
// after spaces or quotes too, or with a tab or carriage return) is prefixed with a single quote: exported data
// is not code.
//
// In any list separator: a spreadsheet set to Indonesian (or most European)
// regional settings splits lines on ';', not ',', and takes a quote as a
// quote only at the start of a cell, so text such as `x;=1+1` (quoted or not)
// would start a cell with a formula there. A separator (',' ';' or a tab) or a
// line break (such a reader may take it outside a quote) followed, after
// spaces or quotes, by = + - @ gets the same single quote before that
// character; fields holding ';' or a tab are quoted as well.
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA = /^(?:[\t\r]|[\s"]*[=+\-@])/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n][\s"]*)([=+\-@])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    if (FORMULA.test(text)) text = `'${text}`;
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves text as a file through the browser (the export buttons). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
