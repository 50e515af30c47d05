// When the engine syncs: one round at a time, again at once when asked during one, on an
// interval while idle, with backoff after a failed round, on the browser's 'online' and on
// coming back into view, and after an idle device's probe finds changes. Everything it starts
// (timers, the probe, the window and document listeners) it ends on stop(), so a signed-out
// engine is not kept reachable by the window (issue 25).
import { backoffMs } from './uploads/queue';

export interface RoundResult {
  /** False when the round failed: the next one waits out the backoff. */
  ok: boolean;
  /** A part of the round due sooner than the interval (a push in backoff), in ms from now. */
  dueInMs?: number;
}

export interface SchedulerOptions {
  /** One sync round. It reports its own failures; a throw counts as a failure too. */
  round: () => Promise<RoundResult>;
  /** Between rounds while all goes well (ms). */
  intervalMs: number;
  /** An idle device's question, every probeIntervalMs (0: none): true when a round is due. */
  probe?: () => Promise<boolean>;
  /** A number, or asked before each probe (the engine slows it while pokes arrive: issue 44). */
  probeIntervalMs?: number | (() => number);
  /** What the browser says of the network ('online' and 'offline' events). */
  onNetwork?: (online: boolean) => void;
  /** The window and document to listen on (the global ones by default; tests pass their own). */
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState?: string };
}

export class SyncScheduler {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private probeTimer: ReturnType<typeof setTimeout> | undefined;
  private followUp: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private failures = 0;
  private readonly removers: Array<() => void> = [];

  constructor(private readonly options: SchedulerOptions) {}

  /** Starts the rounds, the probe and the listeners (the leader tab only). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    const win = this.options.window ?? (globalThis as Partial<EventTarget>);
    const doc = this.options.document ?? (globalThis.document as SchedulerOptions['document']);
    // The browser knows about the connection before a round can prove it.
    this.listen(win, 'online', () => {
      // The network is back: the backoff of the rounds that failed without it starts over.
      this.failures = 0;
      this.options.onNetwork?.(true);
      this.request();
    });
    this.listen(win, 'offline', () => this.options.onNetwork?.(false));
    this.listen(doc, 'visibilitychange', () => {
      if (doc?.visibilityState === 'visible') this.request();
    });
    this.reprobe();
    this.request();
  }

  /** The probe's next question in its interval from now (after the interval itself changed). */
  reprobe(): void {
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    const every = this.options.probeIntervalMs ?? 0;
    const probeMs = typeof every === 'function' ? every() : every;
    const probe = this.options.probe;
    if (!this.started || this.stopped || !(probeMs > 0) || !probe) return;
    this.probeTimer = setTimeout(() => {
      if (this.stopped) return;
      if (this.running) return this.reprobe();
      void probe()
        .then(
          (due) => due && this.request(),
          () => undefined, // offline or failing: the regular round notices and backs off
        )
        .finally(() => {
          if (!this.stopped) this.reprobe();
        });
    }, probeMs);
  }

  /** A round now and another one afterMs later (a poke: what its burst held back, issue 44). */
  requestTwice(afterMs: number): void {
    this.request();
    if (this.followUp || this.stopped) return;
    this.followUp = setTimeout(() => {
      this.followUp = undefined;
      this.request();
    }, afterMs);
  }

  /** A round now, or right after the one in progress. */
  request(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.runRound().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.request();
      }
    });
  }

  /** Waits for the round in progress, if any. */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Ends timers, probe and listeners; waits up to waitMs for a round in progress. */
  async stop(waitMs = 2000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.probeTimer);
    clearTimeout(this.followUp);
    for (const remove of this.removers.splice(0)) remove();
    // A round can wait long on the network (supabase-js retries a token refresh for about
    // 25 s); sign-out must not wait for it.
    await Promise.race([this.idle(), new Promise((r) => setTimeout(r, waitMs))]);
  }

  private async runRound(): Promise<void> {
    let result: RoundResult;
    try {
      result = await this.options.round();
    } catch {
      result = { ok: false };
    }
    if (this.stopped) return;
    this.failures = result.ok ? 0 : this.failures + 1;
    if (this.again) return;
    const delay =
      this.failures > 0
        ? backoffMs(this.failures)
        : Math.min(this.options.intervalMs, result.dueInMs ?? Infinity);
    this.timer = setTimeout(() => this.request(), delay);
  }

  private listen(
    target: Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>> | undefined,
    type: string,
    listener: () => void,
  ): void {
    if (!target?.addEventListener) return;
    target.addEventListener(type, listener);
    this.removers.push(() => target.removeEventListener?.(type, listener));
  }
}
