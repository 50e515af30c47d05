// Issue 42: the factory's packing list, imported at a hub that tracks TVs by serial. A CSV (or a
// plain list) read as serials: one a line, or the column named serial, nomor_seri, no_seri or sn
// (any case) when the first line names one; separated by comma, semicolon or tab (a spreadsheet
// set to Indonesian saves with ';'); quotes as RFC 4180. Each is then judged as the scanner
// judges a code (its one form, not twice in the list, not registered yet): the screen shows how
// many will be added and which are refused and why, before anything is sent.
import { normalizeSerial, type KeyedMessage } from '../../../sync/pure';

const HEADERS = ['serial', 'nomor_seri', 'no_seri', 'sn', 'serial_number', 'nomor seri'];

/** The fields of one line, in the separator the line uses most. */
function fields(line: string): string[] {
  const separator = [',', ';', '\t'].reduce(
    (best, s) => (line.split(s).length > line.split(best).length ? s : best),
    ',',
  );
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === separator) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/** The serials as written in the file, in order (blank lines left out). */
export function serialsOfCsv(text: string): string[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const header = fields(lines[0]!).map((h) => h.toLowerCase());
  const column = header.findIndex((h) => HEADERS.includes(h));
  if (column >= 0)
    return lines
      .slice(1)
      .map((line) => fields(line)[column] ?? '')
      .filter((s) => s !== '');
  // No header naming a serial column: the first field of each line; a first line with no digit
  // is a header of another name ("Barcode", "Serial Number") and is left out.
  const firsts = lines.map((line) => fields(line)[0] ?? '').filter((s) => s !== '');
  return firsts.length > 0 && !/\d/.test(firsts[0]!) ? firsts.slice(1) : firsts;
}

export interface ImportPlan {
  /** The serials to add, in their one form, in the file's order. */
  add: string[];
  /** Those refused, as written, with why. */
  refused: { raw: string; message: KeyedMessage }[];
}

/**
 * What an import would do: each serial judged against those registered already (this device's
 * units) and those already in the list being made (`listed`), and earlier lines of the file.
 */
export function planImport(
  raws: readonly string[],
  registered: ReadonlySet<string>,
  listed: ReadonlySet<string>,
): ImportPlan {
  const add: string[] = [];
  const seen = new Set<string>();
  const refused: ImportPlan['refused'] = [];
  for (const raw of raws) {
    const serial = normalizeSerial(raw);
    const message: KeyedMessage | null =
      serial === null
        ? { key: 'serial.invalid', params: { serial: raw.trim().slice(0, 64) } }
        : registered.has(serial)
          ? { key: 'serial.alreadyRegistered', params: { serial } }
          : listed.has(serial) || seen.has(serial)
            ? { key: 'serial.alreadyScanned', params: { serial } }
            : null;
    if (message) refused.push({ raw, message });
    else {
      seen.add(serial!);
      add.push(serial!);
    }
  }
  return { add, refused };
}

/** A list cut into chunks of at most `size` (register_serials takes MAX_SERIALS at once). */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
