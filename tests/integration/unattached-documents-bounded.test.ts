// Security audit 2026-12-03: a hub user could store any number of document files that no
// document names (5 MB each) on a shipment of its hub, and on the hub's own server they share a
// disk with PostgreSQL. Storage's insert policy now bounds them (document_file_room in
// supabase/schemas/functions/shipment_documents.sql): 200 per shipment, 1000 per uploader;
// over either, a 403 whose message starts with too_many_unattached_documents, nothing stored.
// A retried upload of a file already there, and an attach, make room as an honest tablet needs.
// The files the bounds count are filled in by the owner (rows of this file's own shipments and
// user); the uploads at the bound go through the stack's Storage over HTTP, as a tablet's do.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedIn, stack } from '../support/clients';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { png } from '../support/images';
import { as, closeDb, daratPayload, db, makeVehicle, rowsWhere } from './commands-support';
import { BUCKET, documentOf, put } from './documents-support';

const PER_SHIPMENT = 200;
const PER_UPLOADER = 1000;
const TOO_MANY = /^too_many_unattached_documents: /;

const run = Date.now().toString(36);
const address = `uploader-${run}@test.local`;
const password = 'rahasia-uploader-1';
let uploaderId: string;
/** The objects and shipments this file made (removed after it). */
const made = new Set<string>();
const shipments: string[] = [];

beforeAll(async () => {
  const admin = await signedIn(DEMO_USERS.admin);
  const token = (await admin.auth.getSession()).data.session!.access_token;
  const res = await fetch(`${stack().apiUrl}/functions/v1/create-user`, {
    method: 'POST',
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: address,
      password,
      full_name: 'Pengunggah Uji',
      role: 'hub_user',
      hub_id: HUB.karawang,
    }),
  });
  expect(res.status).toBe(200);
  uploaderId = ((await res.json()) as { user: { id: string } }).user.id;
});

afterAll(async () => {
  const sql = await db();
  await sql.query(`delete from storage.objects where bucket_id = $1 and (owner_id = $2 or name = any($3))`, [
    BUCKET,
    uploaderId,
    [...made],
  ]);
  await sql.query(`delete from storage.objects where bucket_id = $1 and split_part(name, '/', 2) = any($2)`, [
    BUCKET,
    shipments,
  ]);
  await sql.query('delete from auth.users where email = $1', [address]);
  await sql.query('delete from public.profiles where email = $1', [address]);
  await closeDb();
});

/** A new Karawang -> Cikarang shipment: Karawang's users may store its documents' files. */
async function shipment(): Promise<string> {
  const karawang = await as('karawang');
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
  await karawang.ok('create_shipment_darat', p);
  shipments.push(p.shipment_id);
  return p.shipment_id;
}

const documentPath = (shipmentId: string) => `shipments/${shipmentId}/documents/${randomUUID()}.png`;

/** Files that no document names, stored by the owner: `count` of them, of `owner` (or nobody). */
async function fill(names: string[], owner: string | null = null) {
  for (const name of names) made.add(name);
  await (
    await db()
  ).query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     select $1, n, $2::uuid, $2, '{}'::jsonb from unnest($3::text[]) n`,
    [BUCKET, owner, names],
  );
}

async function stored(path: string): Promise<boolean> {
  const rows = await rowsWhere('select 1 from storage.objects where bucket_id = $1 and name = $2', [
    BUCKET,
    path,
  ]);
  return rows.length === 1;
}

async function upload(client: Awaited<ReturnType<typeof signedIn>>, path: string, upsert = true, w = 4) {
  made.add(path);
  return put(client, path, new Uint8Array(png(w, 4)), 'image/png', upsert);
}

describe('document files that no document names', () => {
  it('are bounded per shipment: the one over is refused with the code, a retry and an attach make room', async () => {
    const shipmentId = await shipment();
    await fill(Array.from({ length: PER_SHIPMENT - 1 }, () => documentPath(shipmentId)));
    const karawang = await as('karawang');

    const bytes = new Uint8Array(png(5, 4));
    const doc = documentOf(shipmentId, 'surat_jalan', bytes, 'image/png');
    const last = doc.path;
    expect((await upload(karawang.client, last)).error).toBeNull();
    const over = documentPath(shipmentId);
    const refused = await upload(karawang.client, over);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    expect(refused.error?.message).toMatch(TOO_MANY);
    expect(refused.error?.message).toContain(`shipment ${shipmentId} already has ${PER_SHIPMENT}`);
    expect(await stored(over)).toBe(false);
    // The tablet's retry of a file already stored (the same path, upsert) is not counted against it.
    expect((await upload(karawang.client, last, true, 5)).error).toBeNull();

    // Another hub's user learns nothing of the count: RLS's own refusal.
    const polsub = await signedIn(DEMO_USERS.polsub);
    const other = await upload(polsub, documentPath(shipmentId));
    expect(other.error?.message).toBe('new row violates row-level security policy');

    // The shipping forms' photos (two slots a shipment) are not bounded by it.
    expect((await upload(karawang.client, `shipments/${shipmentId}/delivery_record.png`)).error).toBeNull();

    // Once a document names one of them, there is room for one more.
    const [attached] = await karawang.send([karawang.command('attach_document', doc)]);
    expect(attached).toMatchObject({ outcome: 'applied' });
    expect((await upload(karawang.client, over)).error).toBeNull();
    expect((await upload(karawang.client, documentPath(shipmentId))).error?.message).toMatch(TOO_MANY);
  });

  it('are bounded per uploader, across shipments; another uploader is not held by it', async () => {
    // Spread over many shipments, none of which reaches its own bound.
    const many = Array.from({ length: 50 }, () => randomUUID());
    const spread = Array.from({ length: PER_UPLOADER - 1 }, (_, i) => documentPath(many[i % many.length]!));
    await fill(spread, uploaderId);
    const shipmentId = await shipment();
    const uploader = anonClient();
    const { error } = await uploader.auth.signInWithPassword({ email: address, password });
    expect(error).toBeNull();

    expect((await upload(uploader, documentPath(shipmentId))).error).toBeNull();
    const over = documentPath(shipmentId);
    const refused = await upload(uploader, over);
    expect(refused.error).toMatchObject({ statusCode: '403' });
    expect(refused.error?.message).toMatch(TOO_MANY);
    expect(refused.error?.message).toContain(`this user already has ${PER_UPLOADER}`);
    expect(await stored(over)).toBe(false);

    const karawang = await as('karawang');
    expect((await upload(karawang.client, documentPath(shipmentId))).error).toBeNull();
  });

  it("are not piled onto a full shipment by renaming another's (hosted Storage's move is an update)", async () => {
    const full = await shipment();
    await fill(Array.from({ length: PER_SHIPMENT }, () => documentPath(full)));
    const from = await shipment();
    const karawang = await as('karawang');
    const source = documentPath(from);
    expect((await upload(karawang.client, source)).error).toBeNull();
    const target = documentPath(full);
    made.add(target);

    // The update hosted Storage's move makes, as the caller (its role and claims), under RLS.
    const sql = await db();
    await sql.query('begin');
    try {
      await sql.query('set local role authenticated');
      await sql.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: karawang.id, role: 'authenticated' }),
      ]);
      await expect(
        sql.query('update storage.objects set name = $3 where bucket_id = $1 and name = $2', [
          BUCKET,
          source,
          target,
        ]),
      ).rejects.toMatchObject({ code: '42501', message: expect.stringMatching(TOO_MANY) });
    } finally {
      await sql.query('rollback');
    }
    expect(await stored(source)).toBe(true);
    expect(await stored(target)).toBe(false);
  });
});
