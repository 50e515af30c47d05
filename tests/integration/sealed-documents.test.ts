// Issue 40: evidence that holds up, on the server's API (supabase-js and plain HTTP against
// the local stack). Once attach_document records a document, nobody rewrites or deletes its
// object, not even its uploader; attach records what the server measured of the stored
// object (size, type, SHA-256) and refuses a device's claim that differs; the bucket is
// private: the public path answers nothing and a signed URL is issued only to the readers
// of the shipment. A correction is a new document naming the one it replaces; both stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, stack } from '../support/clients';
import { png } from '../support/images';
import { as, closeDb, remember, rowOf, rowsWhere, type User } from './commands-support';
import { unloadingAtCikarang } from './handover-support';
import { BUCKET, documentOf, downloaded, objectRow, pdf, put, sha256 } from './documents-support';

let karawang: User;
let cikarang: User;
let polsub: User;
let tower: User;

beforeAll(async () => {
  [karawang, cikarang, polsub, tower] = await Promise.all([
    as('karawang'),
    as('cikarang'),
    as('polsub'),
    as('tower'),
  ]);
});
afterAll(closeDb);

/** A surat jalan stored and attached by Karawang (the uploader) for a shipment at Cikarang. */
async function attachedSuratJalan() {
  const { shipmentId } = await unloadingAtCikarang();
  remember(shipmentId);
  const bytes = pdf(`surat jalan ${shipmentId}`);
  const doc = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf');
  expect((await put(karawang.client, doc.path, bytes, 'application/pdf', false)).error).toBeNull();
  // Before it is attached, the uploader's retry (same path, upsert) is still taken.
  expect((await put(karawang.client, doc.path, bytes, 'application/pdf', true)).error).toBeNull();
  const attach = karawang.command('attach_document', doc);
  expect((await karawang.send([attach]))[0]).toMatchObject({ outcome: 'applied' });
  return { shipmentId, bytes, doc, attach };
}

describe('a sealed document', () => {
  it('is never rewritten once attached: not by its uploader, staff, the receiving hub or another hub', async () => {
    const { bytes, doc } = await attachedSuratJalan();
    const altered = pdf('999 TV (altered)');
    for (const user of [karawang, tower, cikarang, polsub]) {
      const { error } = await put(user.client, doc.path, altered, 'application/pdf', true);
      expect(error, `upsert by ${user.name}`).not.toBeNull();
      expect((await put(user.client, doc.path, altered, 'application/pdf', false)).error).not.toBeNull();
      // PUT straight to the API, as supabase-js' update() does.
      const res = await fetch(`${stack().apiUrl}/storage/v1/object/${BUCKET}/${doc.path}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${(await user.client.auth.getSession()).data.session!.access_token}`,
          'content-type': 'application/pdf',
        },
        body: Buffer.from(altered),
      });
      expect(res.status, `PUT by ${user.name}`).toBeGreaterThanOrEqual(400);
      await res.body?.cancel();
    }
    expect((await downloaded(karawang.client, doc.path))?.equals(Buffer.from(bytes))).toBe(true);
    expect((await objectRow(doc.path))?.metadata.sha256).toBe(doc.sha256);
  });

  it('is never deleted once attached: not by its uploader, staff or another hub', async () => {
    const { bytes, doc } = await attachedSuratJalan();
    for (const user of [karawang, tower, cikarang, polsub]) {
      const { data } = await user.client.storage.from(BUCKET).remove([doc.path]);
      expect(data ?? [], `remove by ${user.name}`).toEqual([]);
      const res = await fetch(`${stack().apiUrl}/storage/v1/object/${BUCKET}`, {
        method: 'DELETE',
        headers: {
          authorization: `Bearer ${(await user.client.auth.getSession()).data.session!.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prefixes: [doc.path] }),
      });
      expect(await res.json().catch(() => [])).not.toContainEqual(
        expect.objectContaining({ name: doc.path }),
      );
    }
    expect(await objectRow(doc.path)).toBeDefined();
    expect((await downloaded(karawang.client, doc.path))?.equals(Buffer.from(bytes))).toBe(true);
  });

  // Two sessions at once: the upsert waits for the open attach's row lock.
  it('is not rewritten by an upsert racing the attach that seals it', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const bytes = pdf(`race ${shipmentId}`);
    const doc = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf');
    expect((await put(karawang.client, doc.path, bytes, 'application/pdf', false)).error).toBeNull();
    // The attach, held open: its trigger has locked the object's row and measured it.
    const attach = await ownerSql();
    try {
      await attach.query('begin');
      await attach.query(
        `insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time, uploaded_by)
         values ($1, $2, 'surat_jalan', $3, 'application/pdf', $4, $5, now(), $6)`,
        [doc.id, shipmentId, doc.path, doc.size_bytes, doc.sha256, karawang.id],
      );
      const racing = put(karawang.client, doc.path, pdf('999 TV (altered)'), 'application/pdf', true);
      // Wait until the upsert waits for the attach's lock on the object's row (read outside
      // the attach's transaction: pg_stat_activity holds still inside one).
      await expect
        .poll(async () => {
          const rows = await rowsWhere<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where wait_event_type = 'Lock' and query ilike '%insert into storage.objects%'`,
          );
          return rows[0]!.n;
        })
        .toBeGreaterThan(0);
      await attach.query('commit');
      expect((await racing).error).not.toBeNull();
    } finally {
      await attach.end();
    }
    expect((await downloaded(karawang.client, doc.path))?.equals(Buffer.from(bytes))).toBe(true);
  });

  it('is corrected by a new document naming the one it replaces; both stay', async () => {
    const { shipmentId, doc } = await attachedSuratJalan();
    const bytes = pdf(`surat jalan ${shipmentId} (koreksi)`);
    const correction = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf', { replaces: doc.id });
    expect((await put(karawang.client, correction.path, bytes, 'application/pdf', true)).error).toBeNull();
    expect(await karawang.run('attach_correction', correction)).toMatchObject({ outcome: 'applied' });
    // The same correction again (a replay, a second tap) changes nothing.
    expect(await karawang.run('attach_correction', correction)).toMatchObject({ outcome: 'applied' });
    expect(await rowOf('shipment_documents', correction.id)).toMatchObject({
      replaces: doc.id,
      deleted: false,
    });
    expect(await rowOf('shipment_documents', doc.id)).toMatchObject({ replaces: null, deleted: false });

    // Only those who may attach it may correct it: another hub is refused before anything is read.
    const outsider = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf', { replaces: doc.id });
    expect(await polsub.run('attach_correction', outsider)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });

    // Only a document of the same shipment and kind can be replaced.
    const other = await attachedSuratJalan();
    const wrong = documentOf(shipmentId, 'surat_jalan', bytes, 'application/pdf', { replaces: other.doc.id });
    expect((await put(karawang.client, wrong.path, bytes, 'application/pdf', true)).error).toBeNull();
    expect(await karawang.run('attach_correction', wrong)).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message: 'Dokumen yang diganti tidak ditemukan pada pengiriman ini.',
    });
    expect(await rowOf('shipment_documents', wrong.id)).toBeUndefined();
  });

  it('replays of an attach that was applied stay applied, unchanged', async () => {
    const { doc, attach } = await attachedSuratJalan();
    const before = await rowOf('shipment_documents', doc.id);
    expect((await karawang.send([attach]))[0]).toMatchObject({ id: attach.id, outcome: 'applied' });
    expect(await karawang.run('attach_document', doc)).toMatchObject({ outcome: 'applied' });
    expect(await rowOf('shipment_documents', doc.id)).toEqual(before);
  });
});

describe('attach measures the stored object', () => {
  it("refuses a device's claim of another hash, size or type, and records what was measured", async () => {
    const { shipmentId } = await unloadingAtCikarang();
    remember(shipmentId);
    const bytes = png(6, 5);
    const doc = documentOf(shipmentId, 'signature_receiver', bytes, 'image/png');
    expect((await put(cikarang.client, doc.path, bytes, 'image/png', false)).error).toBeNull();
    expect((await objectRow(doc.path))?.metadata).toMatchObject({
      size: bytes.byteLength,
      mimetype: 'image/png',
      sha256: sha256(bytes),
    });
    const refused = {
      outcome: 'rejected',
      code: 'document_mismatch',
      message:
        'Berkas di penyimpanan tidak sama dengan yang dicatat perangkat (ukuran, jenis atau SHA-256 berbeda); dokumen tidak dicatat.',
    };
    expect(await cikarang.run('attach_document', { ...doc, sha256: 'f'.repeat(64) })).toMatchObject(refused);
    expect(await cikarang.run('attach_document', { ...doc, size_bytes: 52428800 })).toMatchObject(refused);
    expect(await cikarang.run('attach_document', { ...doc, size_bytes: bytes.byteLength + 1 })).toMatchObject(
      refused,
    );
    expect(await rowOf('shipment_documents', doc.id)).toBeUndefined();

    expect(await cikarang.run('attach_document', doc)).toMatchObject({ outcome: 'applied' });
    expect(await rowOf('shipment_documents', doc.id)).toMatchObject({
      size_bytes: bytes.byteLength,
      sha256: sha256(bytes),
      mime: 'image/png',
    });
  });
});

describe('a private document', () => {
  it('is not served from the public path, to anyone', async () => {
    const { doc } = await attachedSuratJalan();
    const url = anonClient().storage.from(BUCKET).getPublicUrl(doc.path).data.publicUrl;
    const token = (await karawang.client.auth.getSession()).data.session!.access_token;
    for (const headers of [{}, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const res = await fetch(url, { headers });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(Buffer.from(await res.arrayBuffer()).includes('surat jalan')).toBe(false);
    }
    const [bucket] = await rowsWhere<{ public: boolean }>(
      'select public from storage.buckets where id = $1',
      [BUCKET],
    );
    expect(bucket?.public).toBe(false);
  });

  it("is read through a short-lived signed URL issued to the shipment's readers only", async () => {
    const { bytes, doc } = await attachedSuratJalan();
    for (const user of [karawang, cikarang, tower]) {
      const { data, error } = await user.client.storage.from(BUCKET).createSignedUrl(doc.path, 60);
      expect(error, `signed URL for ${user.name}`).toBeNull();
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    }
    // Another hub's user reads nothing of it, signed or not; nor does anyone signed out.
    const refused = await polsub.client.storage.from(BUCKET).createSignedUrl(doc.path, 60);
    expect(refused.data).toBeNull();
    expect(refused.error).not.toBeNull();
    expect(await downloaded(polsub.client, doc.path)).toBeNull();
    expect((await anonClient().storage.from(BUCKET).createSignedUrl(doc.path, 60)).data).toBeNull();

    // A token opens only its own object, and not once it expired or was altered.
    const { data } = await karawang.client.storage.from(BUCKET).createSignedUrl(doc.path, 60);
    const signed = new URL(data!.signedUrl);
    const other = await attachedSuratJalan();
    const elsewhere = new URL(signed);
    elsewhere.pathname = signed.pathname.replace(doc.path, other.doc.path);
    expect((await fetch(elsewhere)).status).toBeGreaterThanOrEqual(400);
    const altered = new URL(signed);
    const t = signed.searchParams.get('token')!;
    altered.searchParams.set('token', `${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await fetch(altered)).status).toBeGreaterThanOrEqual(400);
    const expired = await karawang.client.storage.from(BUCKET).createSignedUrl(doc.path, -1);
    if (expired.data) expect((await fetch(expired.data.signedUrl)).status).toBeGreaterThanOrEqual(400);
  });

  it('is signed for at most 7 days: a longer expiresIn is refused with 400, for one URL or many (audit F12)', async () => {
    const { doc } = await attachedSuratJalan();
    const week = 7 * 24 * 3600;
    const tenYears = 10 * 365 * 24 * 3600;
    // What the app asks (300 s, SIGNED_URL_SECONDS) and the longest allowed are signed.
    for (const seconds of [300, week]) {
      const { data, error } = await karawang.client.storage.from(BUCKET).createSignedUrl(doc.path, seconds);
      expect(error, `${seconds} s`).toBeNull();
      expect((await fetch(data!.signedUrl)).status, `${seconds} s`).toBe(200);
    }
    const one = await karawang.client.storage.from(BUCKET).createSignedUrl(doc.path, week + 1);
    expect(one.data).toBeNull();
    expect(one.error).not.toBeNull();
    const many = await karawang.client.storage.from(BUCKET).createSignedUrls([doc.path], tenYears);
    expect(many.data).toBeNull();
    expect(many.error).not.toBeNull();
    // Storage's answer to a body it refuses.
    const token = (await karawang.client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${stack().apiUrl}/storage/v1/object/sign/${BUCKET}/${doc.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: tenYears }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      error: 'InvalidRequest',
      message: 'body/expiresIn must be <= 604800',
    });
  });
});
