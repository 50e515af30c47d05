// "Periksa dokumen" (issue 40), the judgement, pure: is this paper (its QR) or this file the
// sealed document? From what the sources found (verify-sources.ts: the tablet's copy offline,
// the server online): the sealed row (shipment_documents: its file's sha256 and the server's
// time), a copy of the sealed file with the canonical content it carries (evidence.ts), the
// signatures' sealed rows, the server's receipt and the shipment's other documents of the kind.
import { canonicalInstant, canonicalJson, sha256Hex, type Evidence } from './evidence';

export interface SealedRow {
  id: string;
  shipment_id: string;
  kind: string;
  sha256: string;
  received_at: string;
  deleted?: boolean;
  /** A correction names the document it replaces (when the server records it). */
  replaces?: string | null;
}

export type Claim =
  /** A scanned QR code (qr-payload.ts). */
  | { from: 'qr'; shipmentId: string; documentId?: string; contentSha256?: string }
  /** A chosen file: its bytes' sha256 and the content it carries. */
  | { from: 'file'; fileSha256: string; evidence: Evidence | null };

export interface ServerReceipt {
  receiver_name: string;
  driver_name: string;
  signed_at: string;
  smartboard_received: number;
  bracket_received: number;
  smartboard_damaged: number;
  bracket_damaged: number;
}

export interface VerifyInput {
  claim: Claim;
  source: 'device' | 'server';
  row: SealedRow | null;
  /** Held on this tablet, waiting for its upload (no sealed row yet). */
  pending: boolean;
  /** The copy of the document's file that was read (this tablet's, or the server's). */
  copy: { sha256: string; evidence: Evidence | null } | null;
  signatures: ReadonlyMap<string, SealedRow>;
  receipt: ServerReceipt | null;
  /** The shipment's other documents of the same kind. */
  others: readonly SealedRow[];
}

export type Verdict =
  | 'sesuai'
  | 'tidakSesuai'
  | 'diganti'
  | 'belumTersegel'
  | 'perluOnline'
  | 'kodeLama'
  /** The server shows no such document to this user: none exists, or its shipment is not theirs. */
  | 'tidakDikenal';

export type Reason =
  | 'oldCode'
  | 'notOnDevice'
  | 'notRegistered'
  | 'otherShipment'
  | 'fileDiffers'
  | 'copyDiffers'
  | 'noCopy'
  | 'noEvidence'
  | 'contentDiffers'
  | 'receiptChainBroken'
  | 'signatureDiffers'
  | 'signaturePending'
  | 'receiptDiffers'
  | 'pendingUpload'
  | 'replaced';

export interface Signer {
  role: 'receiver' | 'driver';
  name: string;
  signedAt: string;
}

export interface VerifyResult {
  verdict: Verdict;
  reasons: Reason[];
  source: 'device' | 'server';
  documentId: string | null;
  kind: string | null;
  /** When the server received (sealed) the document. */
  receivedAt: string | null;
  signers: Signer[];
  replacedBy: { id: string; receivedAt: string } | null;
}

const FAILURES: ReadonlySet<Reason> = new Set<Reason>([
  'otherShipment',
  'fileDiffers',
  'copyDiffers',
  'noEvidence',
  'contentDiffers',
  'receiptChainBroken',
  'signatureDiffers',
  'receiptDiffers',
]);

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The document id a claim names (the QR's, or the one the file's content names). */
export function claimedDocumentId(claim: Claim): string | null {
  if (claim.from === 'qr') return claim.documentId ?? null;
  return str(obj(claim.evidence?.content).document_id) || null;
}

function signersOf(receipt: unknown): Signer[] {
  const r = obj(receipt);
  if (!r.receiver || !r.driver) return [];
  return (['receiver', 'driver'] as const).map((role) => ({
    role,
    name: str(obj(r[role]).name),
    signedAt: str(r.signed_at),
  }));
}

function sameInstant(a: string, b: string): boolean {
  try {
    return canonicalInstant(a) === canonicalInstant(b);
  } catch {
    return false;
  }
}

/** Does the server's receipt say what the document's receipt says? */
function receiptMatches(server: ServerReceipt, receipt: unknown): boolean {
  const r = obj(receipt);
  const tv = obj(r.smartboard);
  const br = obj(r.bracket);
  // As the canonical form writes a name: trimmed, NFC.
  const name = (s: string) => s.trim().normalize('NFC');
  return (
    name(server.receiver_name) === name(str(obj(r.receiver).name)) &&
    name(server.driver_name) === name(str(obj(r.driver).name)) &&
    sameInstant(server.signed_at, str(r.signed_at)) &&
    server.smartboard_received === tv.received &&
    server.smartboard_damaged === tv.damaged &&
    server.bracket_received === br.received &&
    server.bracket_damaged === br.damaged
  );
}

/** The later document that replaced this one: one naming it, else a later one of the kind. */
function replacement(row: SealedRow, others: readonly SealedRow[]): SealedRow | null {
  const live = others.filter((o) => !o.deleted && o.id !== row.id && o.shipment_id === row.shipment_id);
  const naming = live.find((o) => o.replaces === row.id);
  if (naming) return naming;
  const later = live
    .filter((o) => o.kind === row.kind && o.received_at > row.received_at)
    .sort((a, b) => b.received_at.localeCompare(a.received_at));
  return later[0] ?? null;
}

export async function verifyDocument(input: VerifyInput): Promise<VerifyResult> {
  const { claim, row, copy } = input;
  const reasons: Reason[] = [];
  const result = (verdict: Verdict, extra: Partial<VerifyResult> = {}): VerifyResult => ({
    verdict,
    reasons,
    source: input.source,
    documentId: row?.id ?? claimedDocumentId(claim),
    kind: row?.kind ?? null,
    receivedAt: row?.received_at ?? null,
    signers: signersOf(
      copy?.evidence?.receipt ?? (claim.from === 'file' ? claim.evidence?.receipt : undefined),
    ),
    replacedBy: null,
    ...extra,
  });
  if (claim.from === 'qr' && !claim.documentId) {
    reasons.push('oldCode');
    return result('kodeLama');
  }
  if (claim.from === 'file' && row && claim.fileSha256 !== row.sha256) reasons.push('fileDiffers');
  if (claim.from === 'file' && !row && !claim.evidence) {
    reasons.push('noEvidence');
    return result('tidakSesuai');
  }
  if (!row || row.deleted) {
    if (input.pending) reasons.push('pendingUpload');
    else reasons.push(input.source === 'device' ? 'notOnDevice' : 'notRegistered');
  }
  if (row && claim.from === 'qr' && row.shipment_id !== claim.shipmentId) reasons.push('otherShipment');

  // The content the paper or file claims against the content the sealed copy carries.
  const evidence = copy?.evidence ?? null;
  if (!copy) {
    if (claim.from === 'qr' && row) reasons.push('noCopy');
  } else {
    if (row && copy.sha256 !== row.sha256) reasons.push('copyDiffers');
    if (!evidence) reasons.push('noEvidence');
  }
  if (evidence) {
    const content = obj(evidence.content);
    const hash = await sha256Hex(canonicalJson(evidence.content));
    const claimed =
      claim.from === 'qr'
        ? claim.contentSha256
        : claim.evidence
          ? await sha256Hex(canonicalJson(claim.evidence.content))
          : undefined;
    if (claimed !== undefined && claimed !== hash) reasons.push('contentDiffers');
    if (row && str(content.document_id) !== row.id) reasons.push('contentDiffers');
    if (evidence.receipt !== undefined) {
      if ((await sha256Hex(canonicalJson(evidence.receipt))) !== str(content.receipt_sha256))
        reasons.push('receiptChainBroken');
      const receipt = obj(evidence.receipt);
      for (const role of ['receiver', 'driver'] as const) {
        const signer = obj(receipt[role]);
        const sealed = input.signatures.get(str(signer.signature_id));
        if (!sealed || sealed.deleted) reasons.push('signaturePending');
        else if (sealed.sha256 !== str(signer.signature_sha256)) reasons.push('signatureDiffers');
      }
      // Online, the server's receipt must say what the document's does (none at all: it never was).
      if (
        input.source === 'server' &&
        row &&
        (!input.receipt || !receiptMatches(input.receipt, evidence.receipt))
      )
        reasons.push('receiptDiffers');
    }
  }

  const unique = [...new Set(reasons)];
  reasons.splice(0, reasons.length, ...unique);
  if (reasons.some((r) => FAILURES.has(r))) return result('tidakSesuai');
  if (reasons.includes('notRegistered')) return result('tidakDikenal');
  const later = row && !row.deleted ? replacement(row, input.others) : null;
  const replacedBy = later ? { id: later.id, receivedAt: later.received_at } : null;
  if (later) {
    reasons.push('replaced');
    return result('diganti', { replacedBy });
  }
  if (reasons.includes('notOnDevice') || reasons.includes('noCopy')) return result('perluOnline');
  if (reasons.includes('pendingUpload') || reasons.includes('signaturePending'))
    return result('belumTersegel');
  return result('sesuai');
}
