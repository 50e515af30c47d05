// Whether a screen's tables have arrived on this device (src/lib/tables-arrived.ts, issue 29).
import { describe, expect, it } from 'vitest';
import type { TableProgress } from '../../sync/pure';
import { tablesArrived } from '../../src/lib/tables-arrived';

const progress = (table: TableProgress['table'], arrived: boolean, done = 10): TableProgress => ({
  table,
  done,
  total: 20,
  arrived,
});

describe('tablesArrived', () => {
  it('is true for every table once the device finished a sync round', () => {
    expect(tablesArrived({ lastSyncedAt: '2026-11-26T10:00:00Z', firstSync: null }, ['shipments'])).toBe(
      true,
    );
  });

  it('is false before the first round says which tables it pulls', () => {
    expect(tablesArrived({ lastSyncedAt: null, firstSync: null }, ['hubs'])).toBe(false);
  });

  it('during the first sync, is true only when every table asked for was pulled to its end', () => {
    const status = {
      lastSyncedAt: null,
      firstSync: [progress('hubs', true, 20), progress('inventory', false), progress('shipments', false, 0)],
    };
    expect(tablesArrived(status, ['hubs'])).toBe(true);
    expect(tablesArrived(status, ['hubs', 'inventory'])).toBe(false);
    expect(tablesArrived(status, ['shipments'])).toBe(false);
  });

  it('counts a table the first round does not pull (pulled before, or nothing to read) as arrived', () => {
    const status = { lastSyncedAt: null, firstSync: [progress('inventory', false)] };
    expect(tablesArrived(status, ['vendors', 'profiles'])).toBe(true);
    expect(tablesArrived(status, [])).toBe(true);
  });

  it('does not take equal counts for an arrival: an empty table still being pulled has not arrived', () => {
    const status = {
      lastSyncedAt: null,
      firstSync: [{ table: 'containers', done: 0, total: 0, arrived: false } as const],
    };
    expect(tablesArrived(status, ['containers'])).toBe(false);
  });

  it("'all': every table of the first sync pulled to its end", () => {
    const pulling = { lastSyncedAt: null, firstSync: [progress('hubs', true), progress('inventory', false)] };
    expect(tablesArrived(pulling, 'all')).toBe(false);
    expect(tablesArrived({ lastSyncedAt: null, firstSync: [progress('hubs', true)] }, 'all')).toBe(true);
    expect(tablesArrived({ lastSyncedAt: null, firstSync: null }, 'all')).toBe(false);
    expect(tablesArrived({ lastSyncedAt: '2026-11-26T10:00:00Z', firstSync: null }, 'all')).toBe(true);
  });
});
