// Issue 40: the upload queue retries only what can succeed. An upload Storage refuses for
// good (no right to write the object, a refused type or size) stops at once, never goes
// again and shows as a rejection; a document refused because it is sealed already (its
// earlier upload and attach were applied, the answer lost) goes on to its idempotent attach.
// A file of a shipment whose creation has not reached the server yet (the push failed, the
// upload would be refused for good) waits for it instead. One over Storage's bound on files no
// document names (security audit 2026-12-03) stops with its own message, and the rest go on.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { openDevice, settle, type Device } from '../support/sync-device';
import { HANDOVER_MESSAGES as M } from '../../sync/messages-handover';
import { closeDb, daratPayload, db, makeVehicle, remember, rowOf } from './commands-support';
import { unloadingAtCikarang } from './handover-support';

// One device at a time: RxDB's open-core build holds 13 collections per JavaScript context.
const devices: Device[] = [];
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.dispose()));
});
const filled: string[] = [];
afterAll(async () => {
  if (filled.length)
    await (
      await db()
    ).query(`delete from storage.objects where bucket_id = 'shipment-documents' and name = any($1)`, [
      filled,
    ]);
  await closeDb();
});

async function device(email: string): Promise<Device> {
  const d = await openDevice(email);
  devices.push(d);
  await settle(d.engine);
  return d;
}

describe('the upload queue', () => {
  it('stops an upload Storage refuses for good, never sends it again, and shows it as a rejection', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    // PolSub may not write a Karawang -> Cikarang shipment's files.
    const polsub = await device(DEMO_USERS.polsub);
    const { path } = await polsub.engine.queueDocument({
      shipmentId,
      kind: 'signature_receiver',
      bytes: new Uint8Array(png(4, 4)),
      mime: 'image/png',
    });
    await settle(polsub.engine);
    const entry = await polsub.engine.local.store.uploads.get(path);
    expect(entry).toMatchObject({ state: 'failed' });
    expect(entry?.last_error).toBeTruthy();
    expect(await polsub.engine.local.store.conflicts.get(`upload:${path}`)).toMatchObject({
      type: 'attach_document',
      code: 'forbidden',
      message: 'Penyimpanan menolak berkas ini: tidak ada izin untuk pengiriman ini. Tidak dicoba lagi.',
      payload: { shipment_id: shipmentId, path },
    });
    const sent = polsub.proxy.forwarded.length;
    await polsub.engine.local.store.uploads.update(path, { next_attempt_at: 0 });
    await polsub.engine.syncNow();
    expect(polsub.proxy.forwarded.slice(sent).filter((r) => r.includes(path))).toEqual([]);
    // Nothing waits any more: the sync indicator counts no pending upload.
    expect(await polsub.engine.local.store.uploads.where('state').equals('pending').count()).toBe(0);
  });

  it('goes on to attach a document sealed by its own earlier upload, whose answer was lost', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const cikarang = await device(DEMO_USERS.cikarang);
    const { id, path } = await cikarang.engine.queueDocument({
      shipmentId,
      kind: 'signature_receiver',
      bytes: new Uint8Array(png(5, 4)),
      mime: 'image/png',
    });
    await settle(cikarang.engine);
    const row = await rowOf('shipment_documents', id);
    expect(row).toBeDefined();
    // As if the round's answers were lost: the entry still waits to be uploaded.
    await cikarang.engine.local.store.uploads.update(path, { state: 'pending', next_attempt_at: 0 });
    const sent = cikarang.proxy.forwarded.length;
    await settle(cikarang.engine);
    // The upload was sent again and refused (sealed); the attach went again and was applied.
    expect(cikarang.proxy.forwarded.slice(sent).filter((r) => r.includes(path)).length).toBeGreaterThan(0);
    expect(await cikarang.engine.local.store.uploads.get(path)).toMatchObject({ state: 'uploaded' });
    expect(await cikarang.engine.local.store.conflicts.toArray()).toEqual([]);
    expect(await rowOf('shipment_documents', id)).toEqual(row);
  });

  it('keeps a file of a shipment the server does not have yet until its creation is there', async () => {
    const vehicleId = await makeVehicle(HUB.karawang);
    const karawang = await device(DEMO_USERS.karawang);
    // The server fails every push (a round whose push fails still uploads, then pulls).
    karawang.proxy.failMatching(/\/rest\/v1\/rpc\/apply_commands/, 503);
    const shipment = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    await karawang.engine.dispatch('create_shipment_darat', shipment);
    const { id, path } = await karawang.engine.queueDocument({
      shipmentId: shipment.shipment_id,
      kind: 'surat_jalan',
      bytes: new TextEncoder().encode('%PDF-1.4 surat jalan'),
      mime: 'application/pdf',
    });
    await karawang.engine.syncNow();
    await karawang.engine.syncNow();
    // Not sent, so not refused: it waits for the shipment.
    expect(karawang.proxy.forwarded.filter((r) => r.includes(path))).toEqual([]);
    expect(await karawang.engine.local.store.uploads.get(path)).toMatchObject({
      state: 'pending',
      attempts: 0,
    });
    expect(await karawang.engine.local.store.conflicts.toArray()).toEqual([]);
    karawang.proxy.clearFailures();
    await settle(karawang.engine);
    expect(await karawang.engine.local.store.uploads.get(path)).toMatchObject({ state: 'uploaded' });
    expect(await rowOf('shipment_documents', id)).toMatchObject({ shipment_id: shipment.shipment_id, path });
    expect(await karawang.engine.local.store.conflicts.toArray()).toEqual([]);
  });

  it('stops a file over the bound on unattached files with its message, and uploads the files behind it', async () => {
    const full = (await unloadingAtCikarang()).shipmentId;
    const open = (await unloadingAtCikarang()).shipmentId;
    remember(full, open);
    // 200 files of the shipment that no document names (document_file_room's bound), stored before.
    const names = Array.from({ length: 200 }, () => `shipments/${full}/documents/${randomUUID()}.png`);
    filled.push(...names);
    await (
      await db()
    ).query(
      `insert into storage.objects (bucket_id, name, metadata) select 'shipment-documents', n, '{}' from unnest($1::text[]) n`,
      [names],
    );
    const cikarang = await device(DEMO_USERS.cikarang);
    const over = await cikarang.engine.queueDocument({
      shipmentId: full,
      kind: 'signature_receiver',
      bytes: new Uint8Array(png(6, 4)),
      mime: 'image/png',
    });
    const behind = await cikarang.engine.queueDocument({
      shipmentId: open,
      kind: 'signature_receiver',
      bytes: new Uint8Array(png(7, 4)),
      mime: 'image/png',
    });
    await settle(cikarang.engine);
    const entry = await cikarang.engine.local.store.uploads.get(over.path);
    expect(entry).toMatchObject({ state: 'failed' });
    expect(entry?.last_error).toMatch(/^too_many_unattached_documents: /);
    expect(await cikarang.engine.local.store.conflicts.get(`upload:${over.path}`)).toMatchObject({
      type: 'attach_document',
      code: 'forbidden',
      message: M.uploadTooMany,
      key: { key: 'handover.uploadTooMany' },
      payload: { shipment_id: full, path: over.path },
    });
    expect(await rowOf('shipment_documents', over.id)).toBeUndefined();
    // The file behind it went up and was attached.
    expect(await cikarang.engine.local.store.uploads.get(behind.path)).toMatchObject({ state: 'uploaded' });
    expect(await rowOf('shipment_documents', behind.id)).toMatchObject({
      shipment_id: open,
      path: behind.path,
    });
    // Never sent again.
    const sent = cikarang.proxy.forwarded.length;
    await cikarang.engine.local.store.uploads.update(over.path, { next_attempt_at: 0 });
    await cikarang.engine.syncNow();
    expect(cikarang.proxy.forwarded.slice(sent).filter((r) => r.includes(over.path))).toEqual([]);
  });
});
