// Issue 40: a tablet updated with a completion still in its outbox from a release before the
// counted receipt (tests/fixtures/outbox-completion-before-receipt.json: Selesai Bongkar with
// no counts, names or signatures). The server refuses it plainly (the receipt is required) and
// the tablet keeps the refusal among its rejected actions, in the device's language as "count
// again" (the sync panel's RejectionsAlert shows it by its key); nothing is booked, the
// shipment stays in Sedang Bongkar on the server and on the tablet, and counting it again
// applies. Never lost silently.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/lib/i18n';
import { serverMessage } from '../../src/lib/i18n/server-message';
import { openLocal } from '../../sync/db/database';
import type { OutboxEntry } from '../../sync/db/engine-store';
import { HANDOVER_MESSAGES } from '../../sync/messages-handover';
import { DEMO_USERS, WAREHOUSE } from '../support/demo';
import { openDevice, settle, type Device } from '../support/sync-device';
import { closeDb, remember, rowOf, rowsWhere } from './commands-support';
import { bookedBy, hubCompletion, receipt, unloadingAtCikarang } from './handover-support';

const template = readFileSync(
  join(import.meta.dirname, '..', 'fixtures', 'outbox-completion-before-receipt.json'),
  'utf8',
);

/** The fixture's outbox with this run's ids. */
function oldOutbox(values: Record<string, string>): OutboxEntry[] {
  const text = template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return (JSON.parse(text) as { outbox: OutboxEntry[] }).outbox;
}

describe('a completion queued before the counted receipt', () => {
  let device: Device;
  afterAll(async () => {
    await device?.dispose();
    setLanguage('id');
    await closeDb();
  });

  it('is refused as "count again", kept among the rejected actions, and nothing is booked', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    device = await openDevice(DEMO_USERS.cikarang);
    await settle(device.engine);
    await device.close();

    // The app was updated with the old release's completion still in its outbox.
    const ids = { command: randomUUID(), smartboard_row: randomUUID(), bracket_row: randomUUID() };
    const outbox = oldOutbox({
      ...ids,
      shipment: shipmentId,
      actor: device.actor.userId,
      issued_at: new Date().toISOString(),
    });
    expect(outbox[0]!.payload).not.toHaveProperty('receipt');
    const local = await openLocal(device.actor.userId, device.indexedDb, false);
    await local.store.outbox.bulkAdd(outbox);
    await local.close();
    const engine = await device.reopen();
    await settle(engine);

    // The server's record: refused with the device's words, nothing booked.
    const [record] = await rowsWhere<{ outcome: string; code: string; message: string }>(
      'select outcome, code, message from public.commands where id = $1',
      [ids.command],
    );
    expect(record).toEqual({
      outcome: 'rejected',
      code: 'validation',
      message: HANDOVER_MESSAGES.receiptRequired,
    });
    expect(await rowOf('shipments', shipmentId)).toMatchObject({
      status: 'sedang_bongkar',
      selesai_bongkar: false,
    });
    expect(await rowOf('inventory', ids.smartboard_row)).toBeUndefined();
    expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 0, bracket: 0 });

    // The tablet: the refusal is kept for the sync panel, read as "count again"; the
    // shipment is still being unloaded there too.
    const conflicts = await engine.local.store.conflicts.toArray();
    const kept = conflicts.find((c) => c.command_id === ids.command);
    expect(kept).toMatchObject({ type: 'complete_unloading', code: 'validation' });
    expect(serverMessage(kept!.key, kept!.message)).toBe(HANDOVER_MESSAGES.receiptRequired);
    await setLanguage('en');
    expect(serverMessage(kept!.key, kept!.message)).toBe(
      "Count again: the received counts and the receiver's and driver's names and signatures are required",
    );
    expect((await engine.db.shipments.findOne(shipmentId).exec())?.status).toBe('sedang_bongkar');

    // Counted again on the tablet, the completion applies.
    await engine.dispatch('complete_unloading', hubCompletion(shipmentId, receipt()) as never);
    await settle(engine);
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ status: 'selesai' });
    expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 12, bracket: 7 });
  });
});
