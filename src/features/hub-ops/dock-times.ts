// Dock times, beyond the spec (issue 6): how long a vehicle waited in the
// queue, how long loading took, how long unloading took, from the times the
// commands stamped (vehicles.queued_at, loading_started_at, loading_finished_at;
// shipments.unloading_started_at, unloading_finished_at), and today's averages.
import { jakartaDate, type Shipment, type Vehicle } from '../../../sync/pure';
import { t } from '../../lib/i18n';

export interface Span {
  /** Milliseconds; a span still running is measured up to now. */
  ms: number;
  running: boolean;
}

function ms(value: string | null | undefined): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** From start to end (or to now while it runs); null when it never started or ended before it started. */
export function span(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number,
): Span | null {
  const s = ms(start);
  if (s === null) return null;
  const e = ms(end);
  if (e === null) {
    // Running: a start a moment ahead of this device's clock (the server's time, or a
    // clock refreshed every 30 s) counts as just started.
    return { ms: Math.max(0, now - s), running: true };
  }
  if (e < s) return null;
  return { ms: e - s, running: false };
}

type VehicleTimes = Pick<
  Vehicle,
  'queued_at' | 'loading_started_at' | 'loading_finished_at' | 'siap_muat' | 'sedang_muat'
>;
type ShipmentTimes = Pick<
  Shipment,
  'status' | 'arrival_gdt' | 'unloading_started_at' | 'unloading_finished_at'
>;

/**
 * A span that has no end runs only while its step is the current one; a row
 * that moved on without the end time (older data) shows no span at all.
 */
function stepSpan(start: string | null, end: string | null, current: boolean, now: number): Span | null {
  if (!end && !current) return null;
  return span(start, end, now);
}

/** Waiting in the queue: queued until Proses Muat. */
export const queueWait = (v: VehicleTimes, now: number) =>
  stepSpan(v.queued_at, v.loading_started_at, v.siap_muat && !v.sedang_muat, now);
/** Loading: Proses Muat until Selesai Muat. */
export const loadingTime = (v: VehicleTimes, now: number) =>
  stepSpan(v.loading_started_at, v.loading_finished_at, v.sedang_muat, now);
/** Waiting at the dock after arrival: Confirm Tiba until Mulai Bongkar. */
export const arrivalWait = (s: ShipmentTimes, now: number) =>
  stepSpan(s.arrival_gdt, s.unloading_started_at, s.status === 'confirm_tiba', now);
/** Unloading: Mulai Bongkar until Selesai Bongkar. */
export const unloadingTime = (s: ShipmentTimes, now: number) =>
  stepSpan(s.unloading_started_at, s.unloading_finished_at, s.status === 'sedang_bongkar', now);

/**
 * '45 detik', '12 menit', '2 jam 5 menit', '1 hari 3 jam' (floored), in the device's language
 * ('12 min' in English): read when shown.
 */
export function formatDuration(totalMs: number): string {
  const seconds = Math.max(0, Math.floor(totalMs / 1000));
  if (seconds < 60) return t('hubOps.dock.duration.seconds', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('hubOps.dock.duration.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60
      ? t('hubOps.dock.duration.hoursMinutes', { h: hours, m: minutes % 60 })
      : t('hubOps.dock.duration.hours', { h: hours });
  const days = Math.floor(hours / 24);
  return hours % 24
    ? t('hubOps.dock.duration.daysHours', { d: days, h: hours % 24 })
    : t('hubOps.dock.duration.days', { d: days });
}

export interface Average {
  /** Mean in milliseconds, or null with no samples. */
  ms: number | null;
  count: number;
}

export function average(samples: readonly number[]): Average {
  if (samples.length === 0) return { ms: null, count: 0 };
  return { ms: samples.reduce((a, b) => a + b, 0) / samples.length, count: samples.length };
}

/** Whether an instant falls on the given Jakarta business day (yyyy-MM-dd). */
export function onDay(value: string | null | undefined, day: string): boolean {
  return !!value && ms(value) !== null && jakartaDate(value) === day;
}

export interface TodayAverages {
  queueWait: Average;
  loading: Average;
  unloading: Average;
}

/** A shipment that left a hub, and its vehicle as the device holds it (undefined: not held). */
export interface Departure {
  shipment: Pick<Shipment, 'origin_hub_id' | 'loading_date'>;
  vehicle: (VehicleTimes & { id: string }) | undefined;
}

/** The Jakarta business day (yyyy-MM-dd) of an instant in milliseconds. */
export const dayOf = (now: number) => jakartaDate(new Date(now).toISOString());

/**
 * Issue 41: whose queue and loading count at a hub today. The vehicles in a cycle here now
 * (`here`: queued, loading, waiting for their form, on their way) and the vehicles of every
 * shipment that left this hub today, whatever became of it since (received at another hub,
 * unloaded, closed): their times are still that departure's as long as the vehicle was not
 * queued again after it left (a later cycle elsewhere writes over them). Each vehicle once.
 */
export function cyclesOfToday<V extends VehicleTimes & { id: string }>(
  here: readonly V[],
  departures: readonly Departure[],
  hubId: string,
  now: number,
): Array<V | (VehicleTimes & { id: string })> {
  const day = dayOf(now);
  const cycles = new Map<string, V | (VehicleTimes & { id: string })>(here.map((v) => [v.id, v]));
  for (const { shipment, vehicle } of departures) {
    if (!vehicle || cycles.has(vehicle.id)) continue;
    if (shipment.origin_hub_id !== hubId || !onDay(shipment.loading_date, day)) continue;
    const queued = ms(vehicle.queued_at);
    const left = ms(shipment.loading_date);
    if (queued !== null && left !== null && queued > left) continue;
    cycles.set(vehicle.id, vehicle);
  }
  return [...cycles.values()];
}

/**
 * Today's averages at a hub (Jakarta day of `now`), over finished spans only:
 * queue waits that ended today (Proses Muat today), loadings finished today,
 * unloadings finished today. `vehicles` are those whose cycle of today was at the
 * hub (cyclesOfToday), `shipments` those unloaded at it.
 */
export function todayAverages(
  vehicles: readonly VehicleTimes[],
  shipments: readonly ShipmentTimes[],
  now: number,
): TodayAverages {
  const day = dayOf(now);
  const waits: number[] = [];
  const loads: number[] = [];
  const unloads: number[] = [];
  for (const v of vehicles) {
    const w = queueWait(v, now);
    if (w && !w.running && onDay(v.loading_started_at, day)) waits.push(w.ms);
    const l = loadingTime(v, now);
    if (l && !l.running && onDay(v.loading_finished_at, day)) loads.push(l.ms);
  }
  for (const s of shipments) {
    const u = unloadingTime(s, now);
    if (u && !u.running && onDay(s.unloading_finished_at, day)) unloads.push(u.ms);
  }
  return { queueWait: average(waits), loading: average(loads), unloading: average(unloads) };
}
