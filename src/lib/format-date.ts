// Dates as spec 9 shows them: dd/MM/yyyy in the inventory form, yyyy-MM-dd when
// stored, dd MMM yyyy elsewhere with the Indonesian locale; times and created
// dates in the id-ID locale.
import { format, formatDistanceStrict, isValid, parseISO } from 'date-fns';
import { id as idLocale } from 'date-fns/locale';

export type DateInput = Date | string | number | null | undefined;

/** Shown where a date is missing or cannot be read. */
export const NO_DATE = '-';

/** Parses a Date, an ISO string (yyyy-MM-dd is a local calendar day) or epoch milliseconds. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** dd/MM/yyyy: the inventory form's date (spec 2.5). */
export function formatFormDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy') : NO_DATE;
}

/** yyyy-MM-dd: how a calendar day is sent to the server (spec 3, inventory.date_recorded). */
export function formatStorageDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'yyyy-MM-dd') : NO_DATE;
}

/** dd MMM yyyy in Indonesian, e.g. 05 Agt 2026: every other date (spec 9). */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, 'dd MMM yyyy', { locale: idLocale }) : NO_DATE;
}

// Made once: toLocale*String builds a formatter on every call, a cost a list of cards repeats.
const CREATED_DATE = new Intl.DateTimeFormat('id-ID');
const TIME = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });

/** A created date in the id-ID locale, e.g. 5/8/2026 (spec 2.8). */
export function formatCreatedDate(value: DateInput): string {
  const date = toDate(value);
  return date ? CREATED_DATE.format(date) : NO_DATE;
}

/** Date and time in the id-ID locale, e.g. 05 Agt 2026 14.30. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${TIME.format(date)}` : NO_DATE;
}

/** How long ago, e.g. '3 minutes ago' (the sync panel's ages). */
export function formatAge(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' });
}
