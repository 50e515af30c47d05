// POST { path } as a signed-in user (issue 40 on hosted Storage; docs/evidence.md, "Measured on
// hosted Storage"). Hosted Storage keeps no SHA-256 of an upload, so the server measures a
// handover document itself before the device attaches it: the object's stamp is read, its
// bytes are downloaded as the caller (Storage's select policy: only the shipment's readers get
// them), hashed, and recorded under that stamp (public.record_document_measure), which holds
// only if nothing wrote the object meanwhile. The local stand-in measures while it stores; then
// this answers at once. The device calls it between the upload and attach_document
// (sync/uploads/queue.ts); the attach's trigger takes the hash from the record.
import { env, service } from '../_shared/admin.ts';
import { HttpError, serveJson } from '../_shared/http.ts';

const BUCKET = 'shipment-documents';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A handover document's path (public.shipment_of_document_file), nothing else. */
const DOCUMENT_PATH = new RegExp(`^shipments/${UUID}/documents/${UUID}\\.(pdf|png|jpg)$`);

interface ObjectState {
  stamp: string;
  measured: boolean;
}

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

serveJson(async (request, body) => {
  const path = body.path;
  if (typeof path !== 'string' || !DOCUMENT_PATH.test(path)) {
    throw new HttpError(
      400,
      'path must be a handover document path: shipments/<id>/documents/<id>.<pdf|png|jpg>',
    );
  }
  // The stamp before the bytes: a write after this read changes it, and the record is refused.
  const state = await service<ObjectState | null>('/rest/v1/rpc/document_object_state', {
    method: 'POST',
    body: JSON.stringify({ p_path: path }),
  });
  // As the caller: Storage's own policy says who reads the object (404 for everyone else,
  // whether or not it exists).
  const download = await fetch(`${env('SUPABASE_URL')}/storage/v1/object/authenticated/${BUCKET}/${path}`, {
    headers: { apikey: env('SUPABASE_ANON_KEY'), authorization: request.headers.get('authorization') ?? '' },
  });
  if (!download.ok || !state) {
    await download.body?.cancel();
    throw new HttpError(404, 'No such document, or not one this user may read');
  }
  // Measured by the Storage that took it (the local stand-in): the caller may read it, no more.
  if (state.measured) {
    await download.body?.cancel();
    return { path, measured_by: 'storage' };
  }
  const bytes = await download.arrayBuffer();
  const sha256 = hex(await crypto.subtle.digest('SHA-256', bytes));
  const recorded = await service<boolean>('/rest/v1/rpc/record_document_measure', {
    method: 'POST',
    body: JSON.stringify({ p_path: path, p_stamp: state.stamp, p_sha256: sha256, p_size: bytes.byteLength }),
  });
  // Written again while it was read (only its uploader may, before the attach): measure again.
  if (!recorded) throw new HttpError(409, 'The document was written again while it was measured; ask again');
  return { path, measured_by: 'server', sha256, size_bytes: bytes.byteLength };
});
