// The Storage stand-in through supabase-js: the shipment-documents bucket's
// type and size limits and its policies, as hosted Storage applies them.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, signedIn } from '../support/clients';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import { as, closeDb, daratPayload, makeVehicle } from './commands-support';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';

const BUCKET = 'shipment-documents';

afterAll(closeDb);

/** The object path of a fresh Karawang shipment's photo: what its users may write. */
async function shipmentPhotoPath(slot: 'delivery_record' | 'bast' = 'delivery_record'): Promise<string> {
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang, { image_count: 0 });
  await (await as('karawang')).ok('create_shipment_darat', p);
  return `shipments/${p.shipment_id}/${slot}.png`;
}

describe('shipment-documents bucket', () => {
  it('stores an authenticated PNG upload and serves the same bytes at a signed URL', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const bytes = png(40, 30);
    const path = await shipmentPhotoPath();
    const { data, error } = await supabase.storage
      .from(BUCKET)
      .upload(path, bytes, { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data?.path).toBe(path);

    const res = await fetch(await signedUrl(supabase, path));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const download = await supabase.storage.from(BUCKET).download(path);
    expect(download.error).toBeNull();
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('uploads a Blob (multipart form) too', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const bytes = png(8, 8);
    const path = await shipmentPhotoPath('bast');
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(path, new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    expect(error).toBeNull();
    const res = await fetch(await signedUrl(supabase, path));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a second upload to the same path unless upsert is asked, then replaces the bytes', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const path = await shipmentPhotoPath();
    expect(
      (await supabase.storage.from(BUCKET).upload(path, png(4, 4), { contentType: 'image/png' })).error,
    ).toBeNull();
    const again = await supabase.storage.from(BUCKET).upload(path, png(5, 5), { contentType: 'image/png' });
    expect(again.error?.message).toBe('The resource already exists');
    const replacement = png(6, 6, [200, 10, 10]);
    const upsert = await supabase.storage
      .from(BUCKET)
      .upload(path, replacement, { contentType: 'image/png', upsert: true });
    expect(upsert.error).toBeNull();
    const res = await fetch(await signedUrl(supabase, path));
    expect(Buffer.from(await res.arrayBuffer()).equals(replacement)).toBe(true);
  });

  it('refuses a text file with invalid_mime_type', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(`tests/${randomUUID()}.txt`, Buffer.from('hello'), { contentType: 'text/plain' });
    expect(error).not.toBeNull();
    expect((error as unknown as { statusCode: string }).statusCode).toBe('415');
    expect(error?.message).toBe('mime type text/plain is not supported');
  });

  it('refuses a 6 MB image as too large', async () => {
    const supabase = await signedIn(DEMO_USERS.karawang);
    const big = Buffer.concat([png(2, 2), Buffer.alloc(6 * 1024 * 1024)]);
    const { error } = await supabase.storage
      .from(BUCKET)
      .upload(`tests/${randomUUID()}.png`, big, { contentType: 'image/png' });
    expect((error as unknown as { statusCode: string }).statusCode).toBe('413');
    expect(error?.message).toBe('The object exceeded the maximum allowed size');
  });

  it('refuses an anonymous upload through the storage policies', async () => {
    const path = `tests/${randomUUID()}.png`;
    const { error } = await anonClient()
      .storage.from(BUCKET)
      .upload(path, png(4, 4), { contentType: 'image/png' });
    expect((error as unknown as { statusCode: string }).statusCode).toBe('403');
    expect(error?.message).toBe('new row violates row-level security policy');
    const res = await fetch(anonClient().storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(res.status).toBe(404);
  });
});
