import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatCreatedDate,
  formatDate,
  formatDateTime,
  formatFormDate,
  formatStorageDate,
  NO_DATE,
} from '../../src/lib/format-date';

// Local calendar dates, so the results do not depend on the machine's time zone.
const AUG_5 = new Date(2026, 7, 5, 14, 30);

describe('date formats (spec 9)', () => {
  it('dd/MM/yyyy in the inventory form', () => {
    expect(formatFormDate(AUG_5)).toBe('05/08/2026');
    expect(formatFormDate('2026-01-31')).toBe('31/01/2026');
  });

  it('yyyy-MM-dd for storage', () => {
    expect(formatStorageDate(AUG_5)).toBe('2026-08-05');
  });

  it('dd MMM yyyy in Indonesian elsewhere', () => {
    expect(formatDate(AUG_5)).toBe('05 Agt 2026');
    expect(formatDate('2026-05-17')).toBe('17 Mei 2026');
    expect(formatDate('2026-12-01')).toBe('01 Des 2026');
  });

  it('created dates in the id-ID locale', () => {
    expect(formatCreatedDate(AUG_5)).toBe('5/8/2026');
  });

  it('date and time in the id-ID locale', () => {
    expect(formatDateTime(AUG_5)).toBe('05 Agt 2026 14.30');
    expect(formatDateTime(new Date(2026, 0, 2, 9, 5))).toBe('02 Jan 2026 09.05');
    expect(formatDateTime(null)).toBe(NO_DATE);
  });

  it('a dash for missing or unreadable dates', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(NO_DATE);
      expect(formatFormDate(value)).toBe(NO_DATE);
    }
  });

  it('ages for the sync panel', () => {
    const now = new Date(2026, 7, 5, 12, 0, 0);
    expect(formatAge(new Date(2026, 7, 5, 11, 59, 50), now)).toBe('just now');
    expect(formatAge(new Date(2026, 7, 5, 11, 57, 0), now)).toBe('3 minutes ago');
    expect(formatAge(new Date(2026, 7, 5, 9, 0, 0), now)).toBe('3 hours ago');
  });
});
