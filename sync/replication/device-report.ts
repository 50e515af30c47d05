// The device's report after a successful round (issue 30, "Perlu perhatian"; docs/sync.md
// "The device's report"): report_device_sync(device id, outbox size, app version), at most
// once per interval. The server stamps the time, so tower control sees when this device last
// synced by the server's clock, and how much work it still held. The device id is made once
// per user's store on this device (meta 'deviceId') and goes with the store at sign-out.
// A report that fails is tried again after a later round; it never fails a round.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Local } from '../db/database';

export const REPORT_INTERVAL_MS = 60_000;
/** The largest outbox the server takes in a report (report_device_sync, issue 40). */
export const MAX_REPORTED_OUTBOX = 100_000;
const DEVICE_ID_KEY = 'deviceId';

export interface DeviceReportOptions {
  /** Shown to tower control beside the device (at most 64 characters). */
  appVersion?: string;
  /** At most one report per this many ms (0: never report). */
  intervalMs?: number;
}

export class DeviceReporter {
  private lastReportAt = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly supabase: SupabaseClient,
    private readonly local: Local,
    private readonly options: DeviceReportOptions = {},
  ) {}

  /** After a successful round: reports unless one was sent within the interval (or is on its way). */
  afterRound(): Promise<void> {
    const interval = this.options.intervalMs ?? REPORT_INTERVAL_MS;
    if (interval <= 0 || this.running || Date.now() - this.lastReportAt < interval) {
      return this.running ?? Promise.resolve();
    }
    this.running = this.report()
      .then(() => {
        this.lastReportAt = Date.now();
      })
      .catch((error: unknown) => {
        console.warn('sync: the device report failed; the next round tries again', error);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Resolves once a report on its way has ended (stop() waits for it before closing the store). */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async deviceId(): Promise<string> {
    const known = await this.local.store.getMeta<string>(DEVICE_ID_KEY);
    if (known) return known;
    const made = crypto.randomUUID();
    await this.local.store.setMeta(DEVICE_ID_KEY, made);
    return made;
  }

  private async report(): Promise<void> {
    const outbox = await this.local.store.outbox.where('state').equals('pending').count();
    const { error } = await this.supabase.rpc('report_device_sync', {
      p_device_id: await this.deviceId(),
      p_outbox_size: Math.min(outbox, MAX_REPORTED_OUTBOX),
      p_app_version: this.options.appVersion?.slice(0, 64) ?? null,
    });
    if (error) throw new Error(error.message);
  }
}
