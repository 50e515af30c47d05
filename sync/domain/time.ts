// Times as the product shows and books them: Jakarta time (WIB, UTC+7, no
// daylight saving). Twins of public.dm_jakarta_date and public.dm_format_wib.

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

function wib(iso: string): Date {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Not a timestamp: ${iso}`);
  return new Date(ms + WIB_OFFSET_MS);
}

/** The business date (yyyy-MM-dd) of an instant in Jakarta: inventory rows are dated so. */
export function jakartaDate(iso: string): string {
  return wib(iso).toISOString().slice(0, 10);
}

/** '21 Nov 2026 14:05 WIB', as the conflict messages name a time. */
export function formatWib(iso: string): string {
  const d = wib(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} WIB`
  );
}

/**
 * Microseconds since the epoch of a server or device timestamp
 * ('2026-11-21T07:05:00.123456+00:00' or '2026-11-21T07:05:00.123Z'), so rows
 * order by created_at exactly as Postgres orders them.
 */
export function instantMicros(iso: string): number {
  const m = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(iso);
  if (!m) throw new Error(`Not a timestamp: ${iso}`);
  let zone = m[3] ?? 'Z';
  if (/^[+-]\d{2}$/.test(zone)) zone += ':00';
  const seconds = Date.parse(`${m[1]!.replace(' ', 'T')}${zone}`);
  if (Number.isNaN(seconds)) throw new Error(`Not a timestamp: ${iso}`);
  return seconds * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}
