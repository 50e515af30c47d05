// Issue 27, finding 8: an HTML page uploaded as image/png was stored and served back from the
// app's origin as it was declared, without X-Content-Type-Options. Storage now checks a file's
// first bytes against the type it declares (415 invalid_mime_type, the answer hosted Storage
// gives a type the bucket does not take), and serves stored objects as data: nosniff, a
// sandboxing CSP, and a download for anything but a plain image. Also: Storage's requests
// other than uploads (a delete's list of names) go through the gateway's body guard.
import { afterAll, describe, expect, it } from 'vitest';
import { signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import { as, closeDb, daratPayload, db, makeVehicle } from './commands-support';

const BUCKET = 'shipment-documents';
const HTML = Buffer.from(
  '<!doctype html><html><body><script>parent.postMessage(document.cookie, "*")</script></body></html>',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

afterAll(closeDb);

async function shipmentPhotoPath(slot: 'delivery_record' | 'bast', ext = 'png'): Promise<string> {
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang, {
    image_count: 0,
  });
  await (await as('karawang')).ok('create_shipment_darat', p);
  return `shipments/${p.shipment_id}/${slot}.${ext}`;
}

async function storedRow(path: string): Promise<unknown[]> {
  const sql = await db();
  const { rows } = await sql.query('select id from storage.objects where bucket_id = $1 and name = $2', [
    BUCKET,
    path,
  ]);
  return rows;
}

describe('Storage checks what a file is by its bytes', () => {
  it('refuses an HTML page declared as image/png, raw or in a form, and stores nothing', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const path = await shipmentPhotoPath('delivery_record');
    const raw = await supabase.storage.from(BUCKET).upload(path, HTML, { contentType: 'image/png' });
    expect((raw.error as unknown as { statusCode: string }).statusCode).toBe('415');
    expect(raw.error?.message).toBe("mime type image/png does not match the file's content");
    const form = await supabase.storage
      .from(BUCKET)
      .upload(path, new Blob([new Uint8Array(HTML)], { type: 'image/png' }));
    expect((form.error as unknown as { statusCode: string }).statusCode).toBe('415');
    // A PNG declared as JPEG is refused too; both are allowed types, but not each other.
    const swapped = await supabase.storage
      .from(BUCKET)
      .upload(path, png(3, 3), { contentType: 'image/jpeg' });
    expect((swapped.error as unknown as { statusCode: string }).statusCode).toBe('415');
    expect(await storedRow(path)).toEqual([]);
    expect((await fetch(supabase.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(404);
  });

  it('takes a real PNG and a real JPEG, and serves them with nosniff and a sandbox', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const pngPath = await shipmentPhotoPath('delivery_record');
    const jpgPath = await shipmentPhotoPath('bast', 'jpg');
    expect(
      (await supabase.storage.from(BUCKET).upload(pngPath, png(5, 5), { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (
        await supabase.storage
          .from(BUCKET)
          .upload(jpgPath, new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }))
      ).error,
    ).toBeNull();
    for (const [path, type] of [
      [pngPath, 'image/png'],
      [jpgPath, 'image/jpeg'],
    ] as const) {
      // Through the gateway and through the app's origin (what the app's <img> loads: a
      // signed URL, issue 40; the bucket is private).
      const signed = new URL(await signedUrl(supabase, path));
      for (const base of [stack().apiUrl, stack().appUrl]) {
        const res = await fetch(`${base}${signed.pathname}${signed.search}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        // A plain image is shown inline.
        expect(res.headers.get('content-disposition')).toBeNull();
        await res.arrayBuffer();
      }
      const auth = await fetch(`${stack().apiUrl}/storage/v1/object/authenticated/${BUCKET}/${path}`, {
        headers: { authorization: `Bearer ${(await supabase.auth.getSession()).data.session!.access_token}` },
      });
      expect(auth.status).toBe(200);
      expect(auth.headers.get('x-content-type-options')).toBe('nosniff');
      await auth.arrayBuffer();
    }
  });

  it("guards Storage's other bodies: a delete with a 2 MB list of names is refused with 413", async () => {
    const session = (await (await signedIn(DEMO_USERS.karawang)).auth.getSession()).data.session!;
    const res = await fetch(`${stack().apiUrl}/storage/v1/object/${BUCKET}`, {
      method: 'DELETE',
      headers: {
        apikey: stack().anonKey,
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        prefixes: Array.from({ length: 40_000 }, (_, i) => `shipments/${'x'.repeat(40)}${i}.png`),
      }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });
});
