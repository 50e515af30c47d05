// The locale every date, time and number is written in (format-date.ts writes them): set by the
// language (src/lib/i18n), apart from format-date.ts so the first screen sets it without date-fns
// (issue 43).

export type DisplayLocale = 'id-ID' | 'en-GB';

let locale: DisplayLocale = 'id-ID';

/** The locale every formatter writes in. */
export function displayLocale(): DisplayLocale {
  return locale;
}

/** Switches every formatter to another locale (the language setting, once there is one). */
export function setDisplayLocale(next: DisplayLocale): void {
  locale = next;
}

/**
 * Formats in `fixed` whatever the app's language: a document (the surat jalan, the BAST) is in
 * Bahasa Indonesia on every device. Synchronous, so no other formatting sees the change.
 */
export function inLocale<T>(fixed: DisplayLocale, format: () => T): T {
  const before = locale;
  locale = fixed;
  try {
    return format();
  } finally {
    locale = before;
  }
}
