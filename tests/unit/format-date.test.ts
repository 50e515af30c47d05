// The one date, time and number format (issue 30), with hand-computed cases:
// WIB is UTC+7 and WITA UTC+8, neither with daylight saving.
import { afterEach, describe, expect, it } from 'vitest';
import {
  displayLocale,
  formatAge,
  formatDate,
  formatDateTime,
  formatFormDate,
  formatNumber,
  formatPercent,
  formatStorageDate,
  formatTime,
  NO_DATE,
  setDisplayLocale,
} from '../../src/lib/format-date';
import { WIB, WIT, WITA, zoneOfHub, zoneOfPlace } from '../../src/lib/time-zone';

// Local clock times, so the device-zone cases do not depend on the machine's time zone.
const AUG_5 = new Date(2026, 7, 5, 14, 30);

afterEach(() => setDisplayLocale('id-ID'));

describe('dates and times (issue 30: one format)', () => {
  it('defaults to Indonesian', () => {
    expect(displayLocale()).toBe('id-ID');
  });

  it('dd/MM/yyyy in the date picker, yyyy-MM-dd stored', () => {
    expect(formatFormDate(AUG_5)).toBe('05/08/2026');
    expect(formatFormDate('2026-01-31')).toBe('31/01/2026');
    expect(formatStorageDate(AUG_5)).toBe('2026-08-05');
    expect(formatStorageDate('2026-01-31')).toBe('2026-01-31');
  });

  it('dd MMM yyyy with Indonesian months', () => {
    expect(formatDate(AUG_5)).toBe('05 Agu 2026');
    expect(formatDate('2026-05-17')).toBe('17 Mei 2026');
    expect(formatDate('2026-12-01')).toBe('01 Des 2026');
    expect(formatDate('2026-10-09')).toBe('09 Okt 2026');
  });

  it('a calendar day (an ETA) is that day in any zone', () => {
    expect(formatDate('2026-11-26', WITA)).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26', WIB)).toBe('26 Nov 2026');
    expect(formatStorageDate('2026-11-26', WITA)).toBe('2026-11-26');
  });

  it('24-hour times on the device clock, without a zone', () => {
    expect(formatDateTime(AUG_5)).toBe('05 Agu 2026 14:30');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 5))).toBe('02 Jan 2026 09:05');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 0))).toBe('02 Jan 2026 00:00');
    expect(formatTime(new Date(2026, 0, 2, 23, 59))).toBe('23:59');
  });

  it('one UTC instant on the clock of a WIB hub and of a WITA hub', () => {
    const instant = '2026-11-26T03:55:00Z';
    expect(formatDateTime(instant, WIB)).toBe('26 Nov 2026 10:55 WIB');
    expect(formatDateTime(instant, WITA)).toBe('26 Nov 2026 11:55 WITA');
    expect(formatDateTime(instant, WIT)).toBe('26 Nov 2026 12:55 WIT');
    expect(formatTime(instant, WITA)).toBe('11:55 WITA');
    // An offset in the string is read as the same instant.
    expect(formatDateTime('2026-11-26T10:55:00+07:00', WITA)).toBe('26 Nov 2026 11:55 WITA');
  });

  it('midnight: the day changes at each hub’s own midnight', () => {
    // 16:30Z is 23:30 in Jakarta and 00:30 the next day in Makassar.
    const late = '2026-08-05T16:30:00Z';
    expect(formatDateTime(late, WIB)).toBe('05 Agu 2026 23:30 WIB');
    expect(formatDateTime(late, WITA)).toBe('06 Agu 2026 00:30 WITA');
    expect(formatDate(late, WIB)).toBe('05 Agu 2026');
    expect(formatDate(late, WITA)).toBe('06 Agu 2026');
    expect(formatStorageDate(late, WIB)).toBe('2026-08-05');
    expect(formatStorageDate(late, WITA)).toBe('2026-08-06');
    // 17:00Z is midnight in Jakarta: 00:00, never 24:00.
    expect(formatDateTime('2026-12-31T17:00:00Z', WIB)).toBe('01 Jan 2027 00:00 WIB');
    expect(formatDateTime('2026-12-31T16:59:00Z', WIB)).toBe('31 Des 2026 23:59 WIB');
    expect(formatDateTime('2026-12-31T15:59:00Z', WITA)).toBe('31 Des 2026 23:59 WITA');
    expect(formatDateTime('2026-12-31T16:00:00Z', WITA)).toBe('01 Jan 2027 00:00 WITA');
  });

  it('a dash for missing or unreadable dates', () => {
    for (const value of [null, undefined, '', 'not a date', '2026-02-31']) {
      expect(formatDate(value)).toBe(NO_DATE);
      expect(formatFormDate(value)).toBe(NO_DATE);
      expect(formatDateTime(value, WIB)).toBe(NO_DATE);
      expect(formatTime(value)).toBe(NO_DATE);
    }
  });

  it('ages for the sync panel, in Indonesian', () => {
    const now = new Date(2026, 7, 5, 12, 0, 0);
    expect(formatAge(new Date(2026, 7, 5, 11, 59, 50), now)).toBe('baru saja');
    expect(formatAge(new Date(2026, 7, 5, 11, 57, 0), now)).toBe('3 menit yang lalu');
    expect(formatAge(new Date(2026, 7, 5, 9, 0, 0), now)).toBe('3 jam yang lalu');
  });
});

describe('numbers (issue 30)', () => {
  it('groups thousands with a dot and decimals with a comma (id-ID)', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1.000');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(-1500)).toBe('-1.500');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(null)).toBe(NO_DATE);
    expect(formatNumber(Number.NaN)).toBe(NO_DATE);
  });
  it('a fixed number of decimals, and percentages', () => {
    expect(formatNumber(1536 / 1024, 1)).toBe('1,5');
    expect(formatNumber(5, 1)).toBe('5,0');
    expect(formatNumber(12345.67, 1)).toBe('12.345,7');
    expect(formatPercent('45.5')).toBe('45,5%');
    expect(formatPercent(100)).toBe('100,0%');
    expect(formatPercent(null)).toBe(NO_DATE);
  });
});

describe('English later (en-GB), from the one locale setting', () => {
  it('writes every format in en-GB', () => {
    setDisplayLocale('en-GB');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatPercent('45.5')).toBe('45.5%');
    expect(formatDate('2026-08-05')).toBe('05 Aug 2026');
    expect(formatDate('2026-09-05')).toBe('05 Sep 2026');
    expect(formatDateTime('2026-08-05T16:30:00Z', WITA)).toBe('06 Aug 2026 00:30 WITA');
    expect(formatFormDate('2026-08-05')).toBe('05/08/2026');
    expect(formatAge(new Date(2026, 7, 5, 11, 57, 0), new Date(2026, 7, 5, 12, 0, 0))).toBe('3 minutes ago');
  });
});

describe('the zone of a hub', () => {
  it('the seeded hubs: Java in WIB, Makassar in WITA', () => {
    expect(zoneOfHub({ name: 'Hub Karawang', city: 'Karawang', type: 'karawang' })).toBe(WIB);
    expect(zoneOfHub({ name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang' })).toBe(WIB);
    expect(zoneOfHub({ name: 'Hub PolJak', city: 'Jakarta', type: 'poljak' })).toBe(WIB);
    expect(zoneOfHub({ name: 'Hub PolSub', city: 'Surabaya', type: 'polsub' })).toBe(WIB);
    expect(zoneOfHub({ name: 'POD Makassar', city: 'Makassar', type: 'pod' })).toBe(WITA);
  });

  it('a POD without a city by its name; an unknown hub in WIB', () => {
    expect(zoneOfHub({ name: 'POD Makassar', city: null, type: 'pod' })).toBe(WITA);
    expect(zoneOfHub({ name: 'POD Jayapura', city: ' ', type: 'pod' })).toBe(WIT);
    expect(zoneOfHub({ name: 'Hub Baru', city: null, type: 'hub' })).toBe(WIB);
    expect(zoneOfHub(null)).toBe(WIB);
  });

  it('whole place names only', () => {
    expect(zoneOfPlace('Labuan Bajo')).toBe(WITA);
    expect(zoneOfPlace('Bau-Bau')).toBe(WITA);
    expect(zoneOfPlace('Kota Ambon')).toBe(WIT);
    expect(zoneOfPlace('Kendal')).toBe(WIB);
    expect(zoneOfPlace('Medan')).toBe(WIB);
    expect(zoneOfPlace('')).toBe(WIB);
  });
});
