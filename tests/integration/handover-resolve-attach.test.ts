// Issue 28: resolve_discrepancy (tower control and admins, a note, a second resolve told
// who and when) and attach_document (who may attach which kind, the stored file and its
// exact path, idempotent by id), for every role and hub; and who reads the handover's rows
// (RLS, and so the pull).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { formatWib } from '../../sync/domain/time';
import { DEMO_USERS } from '../support/demo';
import { as, closeDb, rowOf, rowsWhere } from './commands-support';
import {
  discrepancy,
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

/** A shipment counted at Cikarang with one open discrepancy (2 TV short). */
async function withDiscrepancy() {
  const { shipmentId } = await unloadingAtCikarang();
  const d = discrepancy('smartboard', 'kurang', 2);
  await (
    await as('cikarang')
  ).ok(
    'complete_unloading',
    hubCompletion(shipmentId, receipt({ smartboard_received: 10, discrepancies: [d] })),
  );
  return { shipmentId, discrepancyId: d.id };
}

describe('resolve_discrepancy', () => {
  it('tower control and admins resolve with a note, recording who and when', async () => {
    for (const who of ['tower', 'admin'] as const) {
      const { discrepancyId } = await withDiscrepancy();
      const user = await as(who);
      const command = await user.ok('resolve_discrepancy', {
        discrepancy_id: discrepancyId,
        note: '  Diganti vendor  ',
      });
      const d = await rowOf<Record<string, unknown>>('discrepancies', discrepancyId);
      expect(d, who).toMatchObject({
        status: 'resolved',
        resolved_by: user.id,
        resolution_note: 'Diganti vendor',
      });
      expect(d!.resolved_at).toBeInstanceOf(Date);
      expect(command.id).toBeTruthy();
    }
  });

  it('is refused for hub users: the origin, the destination and another hub', async () => {
    const { discrepancyId } = await withDiscrepancy();
    for (const who of ['karawang', 'cikarang', 'makassar'] as const) {
      const result = await (
        await as(who)
      ).run('resolve_discrepancy', { discrepancy_id: discrepancyId, note: 'Selesai' });
      expect(result, who).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
        message: 'Anda tidak memiliki izin untuk tindakan ini.',
      });
    }
    expect(await rowOf('discrepancies', discrepancyId)).toMatchObject({ status: 'open', resolved_by: null });
  });

  it('a second resolve is a conflict naming who resolved it and when; a replay answers as before', async () => {
    const { discrepancyId } = await withDiscrepancy();
    const tower = await as('tower');
    const admin = await as('admin');
    const command = tower.command('resolve_discrepancy', {
      discrepancy_id: discrepancyId,
      note: 'Klaim ke vendor',
    });
    const [first] = await tower.send([command]);
    expect(await tower.send([command])).toEqual([first]);
    const d = await rowOf<{ resolved_at: Date }>('discrepancies', discrepancyId);
    const second = await admin.run('resolve_discrepancy', { discrepancy_id: discrepancyId, note: 'Lain' });
    expect(second).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: `Selisih sudah diselesaikan oleh ${DEMO_USERS.tower} pada ${formatWib(d!.resolved_at.toISOString())}`,
    });
    expect(await rowOf('discrepancies', discrepancyId)).toMatchObject({ resolution_note: 'Klaim ke vendor' });
  });

  it('refuses a missing or too long note and an unknown discrepancy, changing nothing', async () => {
    const { discrepancyId } = await withDiscrepancy();
    const tower = await as('tower');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ discrepancy_id: discrepancyId, note: '   ' }, 'validation', 'Catatan penyelesaian wajib diisi'],
      [{ discrepancy_id: discrepancyId }, 'validation', 'Catatan penyelesaian wajib diisi'],
      [
        { discrepancy_id: discrepancyId, note: 'x'.repeat(501) },
        'validation',
        'Catatan maksimal 500 karakter',
      ],
      [{ discrepancy_id: randomUUID(), note: 'Selesai' }, 'not_found', 'Selisih tidak ditemukan.'],
    ];
    for (const [payload, code, message] of cases) {
      expect(await tower.run('resolve_discrepancy', payload)).toMatchObject({
        outcome: 'rejected',
        code,
        message,
      });
    }
    expect(await rowOf('discrepancies', discrepancyId)).toMatchObject({ status: 'open' });
  });
});

/** attach_document's payload for a new file of a shipment. */
function documentOf(shipmentId: string, kind: string, extra: Record<string, unknown> = {}) {
  const id = randomUUID();
  const mime = kind === 'surat_jalan' || kind === 'bast' ? 'application/pdf' : 'image/png';
  const ext = mime === 'application/pdf' ? 'pdf' : 'png';
  return {
    id,
    shipment_id: shipmentId,
    kind,
    path: `shipments/${shipmentId}/documents/${id}.${ext}`,
    mime,
    size_bytes: 2048,
    sha256: 'ab'.repeat(32),
    device_time: new Date().toISOString(),
    latitude: -6.3,
    longitude: 107.15,
    accuracy_m: 12.5,
    ...extra,
  };
}

const documentsOf = async (shipmentId: string) =>
  (await rowsWhere('select id from public.shipment_documents where shipment_id = $1', [shipmentId])).length;

describe('attach_document', () => {
  it("the surat jalan is the origin hub's, the receipt's documents the destination's; staff any", async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const cases: Array<[string, 'karawang' | 'cikarang' | 'poljak' | 'tower' | 'admin', boolean]> = [
      ['surat_jalan', 'karawang', true],
      ['surat_jalan', 'cikarang', false],
      ['surat_jalan', 'poljak', false],
      ['surat_jalan', 'tower', true],
      ['bast', 'cikarang', true],
      ['signature_receiver', 'cikarang', true],
      ['signature_driver', 'karawang', false],
      ['discrepancy_photo', 'poljak', false],
      ['bast', 'admin', true],
    ];
    let attached = 0;
    for (const [kind, who, allowed] of cases) {
      const user = await as(who);
      const p = documentOf(shipmentId, kind);
      await storedObject(p);
      const result = await user.run('attach_document', p);
      if (allowed) {
        expect(result, `${kind} by ${who}`).toMatchObject({ outcome: 'applied' });
        attached += 1;
        expect(await rowOf('shipment_documents', p.id)).toMatchObject({
          kind,
          path: p.path,
          mime: p.mime,
          size_bytes: 2048,
          sha256: p.sha256,
          latitude: -6.3,
          accuracy_m: 12.5,
          uploaded_by: user.id,
        });
      } else {
        expect(result, `${kind} by ${who}`).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
      }
    }
    expect(await documentsOf(shipmentId)).toBe(attached);
  });

  it('at a POD: its city hub attaches the receipt documents; the origin port only the surat jalan', async () => {
    const { shipmentId } = await unloadingAtMakassar();
    const makassar = await as('makassar');
    const poljak = await as('poljak');
    const bast = documentOf(shipmentId, 'bast');
    const sj = documentOf(shipmentId, 'surat_jalan');
    const sig = documentOf(shipmentId, 'signature_driver');
    for (const p of [bast, sj, sig]) await storedObject(p);
    expect(await makassar.run('attach_document', bast)).toMatchObject({ outcome: 'applied' });
    expect(await poljak.run('attach_document', sj)).toMatchObject({ outcome: 'applied' });
    expect(await poljak.run('attach_document', sig)).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
      message: 'Anda tidak memiliki izin untuk POD kota ini.',
    });
    expect(await documentsOf(shipmentId)).toBe(2);
    await makassar.ok(
      'pod_complete',
      podCompletion(shipmentId, receipt({ smartboard_received: 20, bracket_received: 10 })),
    );
  });

  it('is idempotent by id: the same document again is applied once; another file under its id is refused', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    const p = documentOf(shipmentId, 'signature_receiver', {
      latitude: null,
      longitude: null,
      accuracy_m: null,
    });
    await storedObject(p);
    const command = cikarang.command('attach_document', p);
    const [first] = await cikarang.send([command]);
    expect(first).toMatchObject({ outcome: 'applied' });
    expect(await cikarang.send([command])).toEqual([first]);
    expect(await cikarang.run('attach_document', p)).toMatchObject({ outcome: 'applied' });
    expect(await cikarang.run('attach_document', { ...p, sha256: 'cd'.repeat(32) })).toMatchObject({
      outcome: 'rejected',
      code: 'duplicate_id',
    });
    expect(await documentsOf(shipmentId)).toBe(1);
    expect(await rowOf('shipment_documents', p.id)).toMatchObject({ sha256: p.sha256, latitude: null });
  });

  it('refuses a file not in the bucket, a wrong path, type or hash, writing nothing', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const other = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    const missing = documentOf(shipmentId, 'bast');
    expect(await cikarang.run('attach_document', missing)).toMatchObject({
      outcome: 'rejected',
      code: 'upload_missing',
      message: 'Berkas belum ada di penyimpanan; unggah ulang lalu coba lagi.',
    });
    const bad: Array<Record<string, unknown>> = [];
    const base = documentOf(shipmentId, 'bast');
    await storedObject(base);
    bad.push({ ...base, path: `shipments/${other.shipmentId}/documents/${base.id}.pdf` });
    bad.push({ ...base, path: `shipments/${shipmentId}/${base.id}.pdf` });
    bad.push({ ...base, path: base.path.replace('.pdf', '.png') });
    bad.push({ ...base, mime: 'image/png' });
    bad.push({ ...base, mime: 'text/html', path: base.path.replace('.pdf', '.html') });
    bad.push({ ...base, kind: 'foto' });
    bad.push({ ...base, sha256: 'xyz' });
    bad.push({ ...base, size_bytes: 0 });
    bad.push({ ...base, latitude: 91 });
    bad.push({ ...base, latitude: 1, longitude: null });
    bad.push({ ...base, device_time: 'kemarin' });
    bad.push({ ...base, discrepancy_id: randomUUID() });
    for (const p of bad) {
      expect(await cikarang.run('attach_document', p), JSON.stringify(p)).toMatchObject({
        outcome: 'rejected',
        code: 'validation',
        message: 'Perintah tidak valid.',
      });
    }
    expect(await documentsOf(shipmentId)).toBe(0);
    expect(await cikarang.run('attach_document', base)).toMatchObject({ outcome: 'applied' });
  });
});

describe('who reads the handover rows (RLS and the pull)', () => {
  it('staff and the hubs of the shipment read them; another hub none', async () => {
    const { shipmentId, discrepancyId } = await withDiscrepancy();
    const p = documentOf(shipmentId, 'bast');
    await storedObject(p);
    await (await as('cikarang')).ok('attach_document', p);
    const [r] = await rowsWhere<{ id: string }>(
      'select id from public.shipment_receipts where shipment_id = $1',
      [shipmentId],
    );
    for (const [who, sees] of [
      ['admin', true],
      ['tower', true],
      ['karawang', true],
      ['cikarang', true],
      ['poljak', false],
      ['makassar', false],
    ] as const) {
      const client = (await as(who)).client;
      const read = async (table: string, id: string) =>
        (await client.from(table).select('id').eq('id', id)).data?.length ?? -1;
      expect(await read('discrepancies', discrepancyId), `${who} discrepancies`).toBe(sees ? 1 : 0);
      expect(await read('shipment_documents', p.id), `${who} documents`).toBe(sees ? 1 : 0);
      expect(await read('shipment_receipts', r!.id), `${who} receipts`).toBe(sees ? 1 : 0);
      const pulled = await client.rpc('rows_by_id', { p_table: 'discrepancies', p_ids: [discrepancyId] });
      expect((pulled.data as unknown[]).length, `${who} pull`).toBe(sees ? 1 : 0);
    }
  });
});
