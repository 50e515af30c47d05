// One sync round of the leader tab: push the outbox (with a backoff of its own), upload the
// photos, pull every table (a new device's one request sent as the round begins: pull.ts,
// beginPull), reconcile the scope now and then, settle what the pull brought
// back, rebase the view. It never throws: it reports what happened, and tells the scheduler
// when it failed and when its push is due again.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Actor } from './commands/types';
import type { Local } from './db/database';
import { TransientError } from './errors';
import { beginPull, pullAll, xidLess, type TableProgress } from './replication/pull';
import { reconcileScope } from './replication/reconcile';
import { pushOutbox } from './replication/push';
import { rebase } from './replication/view';
import { withWriteLock } from './replication/write-lock';
import type { RoundResult } from './scheduler';
import { backoffMs, drainUploads, type PrepareUpload } from './uploads/queue';
import { pruneWorkingSet } from './replication/working-set';
import { cutoffAt } from './domain/working-set';
import type { UploadEntry } from './db/engine-store';

/**
 * A photo or a command of this device is looked at again no sooner than this (what the 2.5 s
 * probe did before pokes: issue 44): a photo waiting for its receipt to reach the server, or a
 * command the server applied in a transaction the pull has not seen past yet, would otherwise
 * start round after round.
 */
const OWN_WORK_AGAIN_MS = 2_500;

/** What the engine shows of its rounds (status.ts adds the outbox, uploads and conflicts). */
export interface RoundState {
  online: boolean;
  syncing: boolean;
  lastError: string | null;
  lastSyncedAt: string | null;
  firstSync: TableProgress[] | null;
}

export interface RoundContext {
  supabase: SupabaseClient;
  local: Local;
  actor: Actor;
  lockName: string;
  pullBatch?: number;
  reconcileIntervalMs?: number;
  /** How often the device drops what left its working set (ms; after the first round of each start). */
  workingSetIntervalMs?: number;
  /** Records an uploaded photo on its shipment (a command, dispatched like a tap's). */
  recordUpload: (upload: UploadEntry) => Promise<void>;
  /** Readies an upload first (the BAST made again with the server's receipt time: uploads/server-time.ts). */
  prepareUpload?: PrepareUpload;
  state: () => RoundState;
  report: (state: RoundState) => void;
  /** After a successful round, not awaited (the device's report to the server: device-report.ts). */
  afterSync?: () => void;
}

/**
 * Did the network itself fail (no answer at all), as opposed to a server that answered with
 * an error or a bug on the device? Only the first makes the device "offline".
 */
export function isUnreachable(error: unknown): boolean {
  if ((globalThis.navigator as Navigator | undefined)?.onLine === false) return true;
  if (error instanceof TransientError) return error.unreachable;
  // fetch() itself rejects with a TypeError when no connection can be made.
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

export class SyncRounds {
  /** Push backs off on its own: a failing push never stops the pull (issue 9). */
  private pushFailures = 0;
  private pushRetryAt = 0;
  private lastReconcile = 0;
  /** The next round uploads every waiting photo, whatever its backoff (back online). */
  private uploadsNow = false;
  private lastPrune = Number.NEGATIVE_INFINITY;
  /** A dispatch the device refused could not restore the view: the next round rebases. */
  rebaseDue = false;

  constructor(private readonly ctx: RoundContext) {}

  /**
   * The next round pushes and uploads whatever their backoff (a sync asked for by the user,
   * back online): a photo that failed while offline goes up as the network returns.
   */
  pushNow(): void {
    this.pushRetryAt = 0;
    this.uploadsNow = true;
  }

  /**
   * When this device's own work is due again, without waiting for the next pull or a probe
   * (issue 44: with pokes the probe asks once a minute): a push in backoff, a photo whose
   * upload failed, a command the server applied that the pull has not settled yet.
   */
  private async dueInMs(): Promise<number | undefined> {
    const { local } = this.ctx;
    const now = Date.now();
    const due: number[] = [];
    if (this.pushFailures > 0) due.push(Math.max(0, this.pushRetryAt - now));
    for (const upload of await local.store.uploads.where('state').equals('pending').toArray()) {
      due.push(Math.max(OWN_WORK_AGAIN_MS, upload.next_attempt_at - now));
    }
    if ((await local.store.outbox.where('state').equals('applied').count()) > 0) due.push(OWN_WORK_AGAIN_MS);
    return due.length > 0 ? Math.min(...due) : undefined;
  }

  async run(): Promise<RoundResult> {
    const { supabase, local, actor, lockName } = this.ctx;
    this.ctx.report({ ...this.ctx.state(), syncing: true });
    let pushError: string | null = null;
    // A new device's first request goes out now, beside the push and the uploads (pull.ts, beginPull).
    const begun = beginPull(supabase, local, this.ctx.pullBatch);
    begun.catch(() => undefined);
    try {
      let pushed = { applied: 0, rejected: 0 };
      if (Date.now() >= this.pushRetryAt) {
        try {
          pushed = await pushOutbox(supabase, local, lockName);
          this.pushFailures = 0;
        } catch (error) {
          // The pull goes on regardless.
          pushError = error instanceof Error ? error.message : String(error);
          this.pushFailures++;
          this.pushRetryAt = Date.now() + backoffMs(this.pushFailures);
        }
      }
      // Photos go up before the pull: on a patchy network a round often fails in
      // its pull, and the delivery record should not wait for a whole round to pass.
      // (A failed upload waits out its own backoff; it never fails the round.)
      const uploadsBy = this.uploadsNow ? Number.POSITIVE_INFINITY : Date.now();
      this.uploadsNow = false;
      await drainUploads(supabase, local, this.ctx.recordUpload, uploadsBy, this.ctx.prepareUpload);
      const { horizon, fromScratch, cutoff } = await pullAll(
        supabase,
        local,
        lockName,
        (firstSync) => this.ctx.report({ ...this.ctx.state(), firstSync }),
        { batch: this.ctx.pullBatch, begun },
      );
      const reconcileEvery = this.ctx.reconcileIntervalMs ?? 5 * 60_000;
      if (fromScratch) {
        // A new device just pulled everything it may read: the reconcile (every id of every
        // table again) waits for a later round instead of holding up the first screen.
        this.lastReconcile = Date.now() - reconcileEvery + Math.min(reconcileEvery, 60_000);
      } else if (Date.now() - this.lastReconcile > reconcileEvery) {
        await reconcileScope(supabase, local, lockName);
        this.lastReconcile = Date.now();
      }
      // Applied commands whose transaction is below the horizon are in the pulled state now.
      const settled = (await local.store.outbox.where('state').equals('applied').toArray()).filter(
        (e) => e.xid !== null && xidLess(e.xid, horizon),
      );
      if (settled.length > 0 || pushed.rejected > 0 || this.rebaseDue) {
        await withWriteLock(lockName, async () => {
          await local.store.outbox.bulkDelete(settled.map((e) => e.seq!));
          await rebase(local, actor);
        });
        this.rebaseDue = false;
      }
      if (cutoff) await this.pruneWorkingSet(cutoff, fromScratch);
      const now = new Date().toISOString();
      await local.store.setMeta('lastSyncedAt', now);
      this.ctx.report({
        online: true,
        syncing: false,
        lastError: pushError,
        lastSyncedAt: now,
        firstSync: null,
      });
      this.ctx.afterSync?.();
      return { ok: true, dueInMs: await this.dueInMs() };
    } catch (error) {
      this.ctx.report({
        ...this.ctx.state(),
        // Offline only when the network says so; a server error or a local bug is a failed
        // round, shown as an error while the device stays online.
        online: !isUnreachable(error),
        syncing: false,
        lastError: error instanceof Error ? error.message : String(error),
        firstSync: null,
      });
      return { ok: false };
    }
  }

  /**
   * Issue 26: the rows that left the working set leave the view, by the server's cutoff, on
   * the first round of each start (which is also where a device installed before the working
   * set drops its history) and then every hour. A new device's first sync holds only the set.
   */
  private async pruneWorkingSet(cutoff: string, fromScratch: boolean): Promise<void> {
    const { local, lockName } = this.ctx;
    if (fromScratch) this.lastPrune = Date.now();
    if (Date.now() - this.lastPrune < (this.ctx.workingSetIntervalMs ?? 3_600_000)) return;
    await pruneWorkingSet(local, lockName, cutoffAt(cutoff));
    this.lastPrune = Date.now();
  }
}
