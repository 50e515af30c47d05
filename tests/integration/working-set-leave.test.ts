// Issue 26: rows leave a device when they leave its working set, without any change the
// device could pull. A shipment whose closed time moves back past the window on the server
// leaves at the next sync; one a command in the outbox names stays until that command is
// settled, and open work never leaves. With the window shortened (or on the first start of a
// device installed before the working set), the device's own rule drops what it holds
// outside the set by the server's cutoff, except what its outbox and upload queue still need.
import { afterAll, describe, expect, it } from 'vitest';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS } from '../support/demo';
import { uploadPath } from '../../sync/uploads/queue';
import { pruneWorkingSet } from '../../sync/replication/working-set';
import { cutoffAt } from '../../sync/domain/working-set';
import { closeDb, db } from './commands-support';
import { held, makeShipment, retentionDays, setRetentionDays } from './working-set-support';

afterAll(closeDb);

describe('rows that leave the working set leave the device', () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('closed past the window on the server: gone at the next sync, unless the outbox names it; open work stays', async () => {
    const days = await retentionDays();
    const gone = await makeShipment(days + 1, 2);
    const named = await makeShipment(days + 1, 2);
    const open = await makeShipment(days + 10, null);
    device = await openDevice(DEMO_USERS.karawang);
    await settle(device.engine);
    expect(await held(device, 'shipments', [gone.id, named.id, open.id])).toEqual([gone.id, named.id, open.id]);

    // A command naming `named` waits in the outbox: the push fails, the pull works.
    device.proxy.failMatching(/\/rpc\/apply_commands/, 503);
    await device.engine.dispatch('set_shipment_image', {
      shipment_id: named.id,
      slot: 'delivery_record',
      path: uploadPath(named.id, 'delivery_record', 'image/jpeg'),
    });

    // On the server both closed shipments now closed long ago, their stock rows as old.
    await (await db()).query(
      `update public.shipments set unloading_finished_at = now() - $2 * interval '1 day' where id = any($1::uuid[])`,
      [[gone.id, named.id], days + 5],
    );
    await (await db()).query(
      `update public.inventory set date_recorded = public.dm_jakarta_date(now() - $2 * interval '1 day')
       where shipment_id = any($1::uuid[])`,
      [[gone.id, named.id], days + 5],
    );
    await device.engine.syncNow();
    expect(await held(device, 'shipments', [gone.id, named.id, open.id])).toEqual([named.id, open.id]);
    expect(await held(device, 'containers', [gone.container])).toEqual([]);
    expect(await held(device, 'inventory', gone.ledger)).toEqual([]);
    // The open shipment and its stock row (older than the window) stay.
    expect(await held(device, 'inventory', open.ledger)).toEqual(open.ledger);

    // Once its command is settled (the photo was never stored: refused), it leaves too.
    device.proxy.clearFailures();
    await settle(device.engine);
    await device.engine.syncNow();
    expect(await held(device, 'shipments', [gone.id, named.id, open.id])).toEqual([open.id]);
  });
});

describe("the device's own rule", () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('drops what it holds outside the set by the server cutoff, never open work or what its queues need', async () => {
    const days = await retentionDays();
    const leaving = await makeShipment(5, 3);
    const uploading = await makeShipment(5, 3);
    const named = await makeShipment(5, 3);
    const open = await makeShipment(6, null);
    device = await openDevice(DEMO_USERS.karawang);
    await settle(device.engine);
    const all = [leaving.id, uploading.id, named.id, open.id];
    expect(await held(device, 'shipments', all)).toEqual(all);

    // Offline: a photo waits in the upload queue, a command in the outbox.
    device.proxy.setMode('down');
    await device.engine.queueImage(uploading.id, 'delivery_record', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }));
    await device.engine.dispatch('set_shipment_image', {
      shipment_id: named.id,
      slot: 'delivery_record',
      path: uploadPath(named.id, 'delivery_record', 'image/jpeg'),
    });

    // The admin shortens the window to a day: nothing about the rows changes.
    try {
      await setRetentionDays(1);
      const { rows } = await (await db()).query(`select public.working_set_cutoff() as at`);
      const cutoff = cutoffAt((rows[0].at as Date).toISOString());
      const removed = await pruneWorkingSet(device.engine.local, device.engine.local.db.name, cutoff);
      expect(removed.shipments).toBeGreaterThanOrEqual(1);
    } finally {
      await setRetentionDays(days);
    }
    expect(await held(device, 'shipments', all)).toEqual([uploading.id, named.id, open.id]);
    expect(await held(device, 'containers', [leaving.container, uploading.container, open.container])).toEqual([
      uploading.container,
      open.container,
    ]);
    // Stock rows older than a day go unless their shipment stays.
    expect(await held(device, 'inventory', [...leaving.ledger, ...uploading.ledger, ...open.ledger])).toEqual([
      uploading.ledger[0],
      open.ledger[0],
    ]);
  });
});

describe('a device that holds history from before (an upgrade, a window shortened)', () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('drops it on its next start, keeping what its outbox names', async () => {
    const days = await retentionDays();
    const old = await makeShipment(days + 30, days + 20);
    const named = await makeShipment(days + 30, days + 20);
    try {
      // A year's window when it first synced: it holds both, and their stock rows.
      await setRetentionDays(365);
      device = await openDevice(DEMO_USERS.karawang);
      await settle(device.engine);
      expect(await held(device, 'shipments', [old.id, named.id])).toEqual([old.id, named.id]);
      expect(await held(device, 'inventory', [old.ledger[0]!])).toEqual([old.ledger[0]]);
    } finally {
      await setRetentionDays(days);
    }
    // Offline, a command names one of them; the app closes.
    device.proxy.setMode('down');
    await device.engine.dispatch('set_shipment_image', {
      shipment_id: named.id,
      slot: 'delivery_record',
      path: uploadPath(named.id, 'delivery_record', 'image/jpeg'),
    });
    await device.close();
    // It starts again online, its push failing: its first round drops the history it holds.
    device.proxy.failMatching(/\/rpc\/apply_commands/, 503);
    device.proxy.setMode('up');
    const engine = await device.reopen();
    await engine.syncNow();
    await expect.poll(() => held(device!, 'shipments', [old.id, named.id])).toEqual([named.id]);
    expect(await held(device, 'inventory', [old.ledger[0]!])).toEqual([]);
    expect(await engine.local.store.outbox.count()).toBe(1);
  });
});
