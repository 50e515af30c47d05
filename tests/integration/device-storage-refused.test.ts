// Issue 13: when the device's IndexedDB refuses a write (quota exceeded,
// private mode, storage evicted), the action reports failure and nothing of
// it is queued, shown or sent: the outbox refusing, and the view refusing
// after the outbox took it (the command is taken back out, the view restored).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalWriteFailed, MESSAGES } from '../../sync';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS } from '../support/demo';

let device: Device;
beforeAll(async () => {
  device = await openDevice(DEMO_USERS.admin);
  await settle(device.engine);
});
afterAll(async () => {
  await device?.dispose();
});

const quotaExceeded = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

async function serverVendor(id: string): Promise<{ name: string } | undefined> {
  const sql = await ownerSql();
  try {
    return (await sql.query('select name from public.vendors where id = $1', [id])).rows[0];
  } finally {
    await sql.end();
  }
}

describe('a device that cannot store', () => {
  it('reports an action the outbox refused as not saved, shows nothing of it and sends nothing', async () => {
    const { engine } = device;
    const outbox = engine.local.store.outbox;
    const add = outbox.add.bind(outbox);
    const id = randomUUID();
    outbox.add = quotaExceeded as never;
    try {
      const attempt = engine.dispatch('add_vendor', { vendor_id: id, name: `Quota ${id.slice(0, 8)}`, contact_person: null, phone: null });
      await expect(attempt).rejects.toBeInstanceOf(LocalWriteFailed);
      await expect(attempt).rejects.toThrow(MESSAGES.localWriteFailed);
    } finally {
      outbox.add = add;
    }
    expect(await engine.db.vendors.findOne(id).exec()).toBeNull();
    expect(await outbox.count()).toBe(0);
    await settle(engine);
    expect(await serverVendor(id)).toBeUndefined();
  });

  it('takes back a command whose prediction the view refused, and restores the view', async () => {
    const { engine } = device;
    const id = randomUUID();
    const name = `Stored ${id.slice(0, 8)}`;
    await engine.dispatch('add_vendor', { vendor_id: id, name, contact_person: null, phone: null });
    await settle(engine);
    expect(await serverVendor(id)).toEqual({ name });

    const vendors = engine.db.vendors;
    // The view's storage refuses every write (whichever RxDB method the engine writes with).
    const storage = vendors.storageInstance;
    const bulkWrite = storage.bulkWrite.bind(storage);
    storage.bulkWrite = quotaExceeded as never;
    try {
      await expect(
        engine.dispatch('edit_vendor', { vendor_id: id, changes: { name: `${name} renamed` } }),
      ).rejects.toBeInstanceOf(LocalWriteFailed);
    } finally {
      storage.bulkWrite = bulkWrite;
    }
    expect((await vendors.findOne(id).exec())?.name).toBe(name);
    expect(await engine.local.store.outbox.count()).toBe(0);
    // The view refused its restoring too; the next round rebases it, leaving no server copy held back.
    await settle(engine);
    expect(await engine.local.store.base.count()).toBe(0);
    expect((await vendors.findOne(id).exec())?.name).toBe(name);
    expect(await serverVendor(id)).toEqual({ name });
  });
});
