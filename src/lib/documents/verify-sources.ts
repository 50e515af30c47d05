// "Periksa dokumen" (issue 40), where it looks: offline, this tablet's copy (the replicated
// shipment_documents rows and the files it made, kept in its upload queue until sign-out);
// online, the server (the same tables through PostgREST, so RLS decides what a user may
// check, and the sealed file from Storage), with this tablet's own file bytes when it holds
// them. verify-document.ts judges what they found.
import type { DocumentUpload, SyncEngine } from '../../../sync/pure';
import { supabase } from '../session/supabase';
import { evidenceOfPdf, sha256Hex, type Evidence } from './evidence';
import {
  claimedDocumentId,
  verifyDocument,
  type Claim,
  type SealedRow,
  type ServerReceipt,
  type VerifyInput,
  type VerifyResult,
} from './verify-document';

const BUCKET = 'shipment-documents';
const ROW = 'id, shipment_id, kind, sha256, received_at, deleted, path';

type Row = SealedRow & { path: string };

/** The claim of a chosen file: its bytes' hash and the content it carries. */
export async function fileClaim(bytes: Uint8Array): Promise<Claim> {
  return { from: 'file', fileSha256: await sha256Hex(bytes), evidence: evidenceOfPdf(bytes) };
}

async function copyOf(
  bytes: ArrayBuffer | Uint8Array,
): Promise<{ sha256: string; evidence: Evidence | null }> {
  const view = new Uint8Array(bytes);
  return { sha256: await sha256Hex(view), evidence: evidenceOfPdf(view) };
}

function shipmentOf(claim: Claim): string | null {
  if (claim.from === 'qr') return claim.shipmentId;
  const content = claim.evidence?.content as { shipment_id?: unknown } | undefined;
  return typeof content?.shipment_id === 'string' ? content.shipment_id : null;
}

function signatureIds(evidence: Evidence | null): string[] {
  const receipt = (evidence?.receipt ?? {}) as Record<string, { signature_id?: unknown } | undefined>;
  return (['receiver', 'driver'] as const)
    .map((role) => receipt[role]?.signature_id)
    .filter((id): id is string => typeof id === 'string');
}

/** This tablet's queued (or uploaded) file of a document. */
async function upload(
  engine: SyncEngine,
  shipmentId: string | null,
  id: string,
): Promise<DocumentUpload | null> {
  const uploads = engine.local.store.uploads;
  const entries = shipmentId
    ? await uploads.where('shipment_id').equals(shipmentId).toArray()
    : await uploads.toArray();
  return (entries.find((u) => u.document?.id === id) as DocumentUpload | undefined) ?? null;
}

async function deviceRows(engine: SyncEngine, selector: Record<string, string>): Promise<Row[]> {
  const docs = await engine.db.shipment_documents.find({ selector }).exec();
  return docs.map((d) => d.toJSON() as unknown as Row);
}

/** Checks against this tablet's copy only (offline). */
export async function verifyOnDevice(engine: SyncEngine, claim: Claim): Promise<VerifyResult> {
  let id = claimedDocumentId(claim);
  let row: Row | null = null;
  if (claim.from === 'file') [row = null] = await deviceRows(engine, { sha256: claim.fileSha256 });
  id = row?.id ?? id;
  if (!row && id) [row = null] = await deviceRows(engine, { id });
  const shipmentId = row?.shipment_id ?? shipmentOf(claim);
  const mine = id ? await upload(engine, shipmentId, id) : null;
  const copy = mine ? await copyOf(mine.bytes) : null;
  const sigIds = signatureIds(copy?.evidence ?? null);
  const signatures = new Map<string, SealedRow>();
  for (const sig of sigIds) {
    const [found] = await deviceRows(engine, { id: sig });
    if (found) signatures.set(sig, found);
  }
  const others = row ? await deviceRows(engine, { shipment_id: row.shipment_id }) : [];
  const input: VerifyInput = {
    claim,
    source: 'device',
    row,
    pending: !row && !!mine,
    copy,
    signatures,
    receipt: null,
    others,
  };
  return verifyDocument(input);
}

async function serverRows(
  filter: (q: ReturnType<typeof select>) => PromiseLike<{ data: unknown; error: unknown }>,
) {
  const { data, error } = await filter(select());
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (data ?? []) as Row[];
}
const select = () => supabase.from('shipment_documents').select(ROW);

/** Checks against the server (online); throws when the server cannot be read. */
export async function verifyOnServer(engine: SyncEngine | null, claim: Claim): Promise<VerifyResult> {
  let id = claimedDocumentId(claim);
  let row: Row | null = null;
  if (claim.from === 'file')
    [row = null] = await serverRows((q) => q.eq('sha256', claim.fileSha256).limit(1));
  id = row?.id ?? id;
  if (!row && id) [row = null] = await serverRows((q) => q.eq('id', id!).limit(1));
  const shipmentId = row?.shipment_id ?? shipmentOf(claim);
  const mine = engine && id ? await upload(engine, shipmentId, id) : null;
  let copy = mine && row && mine.document.sha256 === row.sha256 ? await copyOf(mine.bytes) : null;
  if (!copy && row && !row.deleted) {
    const { data, error } = await supabase.storage.from(BUCKET).download(row.path);
    if (error || !data) throw error ?? new Error('no data');
    copy = await copyOf(await data.arrayBuffer());
  }
  if (!copy && mine) copy = await copyOf(mine.bytes);
  const sigIds = signatureIds(copy?.evidence ?? null);
  const signatures = new Map<string, SealedRow>();
  if (sigIds.length) for (const s of await serverRows((q) => q.in('id', sigIds))) signatures.set(s.id, s);
  const others = row ? await serverRows((q) => q.eq('shipment_id', row.shipment_id)) : [];
  const receiptId = (copy?.evidence?.receipt as { receipt_id?: unknown } | undefined)?.receipt_id;
  let receipt: ServerReceipt | null = null;
  if (typeof receiptId === 'string') {
    const { data, error } = await supabase
      .from('shipment_receipts')
      .select(
        'receiver_name, driver_name, signed_at, smartboard_received, bracket_received, smartboard_damaged, bracket_damaged',
      )
      .eq('id', receiptId)
      .maybeSingle<ServerReceipt>();
    if (error) throw new Error(error.message);
    receipt = data;
  }
  return verifyDocument({
    claim,
    source: 'server',
    row,
    pending: !row && !!mine,
    copy,
    signatures,
    receipt,
    others,
  });
}

/** Online: the server (falling back to the tablet when it cannot be read); offline: the tablet. */
export async function verify(
  engine: SyncEngine | null,
  claim: Claim,
  online: boolean,
): Promise<VerifyResult> {
  if (online) {
    try {
      return await verifyOnServer(engine, claim);
    } catch (error) {
      console.warn('document check: the server could not be read; the tablet checks', error);
    }
  }
  if (!engine) throw new Error('Database lokal belum siap.');
  return verifyOnDevice(engine, claim);
}
