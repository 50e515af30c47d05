// What the trail tests share (trail-unknown-commands, trail-rejected-bounded,
// trail-known-fields-linear, sign-up-runs-nothing): an open sign-up (signed in, no hub) that
// sends commands as any client could, through PostgREST, or one an admin has since given a hub
// (hubUserAt: staff, whose commands reach apply_commands' checks of type and payload).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient } from '../support/clients';
import { db, tag } from './commands-support';

export interface Sender {
  id: string;
  email: string;
  client: SupabaseClient;
}

/** An open sign-up: signed in, no hub; its address starts with `prefix`. */
export async function signUp(prefix: string): Promise<Sender> {
  const client = anonClient();
  const email = `${prefix}-${tag()}@demo.local`;
  const { data, error } = await client.auth.signUp({ email, password: 'rahasia123' });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { id: data.session.user.id, email, client };
}

/** A sign-up given `hubId` as a hub user (by the owner, as an admin does). */
export async function hubUserAt(prefix: string, hubId: string): Promise<Sender> {
  const sender = await signUp(prefix);
  await (
    await db()
  ).query(`update public.profiles set role = 'hub_user', hub_id = $2 where user_id = $1`, [sender.id, hubId]);
  return sender;
}

/** A command as a device makes it, from this sender (type and payload as given, unchecked). */
export function envelope(sender: Sender, type: unknown, payload: unknown) {
  return { id: randomUUID(), type, payload, issued_at: new Date().toISOString(), actor: sender.id };
}

/** apply_commands' results for these commands (a call that fails throws). */
export async function send(sender: Sender, commands: unknown[]) {
  const { data, error } = await sender.client.rpc('apply_commands', { commands });
  if (error) throw new Error(`apply_commands failed: ${error.message}`);
  return (data as { results: Array<Record<string, unknown>> }).results;
}
