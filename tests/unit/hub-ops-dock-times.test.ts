// Dock times (issue 6, beyond the spec): queue wait, loading, unloading, and today's averages.
import { describe, expect, it } from 'vitest';
import {
  arrivalWait,
  average,
  formatDuration,
  loadingTime,
  queueWait,
  span,
  todayAverages,
  unloadingTime,
} from '../../src/features/hub-ops/dock-times';

const at = (hhmm: string, day = '2026-11-21') => `${day}T${hhmm}:00.000Z`;
const now = Date.parse(at('08:00')); // 15:00 in Jakarta

describe('spans', () => {
  it('measures to the end, or to now while running', () => {
    expect(span(at('07:00'), at('07:30'), now)).toEqual({ ms: 30 * 60_000, running: false });
    expect(span(at('07:00'), null, now)).toEqual({ ms: 60 * 60_000, running: true });
    expect(span(null, at('07:00'), now)).toBeNull();
    expect(span(at('07:30'), at('07:00'), now)).toBeNull();
    // A running span that starts a little after this device's "now" has just started.
    expect(span(at('08:00'), null, now - 30_000)).toEqual({ ms: 0, running: true });
    // Server timestamps carry microseconds and an offset.
    expect(span('2026-11-21T07:00:00.123456+00:00', '2026-11-21T14:10:00.123+07:00', now)?.ms).toBe(
      10 * 60_000,
    );
  });

  const vehicle = {
    queued_at: at('06:00'),
    loading_started_at: at('06:20'),
    loading_finished_at: null,
    siap_muat: false,
    sedang_muat: true,
  };

  it('a vehicle: queue wait until Proses Muat, loading while it runs', () => {
    expect(queueWait(vehicle, now)).toEqual({ ms: 20 * 60_000, running: false });
    expect(loadingTime(vehicle, now)).toEqual({ ms: 100 * 60_000, running: true });
  });

  it('a vehicle still in the queue waits up to now; one that moved on without times shows nothing', () => {
    const queued = { ...vehicle, loading_started_at: null, siap_muat: true, sedang_muat: false };
    expect(queueWait(queued, now)).toEqual({ ms: 120 * 60_000, running: true });
    expect(loadingTime(queued, now)).toBeNull();
    const left = { ...vehicle, sedang_muat: false };
    expect(loadingTime(left, now)).toBeNull();
  });

  it('a shipment: waiting after arrival, then unloading', () => {
    const s = {
      status: 'sedang_bongkar',
      arrival_gdt: at('05:00'),
      unloading_started_at: at('05:45'),
      unloading_finished_at: null,
    };
    expect(arrivalWait(s, now)).toEqual({ ms: 45 * 60_000, running: false });
    expect(unloadingTime(s, now)).toEqual({ ms: 135 * 60_000, running: true });
    // Seed data that went to selesai without the times shows no running span.
    expect(unloadingTime({ ...s, status: 'selesai', unloading_started_at: null }, now)).toBeNull();
    expect(arrivalWait({ ...s, status: 'selesai', unloading_started_at: null }, now)).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 detik'],
    [45_000, '45 detik'],
    [60_000, '1 menit'],
    [59 * 60_000 + 59_000, '59 menit'],
    [60 * 60_000, '1 jam'],
    [125 * 60_000, '2 jam 5 menit'],
    [24 * 3600_000, '1 hari'],
    [27 * 3600_000 + 5 * 60_000, '1 hari 3 jam'],
    [-5_000, '0 detik'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("today's averages", () => {
  it('averages the spans that finished today (Jakarta day), nothing else', () => {
    const vehicles = [
      // today: waited 20 min, loaded 40 min
      {
        queued_at: at('01:00'),
        loading_started_at: at('01:20'),
        loading_finished_at: at('02:00'),
        siap_muat: false,
        sedang_muat: false,
      },
      // today: waited 40 min, still loading (not counted)
      {
        queued_at: at('06:00'),
        loading_started_at: at('06:40'),
        loading_finished_at: null,
        siap_muat: false,
        sedang_muat: true,
      },
      // yesterday in Jakarta (16:00Z the day before is 23:00 WIB): not counted
      {
        queued_at: at('15:00', '2026-11-20'),
        loading_started_at: at('16:00', '2026-11-20'),
        loading_finished_at: at('16:30', '2026-11-20'),
        siap_muat: false,
        sedang_muat: false,
      },
      // still queued: not counted
      {
        queued_at: at('07:00'),
        loading_started_at: null,
        loading_finished_at: null,
        siap_muat: true,
        sedang_muat: false,
      },
    ];
    const shipments = [
      {
        status: 'selesai',
        arrival_gdt: at('00:30'),
        unloading_started_at: at('01:00'),
        unloading_finished_at: at('01:30'),
      },
      {
        status: 'selesai',
        arrival_gdt: at('02:00'),
        unloading_started_at: at('02:10'),
        unloading_finished_at: at('03:40'),
      },
      {
        status: 'sedang_bongkar',
        arrival_gdt: at('04:00'),
        unloading_started_at: at('04:10'),
        unloading_finished_at: null,
      },
    ];
    expect(todayAverages(vehicles, shipments, now)).toEqual({
      queueWait: { ms: 30 * 60_000, count: 2 },
      loading: { ms: 40 * 60_000, count: 1 },
      unloading: { ms: 60 * 60_000, count: 2 },
    });
  });

  it('no samples, no average', () => {
    expect(average([])).toEqual({ ms: null, count: 0 });
    expect(todayAverages([], [], now).unloading).toEqual({ ms: null, count: 0 });
  });
});
