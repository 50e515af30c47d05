// The upload queue and Storage's bound on document files no document names (security audit
// 2026-12-03, document_file_room): that 403 stops its entry for good with its own message, and
// the uploads behind it still go. Storage here is a stand-in answering as the local stack and
// hosted Storage do (tests/integration/unattached-documents-bounded.test.ts drives the real one).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { UploadEntry } from '../../sync/db/engine-store';
import { HANDOVER_MESSAGES as M } from '../../sync/messages-handover';
import { drainUploads, queueDocumentUpload, refusedAsTooMany } from '../../sync/uploads/queue';
import { useFakeLocal } from '../support/fake-local';

const local = useFakeLocal('upload-queue-too-many');

const TOO_MANY =
  'too_many_unattached_documents: shipment x already has 200 stored document files that no document names; attach them before storing more';

/** Storage refusing uploads of `full` shipments with the bound's 403, taking the rest. */
function storage(full: string) {
  const sent: string[] = [];
  const client = {
    storage: {
      from: () => ({
        upload: async (path: string) => {
          sent.push(path);
          if (path.includes(full)) {
            const error = Object.assign(new Error(TOO_MANY), { status: 403, statusCode: '403' });
            return { data: null, error };
          }
          return { data: { path }, error: null };
        },
        exists: async () => ({ data: false, error: null }),
      }),
    },
    functions: { invoke: async () => ({ data: { measured_by: 'storage' }, error: null }) },
  };
  return { client: client as unknown as SupabaseClient, sent };
}

const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).buffer;

describe('the upload queue and the bound on unattached document files', () => {
  it('tells the bound from another refusal', () => {
    expect(refusedAsTooMany({ status: 403, message: TOO_MANY })).toBe(true);
    expect(refusedAsTooMany({ statusCode: '403', message: TOO_MANY })).toBe(true);
    expect(refusedAsTooMany({ status: 403, message: 'new row violates row-level security policy' })).toBe(
      false,
    );
    // Only Storage's 403 carries it: a 500 naming it is no refusal of ours.
    expect(refusedAsTooMany({ status: 500, message: TOO_MANY })).toBe(false);
  });

  it('stops a file refused by the bound with its message, and uploads the files behind it', async () => {
    const full = randomUUID();
    const other = randomUUID();
    const refused = await queueDocumentUpload(local(), {
      shipmentId: full,
      kind: 'discrepancy_photo',
      bytes: png(),
      mime: 'image/png',
    });
    const behind = await queueDocumentUpload(local(), {
      shipmentId: other,
      kind: 'signature_receiver',
      bytes: png(),
      mime: 'image/png',
    });
    const { client, sent } = storage(full);
    const attached: UploadEntry[] = [];
    const result = await drainUploads(client, local(), async (entry) => void attached.push(entry));
    expect(result).toEqual({ uploaded: 1, failed: 1 });
    expect(attached.map((e) => e.path)).toEqual([behind.path]);
    expect(await local().store.uploads.get(behind.path)).toMatchObject({ state: 'uploaded' });
    expect(await local().store.uploads.get(refused.path)).toMatchObject({
      state: 'failed',
      last_error: TOO_MANY,
    });
    expect(await local().store.conflicts.get(`upload:${refused.path}`)).toMatchObject({
      type: 'attach_document',
      code: 'forbidden',
      message: M.uploadTooMany,
      key: { key: 'handover.uploadTooMany' },
      payload: { shipment_id: full, path: refused.path },
    });
    // Never sent again.
    const before = sent.length;
    await drainUploads(client, local(), async () => {}, Number.POSITIVE_INFINITY);
    expect(sent.slice(before)).toEqual([]);
  });
});
