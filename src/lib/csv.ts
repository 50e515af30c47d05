// CSV for the tables' 'Export CSV' (RFC 4180): fields with a comma, a quote or
// a line break are quoted and their quotes doubled; lines end in CRLF; a
// UTF-8 byte order mark makes spreadsheet programs read Indonesian text right.
// A field that a spreadsheet would run as a formula (starting with = + - @,
// or a tab or carriage return) is prefixed with a single quote: exported data
// is not code.
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
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
