// Changes pushed, not polled (issue 44): the device subscribes, through supabase-js's
// Realtime channels (private, authorised by RLS on realtime.messages), to the topics of the
// scopes it reads; the database pokes a topic when a commit changes what that scope sees
// (supabase/schemas/functions/realtime_pokes.sql). A poke carries no rows: it only
// starts a round, and the pull stays the one way rows arrive.
//
// Nothing is lost to a missed poke: every (re)subscription runs a round (what happened while
// the socket was down), a poke also asks for a second round a second later (a commit whose
// poke the server's rate bound held back, or one the pull's commit horizon held back), and
// while the socket is up the idle probe slows to a safety probe (about a minute) for a socket
// that looks open but hears nothing. While it is down the fast probe runs as before.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Actor } from '../commands/types';

export type SocketState = 'off' | 'connecting' | 'live' | 'down';

/** A channel the server closed is joined again after this long. */
const REJOIN_MS = 5_000;

/** The hubs whose topics a hub user hears: its own, and a POD's every POD hub of its city (my_hub_ids). */
export function hubTopics(
  hubId: string,
  hubs: Array<{ id: string; type?: string | null; city?: string | null }>,
): string[] {
  const mine = hubs.find((h) => h.id === hubId);
  const city = (h: { city?: string | null }) => (h.city ?? '').trim().toLowerCase();
  const ids = new Set([hubId]);
  if (mine?.type === 'pod')
    for (const h of hubs) if (h.type === 'pod' && city(h) === city(mine)) ids.add(h.id);
  return [...ids].sort().map((id) => `dermaga:hub:${id}`);
}

/** The topics of a user's scopes (the policy in supabase/schemas/policies/realtime_messages.sql lets it join these). */
export function topicsFor(actor: Actor, hubs: Parameters<typeof hubTopics>[1]): string[] {
  const own = `dermaga:user:${actor.userId}`;
  if (actor.role === 'admin' || actor.role === 'tower_control') return ['dermaga:desk', own];
  return ['dermaga:company', own, ...(actor.hubId ? hubTopics(actor.hubId, hubs) : [])];
}

export interface PokeOptions {
  supabase: SupabaseClient;
  /** A poke, or a (re)subscription: the engine runs a round. */
  onPoke: (why: 'poke' | 'subscribed') => void;
  /** The socket's state changed (the scheduler's probe interval follows it). */
  onState: (state: SocketState) => void;
}

/** The channels of one engine: subscribe(topics) to (re)join, stop() to leave them all. */
export class PokeChannels {
  private channels = new Map<string, { channel: RealtimeChannel; joined: boolean }>();
  private state: SocketState = 'off';
  private stopped = false;

  constructor(private readonly options: PokeOptions) {}

  get socketState(): SocketState {
    return this.state;
  }

  /** Joins the topics not joined yet and leaves those no longer wanted. */
  subscribe(topics: string[]): void {
    if (this.stopped) return;
    const wanted = new Set(topics);
    for (const [topic, entry] of this.channels)
      if (!wanted.has(topic)) {
        this.channels.delete(topic);
        void this.options.supabase.removeChannel(entry.channel);
      }
    for (const topic of wanted) {
      if (this.channels.has(topic)) continue;
      const channel = this.options.supabase.channel(topic, { config: { private: true } });
      const entry = { channel, joined: false };
      this.channels.set(topic, entry);
      channel
        .on('broadcast', { event: 'poke' }, () => {
          if (!this.stopped) this.options.onPoke('poke');
        })
        .subscribe((status) => {
          if (this.stopped || this.channels.get(topic) !== entry) return;
          const was = entry.joined;
          entry.joined = status === 'SUBSCRIBED';
          // Joined again (a reconnect rejoins every channel): what was missed meanwhile is pulled.
          if (entry.joined && !was) this.options.onPoke('subscribed');
          // Closed by the server (a token that expired while the tablet slept, a refused
          // refresh): realtime-js does not rejoin a closed channel, so it is made anew.
          if (status === 'CLOSED') this.rejoinLater(topic, entry);
          this.update();
        });
    }
    this.update();
  }

  private rejoinLater(topic: string, entry: { channel: RealtimeChannel }): void {
    setTimeout(() => {
      if (this.stopped || this.channels.get(topic) !== entry) return;
      this.channels.delete(topic);
      void this.options.supabase.removeChannel(entry.channel);
      this.subscribe([...this.channels.keys(), topic]);
    }, REJOIN_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.channels.values()];
    this.channels.clear();
    this.setState('off');
    await Promise.all(all.map((e) => this.options.supabase.removeChannel(e.channel).catch(() => undefined)));
  }

  private update(): void {
    const entries = [...this.channels.values()];
    if (entries.length === 0) return this.setState('off');
    if (entries.every((e) => e.joined)) return this.setState('live');
    // Never joined yet: connecting; joined once and lost: down (the fast probe takes over).
    this.setState(this.state === 'off' || this.state === 'connecting' ? 'connecting' : 'down');
  }

  private setState(state: SocketState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onState(state);
  }
}
