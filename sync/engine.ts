// The sync engine of one signed-in user on one device, as the screens see it: dispatch
// (validate, show at once, queue durably, predict), live reads, photo uploads, the status.
// In the leader tab, a scheduler (scheduler.ts: timers, backoff, probe, listeners) runs the
// rounds (round.ts: push, uploads, pull, rebase).
import { ValidationFailed } from './errors';
import { status, type SyncStatus } from './status';
import { liveQuery } from 'dexie';
import {
  BehaviorSubject,
  type Observable,
  type Subscription,
  combineLatest,
  from,
  map,
  shareReplay,
} from 'rxjs';
import type { MangoQuery, RxCollection } from 'rxdb';
import { definitionOf, type CommandInput, type CommandType } from './commands/catalogue';
import { type Change, type CommandEnvelope } from './commands/types';
import { openLocal, type Collections, type Local } from './db/database';
import { liveDashboardInput } from './db/live-table';
import type { DashboardInput } from './domain/dashboard-figures';
import type { StoreTable, Tables, ViewTable } from './model/rows';
import type { DocumentUpload, ImageUpload, OutboxEntry } from './db/engine-store';
import { hasRemoteChanges } from './replication/change-probe';
import { liveRows, PredictionOverlay } from './replication/overlay';
import { rebase } from './replication/view';
import { withWriteLock } from './replication/write-lock';
import { showAtOnce, storeCommand } from './replication/dispatch';
import { inversePayload, rowsBefore, UndoLog, withdraw } from './replication/undo';
import { isUndoable } from './commands/undo';
import { issueMessage, issueText, keyed } from './message';
import { CommandRefused } from './errors';
import {
  attachPayload,
  queueDocumentUpload,
  queueUpload,
  type DocumentInput,
  type ImageSlot,
} from './uploads/queue';
import { withServerTime } from './uploads/server-time';
import { SyncRounds, type RoundState } from './round';
import { DeviceReporter } from './replication/device-report';
import { SyncScheduler } from './scheduler';
import { ChangeWatcher, POKE_FOLLOW_UP_MS, type ChangeWatch } from './replication/change-watch';
import type { DispatchHooks, SyncOptions } from './options';
import { whenIdle } from './yield';

/** How long a start's first round waits at most for the main thread's first idle moment. */
const FIRST_ROUND_WAIT_MS = 1_000;

export type { ChangeWatch } from './replication/change-watch';

export { LocalWriteFailed, ValidationFailed } from './errors';
export type { SyncStatus } from './status';
export type { DispatchHooks, SyncOptions } from './options';

export class SyncEngine {
  readonly status$: Observable<SyncStatus>;
  /**
   * The commands waiting in the outbox, live: one query for the status and the screens'
   * "waiting to sync" markers; the last answer goes to a new reader at once.
   */
  readonly pendingCommands$: Observable<OutboxEntry[]>;
  private readonly runtime = new BehaviorSubject<RoundState>({
    online: true,
    syncing: false,
    lastError: null,
    lastSyncedAt: null,
    firstSync: null,
  });
  private readonly lockName: string;
  private readonly overlay: PredictionOverlay;
  /** The floor commands dispatched here lately, for their undo (issue 29). */
  private readonly undoLog = new UndoLog();
  private readonly rounds: SyncRounds;
  private readonly reporter: DeviceReporter;
  private readonly scheduler: SyncScheduler;
  private subscriptions: Subscription[] = [];
  private stopped = false;
  private readonly watcher: ChangeWatcher;
  /** How changes are heard now (issue 44). */
  readonly changes$: Observable<ChangeWatch> & { value: ChangeWatch };

  private constructor(
    readonly local: Local,
    private readonly options: SyncOptions,
  ) {
    this.lockName = local.db.name;
    this.watcher = new ChangeWatcher({
      supabase: options.supabase,
      local,
      actor: options.actor,
      fastProbeMs: options.probeIntervalMs ?? 0,
      safetyProbeMs: options.safetyProbeMs ?? 60_000,
      onPoke: () => this.scheduler.requestTwice(POKE_FOLLOW_UP_MS),
      onProbeChange: () => this.scheduler.reprobe(),
    });
    this.changes$ = this.watcher.changes$;
    this.overlay = new PredictionOverlay(options.present);
    this.reporter = new DeviceReporter(options.supabase, local, {
      appVersion: options.appVersion,
      intervalMs: options.reportIntervalMs,
    });
    this.rounds = new SyncRounds({
      supabase: options.supabase,
      local,
      actor: options.actor,
      lockName: this.lockName,
      pullBatch: options.pullBatch,
      reconcileIntervalMs: options.reconcileIntervalMs,
      workingSetIntervalMs: options.workingSetIntervalMs,
      recordUpload: async (upload) => {
        if (upload.document?.replaces)
          await this.dispatch('attach_correction', {
            ...attachPayload(upload),
            replaces: upload.document.replaces,
          });
        else if (upload.document) await this.dispatch('attach_document', attachPayload(upload));
        else
          await this.dispatch('set_shipment_image', {
            shipment_id: upload.shipment_id,
            slot: upload.slot,
            path: upload.path,
          });
      },
      prepareUpload: (upload) => withServerTime(options.supabase, local, upload, options.remakeDocument),
      state: () => this.runtime.value,
      report: (state) => this.runtime.next(state),
      afterSync: () => {
        void this.reporter.afterRound();
        void this.watcher.followScopes();
      },
    });
    this.scheduler = new SyncScheduler({
      round: () => this.rounds.run(),
      intervalMs: options.pullIntervalMs ?? 15_000,
      probe: () => this.probe(),
      probeIntervalMs: () => this.watcher.probeMs,
      onNetwork: (online) => {
        if (online) this.rounds.pushNow();
        this.runtime.next({ ...this.runtime.value, online });
      },
    });
    this.pendingCommands$ = from(
      liveQuery(() => local.store.outbox.where('state').equals('pending').toArray()),
    ).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    const uploads$ = from(liveQuery(() => local.store.uploads.where('state').equals('pending').toArray()));
    const conflicts$ = from(liveQuery(() => local.store.conflicts.orderBy('at').reverse().toArray()));
    this.status$ = combineLatest([this.runtime, this.pendingCommands$, uploads$, conflicts$]).pipe(
      map(([rt, outbox, uploads, conflicts]) => status(rt, outbox, uploads, conflicts)),
      // One set of live queries for every reader (a screen has several: the header, the
      // alerts, the rejection toasts), not one each, re-run on every outbox write; the last
      // status goes to a new reader at once, and the queries stop with the last reader.
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  static async start(options: SyncOptions): Promise<SyncEngine> {
    const local = await openLocal(options.actor.userId, options.indexedDb, options.multiTab ?? true);
    const engine = new SyncEngine(local, options);
    const lastSyncedAt = (await local.store.getMeta<string>('lastSyncedAt')) ?? null;
    engine.runtime.next({ ...engine.runtime.value, lastSyncedAt });
    // A crash between the outbox write and the view write leaves the view
    // behind: recompute it from the server versions and the outbox. With neither
    // (the usual start) there is nothing to recompute, and a start spares the lock
    // and a write (a cold start at 4x CPU, docs/performance.md).
    if ((await local.store.outbox.count()) > 0 || (await local.store.base.count()) > 0) {
      await withWriteLock(engine.lockName, () => rebase(local, options.actor));
    }
    // A device that holds rows shows them before its first round; a new one has nothing to show.
    engine.becomeReplicatorWhenLeader(lastSyncedAt !== null);
    return engine;
  }

  get db() {
    return this.local.db;
  }

  /**
   * The dashboard's tables, held in memory and kept by their change events (db/live-table.ts).
   * A method of the engine so that the screens reach it without importing the engine's code.
   */
  dashboardInput(): Observable<DashboardInput> {
    return liveDashboardInput(this.local.db);
  }

  /** A table's collection. */
  collection<T extends ViewTable>(table: T): Promise<Collections[T]> {
    return this.local.collection(table);
  }

  /** The rows of a query, live: the view with what taps predicted and storage does not hold yet. */
  live<T extends ViewTable>(table: T, query: MangoQuery<Tables[T]>): Observable<Tables[T][]> {
    const collection = this.local.db[table] as unknown as RxCollection;
    return liveRows(collection, this.overlay, table, query);
  }

  /** Every row of a table the device only reads (STORE_TABLES), live: Dexie's liveQuery. */
  stored<T extends StoreTable>(table: T): Observable<Tables[T][]> {
    const rows = this.local.store[table];
    return from(liveQuery(() => rows.toArray() as Promise<Tables[T][]>));
  }

  /**
   * Validates, shows the prediction at once (in memory), writes the command to the outbox
   * and applies its prediction to the view, all before resolving, online or not.
   * Throws ValidationFailed (the spec's messages), CommandRefused or LocalWriteFailed
   * (whatever the tap showed is taken back).
   */
  async dispatch<T extends CommandType>(
    type: T,
    payload: CommandInput<T>,
    hooks: DispatchHooks = {},
  ): Promise<{ id: string; changes: Change[] }> {
    const definition = definitionOf(type);
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) {
      throw new ValidationFailed(
        parsed.error.issues.map((i) => ({
          path: i.path.join('.'),
          message: issueText(i),
          keyed: issueMessage(i),
        })),
      );
    }
    const command: CommandEnvelope = {
      id: crypto.randomUUID(),
      type,
      payload: parsed.data,
      issued_at: new Date().toISOString(),
      actor: this.options.actor.userId,
    };
    const on = { local: this.local, actor: this.options.actor, overlay: this.overlay };
    const shown = await showAtOnce(on, definition, parsed.data, command, hooks.onShown);
    let before: Map<string, unknown> | undefined;
    const stored = storeCommand(
      { ...on, lockName: this.lockName },
      definition,
      parsed.data,
      command,
      (ok) => {
        this.rounds.rebaseDue = !ok;
      },
      isUndoable(type) ? (rows) => (before = rows) : undefined,
    );
    const changes = await stored.catch((error: unknown) => {
      // Refused under the lock, or not stored: what the tap showed goes away with it.
      this.overlay.drop(command.id);
      throw error;
    });
    this.overlay.written(command.id);
    if (before) this.undoLog.remember(command, before, changes);
    if (!shown) hooks.onShown?.();
    this.requestSync();
    return { id: command.id, changes };
  }

  /**
   * The id of the latest floor command of this type dispatched here whose payload names
   * `rowId`, while it can still be undone (a form's submit, which has no id to hand on).
   */
  undoableCommand(type: CommandType, rowId: string): string | undefined {
    return this.undoLog.latest(type, rowId);
  }

  /**
   * Undoes a floor command dispatched here (issue 29, docs/sync.md "Undo"): withdrawn from
   * the outbox when it was never sent (nothing reaches the server; the rows are as before the
   * tap at once), else reversed by its inverse, undo_command, dispatched like any command.
   * Throws CommandRefused when there is nothing to undo (refused, too old, rows moved on).
   */
  async undo(commandId: string): Promise<{ kind: 'withdrawn' } | { kind: 'inverse'; id: string }> {
    const kept = this.undoLog.get(commandId);
    if (!kept) throw new CommandRefused('not_found', keyed('undoTooLate'));
    // What the tap changed, shown as it was at once; the rebase then stores it so.
    const shownId = `undo:${commandId}`;
    this.overlay.add(shownId, rowsBefore(kept));
    let outcome;
    try {
      outcome = await withdraw(this.local, this.lockName, this.options.actor, commandId);
    } catch (error) {
      this.overlay.drop(shownId);
      throw error;
    }
    if (outcome === 'withdrawn') {
      this.undoLog.forget(commandId);
      this.overlay.drop(commandId);
      this.overlay.written(shownId);
      return { kind: 'withdrawn' };
    }
    try {
      if (outcome === 'rejected') throw new CommandRefused('precondition', keyed('undoNotApplied'));
      // Shown as before until the inverse's own prediction is (or it is refused here).
      const { id } = await this.dispatch('undo_command', inversePayload(kept));
      this.undoLog.forget(commandId);
      return { kind: 'inverse', id };
    } finally {
      this.overlay.drop(shownId);
    }
  }

  /** Queues a photo for upload (compressed first in the browser). */
  async queueImage(shipmentId: string, slot: ImageSlot, file: Blob): Promise<ImageUpload> {
    const compressed = this.options.compressImage ? await this.options.compressImage(file) : file;
    const entry = await queueUpload(this.local, {
      shipmentId,
      slot,
      bytes: await compressed.arrayBuffer(),
      mime: compressed.type || file.type,
    });
    this.requestSync();
    return entry;
  }

  /**
   * Queues a document of a shipment (issue 28: surat jalan, BAST, signature, discrepancy
   * photo) as it is, not compressed: its SHA-256, size and device time (and location, when
   * given) are fixed now; it is uploaded when online to
   * shipments/<shipment>/documents/<id>.<ext>, then attach_document records it. The id is
   * the caller's when given (a receipt names its signatures before they are stored).
   */
  async queueDocument(
    input: Omit<DocumentInput, 'bytes'> & { bytes: ArrayBuffer | Uint8Array | Blob },
  ): Promise<{ id: string; path: string; entry: DocumentUpload }> {
    const { bytes } = input;
    const buffer =
      bytes instanceof Blob
        ? await bytes.arrayBuffer()
        : bytes instanceof Uint8Array
          ? (bytes.slice().buffer as ArrayBuffer)
          : bytes;
    const entry = await queueDocumentUpload(this.local, { ...input, bytes: buffer });
    this.requestSync();
    return { id: entry.document.id, path: entry.path, entry };
  }

  /** Runs a full sync round that starts now (after the one in progress, if any) and waits for it. */
  async syncNow(): Promise<void> {
    this.rounds.pushNow();
    await this.scheduler.idle();
    this.requestSync();
    await this.scheduler.idle();
  }

  async hasPendingWork(): Promise<boolean> {
    return (
      (await this.local.store.outbox.where('state').equals('pending').count()) > 0 ||
      (await this.local.store.uploads.where('state').equals('pending').count()) > 0
    );
  }

  async dismissConflict(commandId: string): Promise<void> {
    await this.local.store.conflicts.delete(commandId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const s of this.subscriptions) s.unsubscribe();
    await this.watcher.stop();
    this.overlay.dispose();
    await this.scheduler.stop();
    await this.reporter.settled();
    await this.local.close();
  }

  /** Stops and deletes every local database of this user (sign-out of a shared tablet). */
  async wipe(): Promise<void> {
    const { db, store } = this.local;
    await this.stop();
    await db.remove();
    await store.delete();
  }

  private becomeReplicatorWhenLeader(showRowsFirst: boolean): void {
    const lead = () => {
      if (this.stopped) return;
      this.scheduler.start();
      if (this.options.realtime) this.watcher.start();
      // Commands dispatched in other tabs reach the leader through IndexedDB.
      this.subscriptions.push(
        from(liveQuery(() => this.local.store.outbox.where('state').equals('pending').count())).subscribe(
          (n) => n > 0 && this.requestSync(),
        ),
      );
    };
    // On a device that has synced before, the first round waits for the screens' first reads to
    // render (the main thread's first idle moment, a second at most): its requests and answers
    // would share the thread with them, and what the device holds is shown first (issue 43). A
    // new device's first sync starts at once.
    const leadWhenIdle = () => (showRowsFirst ? whenIdle(lead, FIRST_ROUND_WAIT_MS) : lead());
    if (this.options.multiTab === false) leadWhenIdle();
    else void this.local.db.waitForLeadership().then(leadWhenIdle);
  }

  /** The idle device's question (change-probe.ts): is a round due? */
  private async probe(): Promise<boolean> {
    if (this.stopped || !this.runtime.value.online) return false;
    // Applied commands wait for a pull to settle them. (Pending ones start a
    // round when dispatched, and a push in backoff keeps its own clock.)
    const settling = (await this.local.store.outbox.where('state').equals('applied').count()) > 0;
    // A photo whose upload failed is due again after its backoff.
    const now = Date.now();
    const uploadDue = (await this.local.store.uploads.where('state').equals('pending').toArray()).some(
      (u) => u.next_attempt_at <= now,
    );
    return settling || uploadDue || (await hasRemoteChanges(this.options.supabase, this.local));
  }

  /** A round now (the scheduler's; only the leader tab's scheduler runs rounds). */
  private requestSync(): void {
    this.scheduler.request();
  }
}
