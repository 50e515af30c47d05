// How the engine hears of changes (issue 44): the Realtime channels of its scopes
// (pokes.ts) and the idle probe's interval, which follows the socket: while every channel is
// joined, the safety probe's (a minute); while not, the fast probe's (2.5 s in the app), or
// the safety probe's when the fast one is off. Settings' diagnostics show its state.
import type { SupabaseClient } from '@supabase/supabase-js';
import { BehaviorSubject } from 'rxjs';
import type { Actor } from '../commands/types';
import type { Local } from '../db/database';
import { PokeChannels, topicsFor, type SocketState } from './pokes';

/** How the device hears of changes (Settings' diagnostics): the socket and the probe's intervals. */
export interface ChangeWatch {
  socket: SocketState;
  /** The idle probe's interval now (ms; 0: none). */
  probeMs: number;
  /** The probe's interval while the socket is up (ms). */
  safetyProbeMs: number;
}

/** A poked device runs another round this long after the first (pokes.ts). */
export const POKE_FOLLOW_UP_MS = 1_000;

export class ChangeWatcher {
  readonly changes$: BehaviorSubject<ChangeWatch>;
  private pokes: PokeChannels | undefined;
  private stopped = false;

  constructor(
    private readonly options: {
      supabase: SupabaseClient;
      local: Local;
      actor: Actor;
      fastProbeMs: number;
      safetyProbeMs: number;
      /** A poke or a (re)join: a round now and one a second later. */
      onPoke: () => void;
      /** The probe's interval changed. */
      onProbeChange: () => void;
    },
  ) {
    this.changes$ = new BehaviorSubject<ChangeWatch>({
      socket: 'off',
      probeMs: options.fastProbeMs,
      safetyProbeMs: options.safetyProbeMs,
    });
  }

  /** The probe's interval now. */
  get probeMs(): number {
    return this.changes$.value.probeMs;
  }

  /** Joins the scopes' channels (the leader tab only). */
  start(): void {
    if (this.pokes || this.stopped) return;
    const { fastProbeMs: fast, safetyProbeMs: safety } = this.options;
    this.pokes = new PokeChannels({
      supabase: this.options.supabase,
      onPoke: () => this.options.onPoke(),
      onState: (socket) => {
        const probeMs = socket === 'live' || !(fast > 0) ? safety : Math.min(fast, safety || fast);
        this.changes$.next({ ...this.changes$.value, socket, probeMs });
        this.options.onProbeChange();
      },
    });
    void this.followScopes();
  }

  /** The topics of this user's scopes, again after each round (a POD's city hubs arrive with the hubs). */
  async followScopes(): Promise<void> {
    if (!this.pokes || this.stopped) return;
    const { actor, local } = this.options;
    const hubs =
      actor.hubId && actor.role === 'hub_user'
        ? (await local.db.hubs.find().exec()).map((h) => ({ id: h.id, type: h.type, city: h.city }))
        : [];
    if (!this.stopped) this.pokes?.subscribe(topicsFor(actor, hubs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.pokes?.stop();
  }
}
