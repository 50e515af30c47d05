// Issue 28: the BAST's server receipt time through the upload queue, against the real stack.
// A BAST made offline ("Belum tersinkron") survives a restart; back online the completion
// command goes first, then the queue reads the receipt's received_at, makes the BAST again
// with it (the app's maker, jspdf) and stores and attaches those bytes: the object, the row's
// hash and the device's own copy agree. A receipt the server refused (another tablet counted
// first) lets the BAST go up as it was made: nothing waits for ever, nothing is lost.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { SyncEngine } from '../../sync';
import type { DocumentUpload } from '../../sync/db/engine-store';
import { makeBastPdf, type BastData } from '../../src/lib/documents/bast-pdf';
import { remakeDocument } from '../../src/lib/documents/bast-server-time';
import { formatDateTime } from '../../src/lib/format-date';
import { DEMO_USERS } from '../support/demo';
import { KARAWANG_TO_CIKARANG, pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import { openDevice, settle, type Device } from '../support/sync-device';
import { as, closeDb, rowOf, rowsWhere } from './commands-support';
import { hubCompletion, receipt, unloadingAtCikarang } from './handover-support';

afterAll(closeDb);

const flat = (text: string) => text.replace(/\s+/g, ' ');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const signature = `data:image/png;base64,${png(40, 20, [20, 20, 20]).toString('base64')}`;

function bastOf(shipmentId: string, batch: string, receiptId: string): BastData {
  const signedAt = new Date();
  return {
    shipmentId,
    receiptId,
    batchNumber: batch,
    ...KARAWANG_TO_CIKARANG,
    smartboard: { sent: 12, received: 12, damaged: 0 },
    bracket: { sent: 7, received: 7, damaged: 0 },
    discrepancies: [],
    receiver: { name: 'Budi Penerima', signedAt, image: signature },
    driver: { name: 'Sopir Uji', signedAt, image: signature },
    deviceTime: signedAt,
    serverReceivedAt: null,
  };
}

describe("the BAST's server receipt time", () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  // The app's engine: with the BAST's maker (the test device's engine has none).
  const start = (d: Device, options: { pullIntervalMs?: number; remake?: typeof remakeDocument } = {}) =>
    SyncEngine.start({
      supabase: d.supabase,
      actor: d.actor,
      indexedDb: d.indexedDb,
      multiTab: false,
      pullIntervalMs: options.pullIntervalMs ?? 60_000,
      reconcileIntervalMs: 0,
      remakeDocument: options.remake ?? remakeDocument,
    });

  /** Counts a shipment offline and queues its BAST; the receipt is the one given or a new one. */
  async function countOffline(d: Device, shipmentId: string, batch: string) {
    const r = receipt();
    await d.engine.dispatch('complete_unloading', hubCompletion(shipmentId, r) as never);
    const data = bastOf(shipmentId, batch, r.receipt_id);
    const made = await makeBastPdf(data);
    const { path } = await d.engine.queueDocument({
      shipmentId,
      kind: 'bast',
      bytes: made,
      mime: 'application/pdf',
      remake: { receiptId: r.receipt_id, data },
    });
    return { path, made, receiptId: r.receipt_id };
  }

  async function stored(d: Device, path: string): Promise<Uint8Array> {
    const res = await fetch(await signedUrl(d.supabase, path));
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  }

  it('made offline, kept over a restart, made again with received_at before the upload', async () => {
    const { shipmentId, batch } = await unloadingAtCikarang();
    device = await openDevice(DEMO_USERS.cikarang);
    await device.engine.stop();
    device.engine = await start(device);
    await settle(device.engine);
    device.proxy.setMode('down');

    const { path, made, receiptId } = await countOffline(device, shipmentId, batch);
    expect(flat(await pdfText(made))).toContain('Diterima server : Belum tersinkron');

    // The app restarts offline: the BAST and what it was made from are still queued.
    await device.engine.stop();
    device.engine = await start(device);
    const kept = (await device.engine.local.store.uploads.get(path)) as DocumentUpload;
    expect(kept).toMatchObject({ state: 'pending', remake: { receipt_id: receiptId, server_time: null } });

    device.proxy.setMode('up');
    await settle(device.engine);

    const receiptRow = await rowOf<{ received_at: Date }>('shipment_receipts', receiptId);
    const bytes = await stored(device, path);
    const text = flat(await pdfText(bytes));
    expect(text).toContain(`Diterima server : ${formatDateTime(receiptRow!.received_at, 'Asia/Jakarta')}`);
    expect(text).not.toContain('Belum tersinkron');
    // One set of bytes: the bucket's, the row's hash and size, and the tablet's own copy.
    const entry = (await device.engine.local.store.uploads.get(path)) as DocumentUpload;
    expect(entry.state).toBe('uploaded');
    expect(new Date(entry.remake!.server_time!).getTime()).toBe(receiptRow!.received_at.getTime());
    expect(sha256(new Uint8Array(entry.bytes))).toBe(sha256(bytes));
    const rows = await rowsWhere<{ sha256: string; size_bytes: number }>(
      `select sha256, size_bytes from public.shipment_documents where path = $1`,
      [path],
    );
    expect(rows).toEqual([{ sha256: sha256(bytes), size_bytes: bytes.byteLength }]);
  });

  it('a receipt the server refused: the BAST goes up as it was made', async () => {
    const { shipmentId, batch } = await unloadingAtCikarang();
    await settle(device!.engine);
    device!.proxy.setMode('down');
    const { path, made } = await countOffline(device!, shipmentId, batch);
    // Meanwhile another tablet of the hub counted first.
    await (await as('cikarang')).ok('complete_unloading', hubCompletion(shipmentId, receipt()));

    device!.proxy.setMode('up');
    await settle(device!.engine);
    const bytes = await stored(device!, path);
    expect(sha256(bytes)).toBe(sha256(made));
    expect(flat(await pdfText(bytes))).toContain('Diterima server : Belum tersinkron');
    const [row] = await rowsWhere<{ sha256: string }>(
      'select sha256 from public.shipment_documents where path = $1',
      [path],
    );
    expect(row?.sha256).toBe(sha256(made));
  });

  // Issue 44: with pokes nothing asks every 2.5 s any more, and that probe was what noticed a
  // failed upload being due again; three clean-clone runs each timed out a flow on it. A round
  // now says when this device's own work is due (round.ts dueInMs). Before that fix this BAST
  // waited for the next pull, ten minutes away here.
  it('a BAST whose making failed goes up when its retry is due, not at the next pull', async () => {
    const { shipmentId, batch } = await unloadingAtCikarang();
    const d = await openDevice(DEMO_USERS.cikarang);
    onTestFinished(() => d.dispose());
    await d.engine.stop();
    // Twice: a round that asked for another while it ran gives the first retry a second chance.
    let failures = 2;
    d.engine = await start(d, {
      pullIntervalMs: 600_000,
      remake: async (...args) => {
        if (failures > 0) {
          failures--;
          throw new Error('the PDF maker failed');
        }
        return remakeDocument(...args);
      },
    });
    await settle(d.engine);
    const { path } = await countOffline(d, shipmentId, batch);
    await expect.poll(async () => (await d.engine.local.store.uploads.get(path))?.state).toBe('uploaded');
    expect(failures).toBe(0);
    expect((await stored(d, path)).byteLength).toBeGreaterThan(0);
  });
});
