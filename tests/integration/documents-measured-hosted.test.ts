// Issue 40 on hosted Storage: the server records no document hash it did not measure. Hosted
// Storage keeps no SHA-256 of an upload (the local stand-in measures while it stores), so each
// test takes the hash out of the object's metadata, as hosted leaves it. Then the attach is
// refused as unmeasured; measure-document, asked by the uploader, reads the bytes and records
// their hash and size; a claim of other bytes is refused and the true one applied. Bytes
// written again after a measure void it; a user who may not read the document, and anon,
// measure nothing; the record is out of every API role's reach.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { as, closeDb, db, remember, rowOf, rowsWhere, type User } from './commands-support';
import { BUCKET, documentOf, objectRow, pdf, put } from './documents-support';
import { unloadingAtCikarang } from './handover-support';

let karawang: User;
let polsub: User;

beforeAll(async () => {
  [karawang, polsub] = await Promise.all([as('karawang'), as('polsub')]);
});
afterAll(closeDb);

/** As hosted Storage stores an upload: its size and type in the metadata, no SHA-256. */
async function asHostedStores(path: string) {
  await (
    await db()
  ).query(`update storage.objects set metadata = metadata - 'sha256' where bucket_id = $1 and name = $2`, [
    BUCKET,
    path,
  ]);
  expect((await objectRow(path))?.metadata).not.toHaveProperty('sha256');
}

/** measure-document as this client: its HTTP status and answer. */
async function measure(client: SupabaseClient, path: string) {
  const { data, error } = await client.functions.invoke('measure-document', { body: { path } });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const answer = (error as { context?: unknown }).context;
  return answer instanceof Response
    ? { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
    : { status: 0, body: { error: error.message } };
}

const measuresOf = (path: string) =>
  rowsWhere<{ sha256: string; size_bytes: string }>(
    'select sha256, size_bytes from public.document_measures where path = $1',
    [path],
  );

/** A surat jalan Karawang stored for a shipment at Cikarang, as hosted Storage keeps it. */
async function storedOnHosted(text: string) {
  const { shipmentId } = await unloadingAtCikarang();
  remember(shipmentId);
  const bytes = pdf(text);
  const doc = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf');
  expect((await put(karawang.client, doc.path, bytes, 'application/pdf', false)).error).toBeNull();
  await asHostedStores(doc.path);
  return doc;
}

describe('a document on hosted Storage', () => {
  it('is refused until the server measured it, then recorded with the hash it measured', async () => {
    const doc = await storedOnHosted('surat jalan, 12 TV');
    // The device's claim alone is not recorded.
    expect(await karawang.run('attach_document', doc)).toMatchObject({
      outcome: 'rejected',
      code: 'document_unmeasured',
      message: expect.stringContaining('Server belum mengukur berkas'),
    });
    expect(await rowOf('shipment_documents', doc.id)).toBeUndefined();
    // The uploader asks the server to measure it.
    expect(await measure(karawang.client, doc.path)).toEqual({
      status: 200,
      body: { path: doc.path, measured_by: 'server', sha256: doc.sha256, size_bytes: doc.size_bytes },
    });
    expect(await measuresOf(doc.path)).toEqual([{ sha256: doc.sha256, size_bytes: String(doc.size_bytes) }]);
    // A claim of other bytes is refused; the true one is applied with what was measured.
    for (const claim of [{ sha256: 'ab'.repeat(32) }, { size_bytes: doc.size_bytes + 1 }]) {
      expect(await karawang.run('attach_document', { ...doc, ...claim })).toMatchObject({
        outcome: 'rejected',
        code: 'document_mismatch',
      });
    }
    expect(await karawang.run('attach_document', doc)).toMatchObject({ outcome: 'applied' });
    expect(await rowOf('shipment_documents', doc.id)).toMatchObject({
      sha256: doc.sha256,
      size_bytes: doc.size_bytes,
    });
  });

  it('is measured again once its bytes are written again: the earlier measure is void', async () => {
    const first = await storedOnHosted('surat jalan, 12 TV');
    expect((await measure(karawang.client, first.path)).status).toBe(200);
    // The uploader stores other bytes at the path before the attach (allowed until it is sealed).
    const bytes = pdf('surat jalan, 99 TV');
    const second = {
      ...documentOf(first.shipment_id, 'surat_jalan', bytes, 'application/pdf'),
      id: first.id,
    };
    second.path = first.path;
    expect((await put(karawang.client, first.path, bytes, 'application/pdf', true)).error).toBeNull();
    await asHostedStores(first.path);
    // Neither the old measure's hash nor the new bytes' claim is taken.
    for (const claim of [first, second]) {
      expect(await karawang.run('attach_document', claim)).toMatchObject({
        outcome: 'rejected',
        code: 'document_unmeasured',
      });
    }
    expect(await measure(karawang.client, first.path)).toMatchObject({
      status: 200,
      body: { sha256: second.sha256 },
    });
    expect(await karawang.run('attach_document', first)).toMatchObject({
      outcome: 'rejected',
      code: 'document_mismatch',
    });
    expect(await karawang.run('attach_document', second)).toMatchObject({ outcome: 'applied' });
  });

  it('is measured for nobody who may not read it: another hub, anon, a path outside the documents', async () => {
    const doc = await storedOnHosted('surat jalan, 5 TV');
    expect(await measure(polsub.client, doc.path)).toMatchObject({ status: 404 });
    expect(await measure(anonClient(), doc.path)).toMatchObject({ status: 404 });
    expect(await measure(karawang.client, `shipments/${doc.shipment_id}/bast.jpg`)).toMatchObject({
      status: 400,
    });
    expect(await measuresOf(doc.path)).toEqual([]);
  });

  it('is answered at once where Storage measured it (the local stack)', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const bytes = pdf('surat jalan, measured by Storage');
    const doc = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf');
    expect((await put(karawang.client, doc.path, bytes, 'application/pdf', false)).error).toBeNull();
    expect(await measure(karawang.client, doc.path)).toEqual({
      status: 200,
      body: { path: doc.path, measured_by: 'storage' },
    });
    expect(await measuresOf(doc.path)).toEqual([]);
    expect(await karawang.run('attach_document', doc)).toMatchObject({ outcome: 'applied' });
  });
});

describe("the server's measures", () => {
  it('are read and written by no API role: not the table, not the functions that keep them', async () => {
    const doc = await storedOnHosted('surat jalan, 7 TV');
    for (const client of [karawang.client, anonClient()]) {
      const read = await client.from('document_measures').select('*');
      expect(read.data ?? []).toEqual([]);
      expect(read.error).not.toBeNull();
      const insert = await client
        .from('document_measures')
        .insert({ path: doc.path, object_stamp: 'x', sha256: doc.sha256, size_bytes: doc.size_bytes });
      expect(insert.error).not.toBeNull();
      const recorded = await client.rpc('record_document_measure', {
        p_path: doc.path,
        p_stamp: 'x',
        p_sha256: doc.sha256,
        p_size: doc.size_bytes,
      });
      expect(recorded.error).not.toBeNull();
      expect((await client.rpc('document_object_state', { p_path: doc.path })).error).not.toBeNull();
    }
    expect(await measuresOf(doc.path)).toEqual([]);
    expect(await karawang.run('attach_document', doc)).toMatchObject({ code: 'document_unmeasured' });
  });
});
