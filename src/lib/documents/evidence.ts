// A paper that proves itself (issue 40): the canonical content of the handover documents
// and the hash chain that ties them together, pure (Web Crypto's SHA-256 only).
//
//   signature PNG bytes --sha256--> receipt content --sha256--> BAST content --sha256--> QR
//
// The QR printed inside a PDF cannot carry the hash of the PDF file it is part of, so it
// carries the hash of the document's canonical content instead: the data the PDF renders
// (and, for the BAST, the receipt's hash, which holds both signatures' hashes), written as
// canonical JSON (keys sorted, no spaces, strings NFC, times as UTC ISO instants). The file's
// own sha256 is what the server sealed (shipment_documents.sha256). The PDF carries its
// canonical content in its Keywords (`dermaga-evidence:<base64url JSON>`), so a verifier that
// holds the sealed file reads what the QR's hash must be the hash of.

/** The version of the canonical forms below; a change of form is a new version. */
export const EVIDENCE_VERSION = 1;

type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

/** Canonical JSON: object keys sorted by code point, no whitespace, strings NFC, no undefined. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('canonicalJson: not a finite number');
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return JSON.stringify(value.normalize('NFC'));
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(canonicalJson).join(',')}]`;
  const object = value as { readonly [key: string]: Json | undefined };
  const keys = Object.keys(object)
    .filter((k) => object[k] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k.normalize('NFC'))}:${canonicalJson(object[k]!)}`).join(',')}}`;
}

/** Lower-case hex SHA-256 of bytes (Web Crypto: the browser, and Node 20+). */
export async function sha256Hex(bytes: Uint8Array | ArrayBuffer | string): Promise<string> {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes);
  const digest = await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** An instant as the canonical forms write it: UTC, milliseconds (2026-11-28T05:00:00.000Z). */
export function canonicalInstant(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new Error(`canonicalInstant: not a time: ${String(at)}`);
  return date.toISOString();
}

const trimmed = (s: string | null | undefined) => (s ?? '').trim();

// The counted receipt -------------------------------------------------------------------

export interface ReceiptSigner {
  name: string;
  signatureId: string;
  /** sha256 of the signature's PNG bytes (the file attached as signature_receiver/_driver). */
  signatureSha256: string;
}

export interface ReceiptEvidence {
  receiptId: string;
  shipmentId: string;
  smartboard: { sent: number; received: number; damaged: number };
  bracket: { sent: number; received: number; damaged: number };
  discrepancies: readonly {
    item: 'smartboard' | 'bracket';
    reason: 'kurang' | 'lebih' | 'rusak';
    quantity: number;
    note?: string | null;
  }[];
  receiver: ReceiptSigner;
  driver: ReceiptSigner;
  signedAt: Date | string;
  /** Issue 42: a receipt by serial's TVs (bast-pdf's BastSerials); absent for one by counts. */
  tvSerials?: {
    received: readonly string[];
    damaged: readonly string[];
    missing: readonly string[];
    unexpected: readonly string[];
  };
}

const ITEM_ORDER = { smartboard: 0, bracket: 1 } as const;
const REASON_ORDER = { kurang: 0, lebih: 1, rusak: 2 } as const;

/** The receipt's canonical content: counts, differences, both signers and their signatures' hashes. */
export function receiptContent(r: ReceiptEvidence): Json {
  const signer = (s: ReceiptSigner) => ({
    name: trimmed(s.name),
    signature_id: s.signatureId.toLowerCase(),
    signature_sha256: s.signatureSha256.toLowerCase(),
  });
  return {
    v: EVIDENCE_VERSION,
    type: 'dermaga.receipt',
    receipt_id: r.receiptId.toLowerCase(),
    shipment_id: r.shipmentId.toLowerCase(),
    smartboard: { ...r.smartboard },
    bracket: { ...r.bracket },
    discrepancies: [...r.discrepancies]
      .sort(
        (a, b) => ITEM_ORDER[a.item] - ITEM_ORDER[b.item] || REASON_ORDER[a.reason] - REASON_ORDER[b.reason],
      )
      .map((d) => ({ item: d.item, reason: d.reason, quantity: d.quantity, note: trimmed(d.note) || null })),
    receiver: signer(r.receiver),
    driver: signer(r.driver),
    signed_at: canonicalInstant(r.signedAt),
    // Only for a receipt by serial: one by counts keeps the content (and seal) it had.
    ...(r.tvSerials ? { tv_serials: receiptSerials(r.tvSerials) } : {}),
  };
}

/** The serials sorted, so that the scan's order does not change the hash. */
function receiptSerials(s: NonNullable<ReceiptEvidence['tvSerials']>): Json {
  const sorted = (list: readonly string[]) => list.map(trimmed).sort();
  return {
    received: sorted(s.received),
    damaged: sorted(s.damaged),
    missing: sorted(s.missing),
    unexpected: sorted(s.unexpected),
  };
}

// The BAST and the surat jalan -----------------------------------------------------------

export interface BastEvidence {
  documentId: string;
  shipmentId: string;
  batchNumber: string;
  originHub: string;
  destinationHub: string;
  /** sha256 of the receipt's canonical content. */
  receiptSha256: string;
}

/** The BAST's canonical content: which document, of which shipment, over which receipt. */
export function bastContent(b: BastEvidence): Json {
  return {
    v: EVIDENCE_VERSION,
    type: 'dermaga.bast',
    document_id: b.documentId.toLowerCase(),
    shipment_id: b.shipmentId.toLowerCase(),
    batch_number: trimmed(b.batchNumber),
    origin_hub: trimmed(b.originHub),
    destination_hub: trimmed(b.destinationHub),
    receipt_sha256: b.receiptSha256.toLowerCase(),
  };
}

export interface SuratJalanEvidence {
  documentId: string;
  shipmentId: string;
  batchNumber: string;
  /** When the note is made (the shipping form's save). */
  madeAt: Date | string;
  originHub: string;
  destinationHub: string;
  vendor: string | null;
  transport:
    | { mode: 'darat'; vehiclePlate: string | null; driverName: string | null }
    | { mode: 'laut'; shipName: string | null; shippingLine: string | null; containers: readonly string[] };
  smartboard: number;
  bracket: number;
  /** The loading date or ETD/ETA, when known (shown as given, yyyy-MM-dd or an instant). */
  notes?: string | null;
  /** Issue 42: the TVs' serial numbers, at a hub that tracks them (sorted; absent or empty otherwise). */
  tvSerials?: readonly string[];
}

/** The surat jalan's canonical content: everything its page says, but how it is laid out. */
export function suratJalanContent(s: SuratJalanEvidence): Json {
  const t = s.transport;
  return {
    v: EVIDENCE_VERSION,
    type: 'dermaga.surat_jalan',
    document_id: s.documentId.toLowerCase(),
    shipment_id: s.shipmentId.toLowerCase(),
    batch_number: trimmed(s.batchNumber),
    made_at: canonicalInstant(s.madeAt),
    origin_hub: trimmed(s.originHub),
    destination_hub: trimmed(s.destinationHub),
    vendor: trimmed(s.vendor) || null,
    transport:
      t.mode === 'darat'
        ? {
            mode: 'darat',
            vehicle_plate: trimmed(t.vehiclePlate) || null,
            driver_name: trimmed(t.driverName) || null,
          }
        : {
            mode: 'laut',
            ship_name: trimmed(t.shipName) || null,
            shipping_line: trimmed(t.shippingLine) || null,
            containers: t.containers.map(trimmed),
          },
    smartboard: s.smartboard,
    bracket: s.bracket,
    notes: trimmed(s.notes) || null,
    // Only when there are serials: a note without them keeps the content (and seal) it had.
    ...(s.tvSerials?.length ? { tv_serials: s.tvSerials.map(trimmed) } : {}),
  };
}

// What a document carries ---------------------------------------------------------------

/** The canonical content a PDF carries (and, for the BAST, the receipt under it). */
export interface Evidence {
  content: Json;
  receipt?: Json;
}

/** A document's seal as the QR prints it: its id and the hash of its canonical content. */
export interface Seal {
  documentId: string;
  contentSha256: string;
  evidence: Evidence;
}

export async function sealOf(documentId: string, evidence: Evidence): Promise<Seal> {
  return { documentId, contentSha256: await sha256Hex(canonicalJson(evidence.content)), evidence };
}

/** The BAST's seal: receipt hash first (it holds the signatures' hashes), then the BAST's. */
export async function bastSeal(
  bast: Omit<BastEvidence, 'receiptSha256'>,
  receipt: ReceiptEvidence,
): Promise<Seal> {
  const receiptJson = receiptContent(receipt);
  const receiptSha256 = await sha256Hex(canonicalJson(receiptJson));
  return sealOf(bast.documentId, { content: bastContent({ ...bast, receiptSha256 }), receipt: receiptJson });
}

const MARK = 'dermaga-evidence:';

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The PDF Keywords that carry the evidence (ASCII only: no PDF string escaping involved). */
export function evidenceKeywords(evidence: Evidence): string {
  return `${MARK}${base64url(canonicalJson(evidence as unknown as Json))}`;
}

/** The evidence a PDF's bytes carry in their Keywords, or null (not a Dermaga document of issue 40). */
export function evidenceOfPdf(bytes: Uint8Array): Evidence | null {
  // Latin-1 keeps every byte as one character: the mark and base64url are ASCII.
  const text = new TextDecoder('latin1').decode(bytes);
  const match = new RegExp(`${MARK}([A-Za-z0-9_-]+)`).exec(text);
  if (!match) return null;
  try {
    const parsed = JSON.parse(fromBase64url(match[1]!)) as Evidence;
    return parsed && typeof parsed === 'object' && parsed.content ? parsed : null;
  } catch {
    return null;
  }
}

/** The content's hash, as the QR carries it. */
export async function contentSha256(evidence: Evidence): Promise<string> {
  return sha256Hex(canonicalJson(evidence.content));
}
