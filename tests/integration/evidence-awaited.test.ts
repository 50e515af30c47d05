// Security audit 2026-12-03: a completion names its two signatures' document ids and each
// discrepancy its photos' ids, and the tablet uploads those files after the command (offline
// first); nothing told anyone when they never arrived. evidence_awaited() (Perlu perhatian's
// server part, supabase/schemas/functions/evidence_awaited.sql) lists, per shipment, the named
// files that no document of that shipment is yet: for whoever may read the receipt, through
// PostgREST as the devices ask. Only rows this file makes are read.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { HUB } from '../support/demo';
import { as, closeDb, db } from './commands-support';
import {
  discrepancy,
  hubCompletion,
  receipt,
  removeStoredObjects,
  storedObject,
  unloadingAtCikarang,
  unloadingAtMakassar,
  podCompletion,
} from './handover-support';
import type { DemoUser } from '../support/demo';

afterAll(async () => {
  await removeStoredObjects();
  await closeDb();
});

interface Awaited {
  shipment_id: string;
  batch_number: string;
  hub_id: string;
  named_at: string;
  missing: number;
}

/** The caller's list, as the attention board reads it (supabase-js, PostgREST). */
async function awaitedAs(user: DemoUser): Promise<Awaited[]> {
  const { data, error } = await (await as(user)).client.rpc('evidence_awaited');
  if (error) throw new Error(`evidence_awaited as ${user}: ${error.message}`);
  return data as Awaited[];
}

const entryOf = async (user: DemoUser, shipmentId: string) =>
  (await awaitedAs(user)).find((r) => r.shipment_id === shipmentId);

/** attach_document's payload for a named file of the shipment, its object stored first. */
async function arrived(
  shipmentId: string,
  documentId: string,
  kind: string,
  discrepancyId: string | null = null,
) {
  const p = {
    id: documentId,
    shipment_id: shipmentId,
    kind,
    path: `shipments/${shipmentId}/documents/${documentId}.png`,
    mime: 'image/png',
    size_bytes: 512,
    sha256: randomUUID().replaceAll('-', '').repeat(2),
    device_time: new Date().toISOString(),
    latitude: null,
    longitude: null,
    accuracy_m: null,
    discrepancy_id: discrepancyId,
  };
  await storedObject(p);
  return p;
}

describe('evidence_awaited', () => {
  it("lists a receipt's signatures and discrepancy photos until each has arrived, for those who may read it", async () => {
    const { shipmentId, batch } = await unloadingAtCikarang();
    const short = discrepancy('smartboard', 'kurang', 2);
    const counted = receipt({ smartboard_received: 10, discrepancies: [short] });
    const cikarang = await as('cikarang');
    await cikarang.ok('complete_unloading', hubCompletion(shipmentId, counted));

    const [{ received_at }] = (
      await (
        await db()
      ).query<{ received_at: Date }>(
        'select received_at from public.shipment_receipts where shipment_id = $1 and not deleted',
        [shipmentId],
      )
    ).rows as [{ received_at: Date }];
    const tower = await entryOf('tower', shipmentId);
    expect(tower).toEqual({
      shipment_id: shipmentId,
      batch_number: batch,
      hub_id: HUB.cikarang,
      named_at: expect.any(String),
      missing: 3,
    });
    expect(Date.parse(tower!.named_at)).toBe(received_at.getTime());
    // The counting hub and the sending hub read it, as they read the receipt; another hub does not.
    expect((await entryOf('cikarang', shipmentId))?.missing).toBe(3);
    expect((await entryOf('karawang', shipmentId))?.missing).toBe(3);
    expect(await entryOf('poljak', shipmentId)).toBeUndefined();

    await cikarang.ok(
      'attach_document',
      await arrived(shipmentId, counted.receiver_signature_id, 'signature_receiver'),
    );
    expect((await entryOf('tower', shipmentId))?.missing).toBe(2);
    await cikarang.ok(
      'attach_document',
      await arrived(shipmentId, short.photo_ids[0]!, 'discrepancy_photo', short.id),
    );
    expect((await entryOf('tower', shipmentId))?.missing).toBe(1);
    await cikarang.ok(
      'attach_document',
      await arrived(shipmentId, counted.driver_signature_id, 'signature_driver'),
    );
    expect(await entryOf('tower', shipmentId)).toBeUndefined();
    expect(await entryOf('cikarang', shipmentId)).toBeUndefined();
  });

  it('names the POD for a receipt counted there', async () => {
    const { shipmentId } = await unloadingAtMakassar();
    await (
      await as('makassar')
    ).ok(
      'pod_complete',
      podCompletion(shipmentId, receipt({ smartboard_received: 20, bracket_received: 10 })),
    );
    expect(await entryOf('tower', shipmentId)).toMatchObject({ hub_id: HUB.makassar, missing: 2 });
    expect((await entryOf('makassar', shipmentId))?.missing).toBe(2);
  });

  it('leaves out an undone receipt and one named over 30 days ago', async () => {
    const undone = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    const completion = await cikarang.ok('complete_unloading', hubCompletion(undone.shipmentId, receipt()));
    expect((await entryOf('tower', undone.shipmentId))?.missing).toBe(2);
    await cikarang.ok('undo_command', { command_id: completion.id });
    expect(await entryOf('tower', undone.shipmentId)).toBeUndefined();

    const old = await unloadingAtCikarang();
    await cikarang.ok('complete_unloading', hubCompletion(old.shipmentId, receipt()));
    expect((await entryOf('tower', old.shipmentId))?.missing).toBe(2);
    await (
      await db()
    ).query(
      `update public.shipment_receipts set received_at = now() - interval '31 days' where shipment_id = $1`,
      [old.shipmentId],
    );
    expect(await entryOf('tower', old.shipmentId)).toBeUndefined();
  });

  it('is not for anonymous callers', async () => {
    const { error } = await anonClient().rpc('evidence_awaited');
    expect(error?.code).toBe('42501');
  });
});
