// An open sign-up (signed in, no hub given by an admin yet) runs no command: every type of the
// catalogue is refused `forbidden` before anything of its payload is read, whatever that payload
// (a valid-looking one, an empty one, one that names rows), and the refusal writes nothing but
// the record. Before, each command read its payload first, so a sign-up was told
// `vendorNameRequired`, `invalidCommand`, `chooseAtLeastOneVehicle`... and its payload reached
// every command's readers and the time floor's look-ups (docs/security.md).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../sync/commands/catalogue';
import { db } from './commands-support';
import { envelope, send, signUp } from './sign-up-sender';

describe('an open sign-up', () => {
  it('is refused forbidden for every command type, with any payload', async () => {
    const sender = await signUp('runs-nothing');
    const types = [...CATALOGUE.keys()].sort();
    const payloads = (type: string) => [
      {},
      { hub_id: randomUUID(), vehicle_ids: [randomUUID()], shipment_id: randomUUID(), name: 'Vendor Baru' },
      type === 'add_vendor' ? { vendor_id: randomUUID() } : { x: 1 },
    ];
    const commands = types.flatMap((type) => payloads(type).map((p) => envelope(sender, type, p)));
    const results = await send(sender, commands);
    expect(results).toHaveLength(commands.length);
    const answered = results.map((r, i) => [commands[i]!.type, r.outcome, r.code, r.key]);
    expect(answered).toEqual(commands.map((c) => [c.type, 'rejected', 'forbidden', 'forbiddenAction']));
    // Each recorded, as every refusal is.
    const { rows } = await (
      await db()
    ).query<{ n: string }>(
      `select count(*)::text n from public.commands where actor_id = $1 and outcome = 'rejected'`,
      [sender.id],
    );
    expect(rows[0]!.n).toBe(String(commands.length));
  });
});
