// A tablet updates the app with commands still in its outbox (issue 25): the outbox in
// tests/fixtures/outbox-release-1d7cb47.json was stored by the release of commit 1d7cb47 (the
// last one before the typed catalogue, the squashed schema and the engine split), on a
// Karawang tablet offline: a vendor, its truck, stock, the truck through the queue (in, out,
// in again, Proses Muat, done) and its land shipment to Cikarang. This release must send
// those commands unchanged and the server must apply them as it did then: once each, in
// order, to the same rows. A later change to a payload field, a command's name or the
// outbox's shape that would strand a tablet's work fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocal } from '../../sync/db/database';
import type { OutboxEntry } from '../../sync/db/engine-store';
import { ownerSql } from '../support/clients';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB } from '../support/demo';

const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'outbox-release-1d7cb47.json'), 'utf8'),
) as { actor: { userId: string }; outbox: OutboxEntry[] };
const ids = fixture.outbox.map((e) => e.id);
const VEHICLE = 'c0ffee00-2511-4000-8000-000000000002';
const SHIPMENT = 'c0ffee00-2511-4000-8000-000000000003';

describe('an outbox stored by the previous release', () => {
  let device: Device;
  afterAll(async () => device?.dispose());

  it('is sent after the update and applied as before', async () => {
    device = await openDevice(DEMO_USERS.karawang, { startOffline: true });
    expect(device.actor.userId).toBe(fixture.actor.userId);
    // The app is closed, updated, and finds the old release's outbox in its store.
    await device.close();
    const local = await openLocal(device.actor.userId, device.indexedDb, false);
    await local.store.outbox.bulkAdd(fixture.outbox);
    await local.close();
    const engine = await device.reopen();
    expect(await engine.local.store.outbox.where('state').equals('pending').count()).toBe(9);

    device.proxy.setMode('up');
    await settle(engine);

    const sql = await ownerSql();
    try {
      const { rows } = await sql.query(
        'select id, type, outcome, code, message from public.commands where id = any($1) order by seq',
        [ids],
      );
      // Once each, in the order they were made, every one applied.
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.filter((r) => r.outcome !== 'applied')).toEqual([]);
      const shipment = (
        await sql.query(
          `select s.batch_number, s.vehicle_id, s.destination_hub_id, s.smartboard_quantity,
                  s.bracket_quantity, s.origin_hub_id
             from public.shipments s where s.id = $1`,
          [SHIPMENT],
        )
      ).rows[0];
      expect(shipment).toEqual({
        batch_number: 'RILIS-LAMA-1',
        vehicle_id: VEHICLE,
        destination_hub_id: HUB.cikarang,
        smartboard_quantity: 12,
        bracket_quantity: 24,
        origin_hub_id: HUB.karawang,
      });
      const vehicle = (
        await sql.query('select siap_muat, sedang_muat, license_plate from public.vehicles where id = $1', [VEHICLE])
      ).rows[0];
      expect(vehicle).toMatchObject({ siap_muat: false, sedang_muat: false, license_plate: 'B 2511 OLD' });
    } finally {
      await sql.end();
    }
    // Nothing was set aside on the device, and its view has the shipment.
    expect(await engine.local.store.conflicts.count()).toBe(0);
    const seen = await engine.db.shipments.findOne(SHIPMENT).exec();
    expect(seen?.batch_number).toBe('RILIS-LAMA-1');
  });
});
