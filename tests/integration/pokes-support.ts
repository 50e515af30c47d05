// What the Realtime poke tests share (realtime-pokes.test.ts, realtime-pokes-topics.test.ts):
// users signed in through supabase-js, a private topic joined and its pokes heard, stock booked.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { signedIn } from '../support/clients';
import { DEMO_USERS, HUB } from '../support/demo';
import { as, id } from './commands-support';

const clients: SupabaseClient[] = [];

/** A client whose channels are left at the end of the file (leaveChannels). */
export function keep<T extends SupabaseClient>(client: T): T {
  clients.push(client);
  return client;
}

/** Leaves every channel the file's users joined (afterAll). */
export async function leaveChannels(): Promise<void> {
  for (const c of clients.splice(0)) await c.removeAllChannels();
}

export interface Joined {
  channel: RealtimeChannel;
  status: string;
  error?: string;
  pokes: string[];
}

/** Joins a private topic and waits for the answer: SUBSCRIBED, or CHANNEL_ERROR with the reason. */
export function join(client: SupabaseClient, topic: string, heard?: string[]): Promise<Joined> {
  return new Promise((resolve) => {
    const joined: Joined = {
      channel: client.channel(topic, { config: { private: true } }),
      status: 'joining',
      pokes: [],
    };
    joined.channel
      .on('broadcast', { event: 'poke' }, (message) => {
        const scope = (message.payload as { scope?: string }).scope ?? '?';
        joined.pokes.push(scope);
        heard?.push(scope);
      })
      .subscribe((status, error) => {
        if (joined.status !== 'joining') return;
        joined.status = status;
        joined.error = error?.message;
        resolve(joined);
      });
  });
}

export async function user(name: keyof typeof DEMO_USERS) {
  const client = await signedIn(DEMO_USERS[name]);
  clients.push(client);
  return client;
}

export const hub = (h: keyof typeof HUB) => `dermaga:hub:${HUB[h]}`;

export async function addStock(warehouse: string) {
  await (
    await as('admin')
  ).ok('add_inventory', {
    inventory_id: id(),
    warehouse_id: warehouse,
    date_recorded: '2026-11-20',
    smartboard_quantity: 1,
    bracket_quantity: 0,
  });
}
