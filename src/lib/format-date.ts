// The one place dates, times and numbers are written for people (issue 30):
// every screen calls these, none calls toLocale*String or Intl itself.
//   a day          26 Nov 2026          (dd MMM yyyy, the spec's "elsewhere" format)
//   a time         14:05  /  14:05 WIB  (24-hour; with the hub's zone where times cross hubs)
//   a day and time 26 Nov 2026 14:05 WITA
//   a number       1.234.567            (id-ID grouping)
//   in a picker    26/11/2026           (dd/MM/yyyy, spec 2.5), yyyy-MM-dd when stored or in an address
// The time is written with a colon, as the server's messages write it (public.dm_format_wib,
// sync/domain/time.ts formatWib), so a refusal and a screen read the same.
// The locale comes from one place (displayLocale), ready for English (en-GB).
import { formatDistanceStrict, isValid, parseISO } from 'date-fns';
import { enGB, id as idLocale } from 'date-fns/locale';
import { displayLocale, type DisplayLocale } from './display-locale';
import { zoneLabel, type TimeZone } from './time-zone';

// The locale's own module (issue 43: the language is set on the first screen, which writes no
// date and so does not carry date-fns); every formatter here reads it.
export { displayLocale, inLocale, setDisplayLocale, type DisplayLocale } from './display-locale';

export type DateInput = Date | string | number | null | undefined;

/** Shown where a date is missing or cannot be read. */
export const NO_DATE = '-';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a Date, an ISO string (yyyy-MM-dd is a local calendar day) or epoch milliseconds. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

// Formatters are made once per locale and zone: building one costs more than using it,
// and a list of cards formats hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = displayLocale();
  const key = `${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formatters.set(key, f);
  }
  return f;
}

interface Parts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

/** The fields of an instant as a clock in `timeZone` (the device's when absent) shows it. */
function partsOf(date: Date, timeZone: string | undefined): Parts {
  const parts = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const p of dateTimeFormat(timeZone).formatToParts(date)) {
    if (p.type in parts) parts[p.type as keyof Parts] = p.value;
  }
  // en-GB writes September 'Sept'; one format keeps three letters.
  parts.month = parts.month.replace(/\.$/, '').slice(0, 3);
  return parts;
}

/**
 * The calendar day a value names: a yyyy-MM-dd string is that day wherever the device is
 * (an ETA, a date recorded); an instant is its day in `timeZone` (the device's when absent).
 */
function dayParts(value: DateInput, timeZone?: TimeZone): Parts | null {
  if (typeof value === 'string') {
    const m = DAY_ONLY.exec(value);
    if (m) {
      if (!toDate(value)) return null;
      const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return partsOf(date, 'UTC');
    }
  }
  const date = toDate(value);
  return date ? partsOf(date, timeZone) : null;
}

/** dd/MM/yyyy: what the date picker shows (spec 2.5). */
export function formatFormDate(value: DateInput): string {
  const day = formatStorageDate(value);
  if (day === NO_DATE) return NO_DATE;
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const storageDays = new Map<string, Intl.DateTimeFormat>();

/**
 * yyyy-MM-dd: a calendar day as it is stored and put in an address (spec 3,
 * inventory.date_recorded); an instant's day in `timeZone` (the device's when absent).
 */
export function formatStorageDate(value: DateInput, timeZone?: TimeZone): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return toDate(value) ? value : NO_DATE;
  const date = toDate(value);
  if (!date) return NO_DATE;
  if (!timeZone) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  let f = storageDays.get(timeZone);
  if (!f) {
    // en-CA writes yyyy-MM-dd.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    storageDays.set(timeZone, f);
  }
  return f.format(date);
}

/** A day, e.g. 05 Agu 2026; an instant's day where `timeZone` is (the device's when absent). */
export function formatDate(value: DateInput, timeZone?: TimeZone): string {
  const p = dayParts(value, timeZone);
  return p ? `${p.day} ${p.month} ${p.year}` : NO_DATE;
}

/** A 24-hour time, e.g. 14:05, or 14:05 WITA in a hub's zone. */
export function formatTime(value: DateInput, timeZone?: TimeZone): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  const p = partsOf(date, timeZone);
  return withZone(`${p.hour}:${p.minute}`, timeZone);
}

/**
 * A day and a 24-hour time, e.g. 05 Agu 2026 14:05; with a hub's zone, the clock there
 * and its name (05 Agu 2026 15:05 WITA), as every time that crosses hubs is shown.
 */
export function formatDateTime(value: DateInput, timeZone?: TimeZone): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  const p = partsOf(date, timeZone);
  return withZone(`${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`, timeZone);
}

function withZone(text: string, timeZone: TimeZone | undefined): string {
  return timeZone ? `${text} ${zoneLabel(timeZone)}` : text;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count or quantity with the locale's grouping, e.g. 1.234.567 (id-ID); with `fractionDigits`,
 * exactly that many decimals after the locale's comma (45,5).
 */
export function formatNumber(value: number | null | undefined, fractionDigits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_DATE;
  const locale = displayLocale();
  const key = `${locale}|${fractionDigits ?? ''}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      fractionDigits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** A percentage with one decimal, e.g. 45,5% (the hub cards' fill). */
export function formatPercent(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return n === null || n === undefined || !Number.isFinite(n) ? NO_DATE : `${formatNumber(n, 1)}%`;
}

const JUST_NOW: Record<DisplayLocale, string> = { 'id-ID': 'baru saja', 'en-GB': 'just now' };

/** How long ago, e.g. '3 menit yang lalu' (the sync panel's ages). */
export function formatAge(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  const locale = displayLocale();
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return JUST_NOW[locale];
  return formatDistanceStrict(date, now, {
    addSuffix: true,
    roundingMethod: 'floor',
    locale: locale === 'en-GB' ? enGB : idLocale,
  });
}
