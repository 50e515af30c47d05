// Security audit 2026-12-03, finding 3: the evidence's device times were unbounded claims. A
// counted receipt's signed_at (complete_unloading, pod_complete) and a document's device_time
// (attach_document, and so attach_correction) were stored as sent, any time up to the year
// 9999, while a command's issued_at is clamped to the server's receipt. Now a later time is clamped
// to the command's received_at plus 10 minutes (evidence_clock_slack: a tablet whose clock runs a
// little fast keeps the time its printed BAST shows); an earlier one as sent
// (supabase/schemas/functions/cmd_handover.sql). Only rows this file makes are read.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, rowsWhere } from './commands-support';
import {
  hubCompletion,
  podCompletion,
  receipt,
  removeStoredObjects,
  storedObject,
  unloadingAtCikarang,
  unloadingAtMakassar,
} from './handover-support';

afterAll(async () => {
  await removeStoredObjects();
  await closeDb();
});

const FAR = '9999-12-31T23:59:59Z';
const TOMORROW = () => new Date(Date.now() + 24 * 3600_000).toISOString();

async function storedReceipt(shipmentId: string) {
  const [row] = await rowsWhere<{ signed_at: Date; received_at: Date }>(
    'select signed_at, received_at from public.shipment_receipts where shipment_id = $1 and not deleted',
    [shipmentId],
  );
  return row!;
}

async function storedDocument(id: string) {
  const [row] = await rowsWhere<{ device_time: Date; received_at: Date }>(
    'select device_time, received_at from public.shipment_documents where id = $1',
    [id],
  );
  return row!;
}

/** attach_document's payload for a new BAST of a shipment (its object stored by storedObject). */
function bastOf(shipmentId: string, deviceTime: string) {
  const id = randomUUID();
  return {
    id,
    shipment_id: shipmentId,
    kind: 'bast',
    path: `shipments/${shipmentId}/documents/${id}.pdf`,
    mime: 'application/pdf',
    size_bytes: 2048,
    sha256: randomUUID().replaceAll('-', '').repeat(2),
    device_time: deviceTime,
    latitude: null,
    longitude: null,
    accuracy_m: null,
  };
}

/** The latest evidence time the server keeps: its receipt time plus evidence_clock_slack(). */
const slackAfter = (receivedAt: Date) => new Date(receivedAt.getTime() + 10 * 60_000).toISOString();

describe("a receipt's signed_at", () => {
  it("over 10 minutes after the server's receipt is stored as that receipt time plus 10 minutes, at a hub and at a POD", async () => {
    for (const signedAt of [FAR, TOMORROW()]) {
      const { shipmentId } = await unloadingAtCikarang();
      await (
        await as('cikarang')
      ).ok('complete_unloading', hubCompletion(shipmentId, receipt({ signed_at: signedAt })));
      const hub = await storedReceipt(shipmentId);
      expect(hub.signed_at.toISOString(), signedAt).toBe(slackAfter(hub.received_at));

      const pod = await unloadingAtMakassar();
      await (
        await as('makassar')
      ).ok(
        'pod_complete',
        podCompletion(
          pod.shipmentId,
          receipt({ smartboard_received: 20, bracket_received: 10, signed_at: signedAt }),
        ),
      );
      const atPod = await storedReceipt(pod.shipmentId);
      expect(atPod.signed_at.toISOString(), signedAt).toBe(slackAfter(atPod.received_at));
    }
  });

  it('before it, or a few minutes after (a fast clock), is stored as sent', async () => {
    for (const signedAt of [
      new Date(Date.now() - 3600_000).toISOString(),
      new Date(Date.now() + 120_000).toISOString(),
    ]) {
      const { shipmentId } = await unloadingAtCikarang();
      await (
        await as('cikarang')
      ).ok('complete_unloading', hubCompletion(shipmentId, receipt({ signed_at: signedAt })));
      expect((await storedReceipt(shipmentId)).signed_at.toISOString()).toBe(signedAt);
    }
  });
});

describe("a document's device_time", () => {
  it("over 10 minutes after the server's receipt is stored as that receipt time plus 10 minutes (attach_document and attach_correction)", async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    for (const deviceTime of [FAR, TOMORROW()]) {
      const p = bastOf(shipmentId, deviceTime);
      await storedObject(p);
      await cikarang.ok('attach_document', p);
      const row = await storedDocument(p.id);
      expect(row.device_time.toISOString(), deviceTime).toBe(slackAfter(row.received_at));
    }
    const [first] = await rowsWhere<{ id: string }>(
      `select id from public.shipment_documents where shipment_id = $1 order by received_at limit 1`,
      [shipmentId],
    );
    const correction = { ...bastOf(shipmentId, FAR), replaces: first!.id };
    await storedObject(correction);
    await (await as('tower')).ok('attach_correction', correction);
    const row = await storedDocument(correction.id);
    expect(row.device_time.toISOString()).toBe(slackAfter(row.received_at));
  });

  it('before it is stored as sent', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const deviceTime = new Date(Date.now() - 3600_000).toISOString();
    const p = bastOf(shipmentId, deviceTime);
    await storedObject(p);
    await (await as('cikarang')).ok('attach_document', p);
    expect((await storedDocument(p.id)).device_time.toISOString()).toBe(deviceTime);
  });
});
