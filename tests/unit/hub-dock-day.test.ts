// Issue 41: "Rata-rata hari ini" counts every truck queued and loaded at the hub today,
// whatever happened to it since (cyclesOfToday), against hand-computed cases.
import { describe, expect, it } from 'vitest';
import { cyclesOfToday, todayAverages, type Departure } from '../../src/features/hub-ops/dock-times';

const at = (hhmm: string, day = '2026-11-21') => `${day}T${hhmm}:00.000Z`;
const now = Date.parse(at('08:00')); // 15:00 in Jakarta
const HUB = 'hub-karawang';
const MIN = 60_000;

const vehicle = (id: string, queued: string, started: string, finished: string, flags = {}) => ({
  id,
  queued_at: queued,
  loading_started_at: started,
  loading_finished_at: finished,
  siap_muat: false,
  sedang_muat: false,
  ...flags,
});

// In a cycle here now (waiting for its form): queue 30 min, loading 30 min.
const a = vehicle('a', at('06:00'), at('06:30'), at('07:00'));
// Left today at 07:30 (14:30 WIB), received at Cikarang since: queue 20 min, loading 60 min.
const b = vehicle('b', at('05:00'), at('05:20'), at('06:20'));
const departures: Departure[] = [
  { shipment: { origin_hub_id: HUB, loading_date: at('07:30') }, vehicle: b },
  // Left today at 03:00, then queued again elsewhere at 07:45: its times are that cycle's.
  {
    shipment: { origin_hub_id: HUB, loading_date: at('03:00') },
    vehicle: vehicle('c', at('07:45'), at('07:50'), at('07:55')),
  },
  // Left yesterday in Jakarta (16:30Z on the 20th is 23:30 WIB).
  {
    shipment: { origin_hub_id: HUB, loading_date: at('16:30', '2026-11-20') },
    vehicle: vehicle('d', at('15:00', '2026-11-20'), at('15:10', '2026-11-20'), at('16:00', '2026-11-20')),
  },
  // Left another hub.
  {
    shipment: { origin_hub_id: 'hub-cikarang', loading_date: at('07:00') },
    vehicle: vehicle('e', at('05:00'), at('05:10'), at('06:00')),
  },
  // The same truck as one in a cycle here: counted once.
  { shipment: { origin_hub_id: HUB, loading_date: at('02:00') }, vehicle: a },
  // Its vehicle not on this device.
  { shipment: { origin_hub_id: HUB, loading_date: at('07:00') }, vehicle: undefined },
];

describe('cyclesOfToday', () => {
  it("keeps what left today, whatever became of it, and only that departure's times", () => {
    expect(cyclesOfToday([a], departures, HUB, now).map((v) => v.id)).toEqual(['a', 'b']);
  });

  it('Antri and Muat over both trucks: (30 + 20) / 2 and (30 + 60) / 2', () => {
    expect(todayAverages(cyclesOfToday([a], departures, HUB, now), [], now)).toEqual({
      queueWait: { ms: 25 * MIN, count: 2 },
      loading: { ms: 45 * MIN, count: 2 },
      unloading: { ms: null, count: 0 },
    });
  });

  it('the truck that moved on still counts when nothing is at the hub any more', () => {
    expect(todayAverages(cyclesOfToday([], departures, HUB, now), [], now)).toEqual({
      queueWait: { ms: 20 * MIN, count: 1 },
      loading: { ms: 60 * MIN, count: 1 },
      unloading: { ms: null, count: 0 },
    });
  });

  it('a departure of the day before does not count, even just before midnight in Jakarta', () => {
    const late = Date.parse(at('16:59')); // 23:59 WIB on the 21st
    const next = Date.parse(at('17:01')); // 00:01 WIB on the 22nd
    expect(cyclesOfToday([], departures, HUB, late).map((v) => v.id)).toEqual(['b']);
    expect(cyclesOfToday([], departures, HUB, next)).toEqual([]);
  });
});
