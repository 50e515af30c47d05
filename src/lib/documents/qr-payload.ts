// What the surat jalan's QR code holds (issue 28): a link into the app that opens the
// shipment's arrival step, so a phone's own camera app lands in the same place the
// in-app scanner does. Made on the device with the app's origin at print time; read
// back by the scanner, which accepts any origin (a tablet of another install, or a
// print made before a move) but only this path and a shipment id.
// Issue 40: the code of a surat jalan or BAST also names its document and the hash of its
// canonical content (evidence.ts), `&doc=<id>&sha256=<hex>`, which "Periksa dokumen" checks.
// Codes printed before carry neither; both readers take them as before.
const PATH = '/terima/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SHA256 = /^[0-9a-f]{64}$/i;

export interface ShipmentQr {
  shipmentId: string;
  batchNumber: string | null;
  /** Issue 40: the document the paper is (absent on codes printed before). */
  documentId?: string;
  /** Issue 40: the sha256 of the document's canonical content. */
  contentSha256?: string;
}

/**
 * The text to encode: `<origin>/terima/<shipment id>?batch=<batch number>`, and with a seal
 * `&doc=<document id>&sha256=<content hash>`.
 */
export function encodeShipmentQr(
  origin: string,
  shipmentId: string,
  batchNumber: string,
  seal?: { documentId: string; contentSha256: string },
): string {
  const url = new URL(`${PATH}${shipmentId}`, origin);
  url.searchParams.set('batch', batchNumber);
  if (seal) {
    url.searchParams.set('doc', seal.documentId);
    url.searchParams.set('sha256', seal.contentSha256);
  }
  return url.toString();
}

/** The shipment a scanned text names, or null when it is not a Dermaga surat jalan. */
export function parseShipmentQr(text: string): ShipmentQr | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.pathname.startsWith(PATH)) return null;
  const id = url.pathname.slice(PATH.length).replace(/\/$/, '');
  if (!UUID.test(id)) return null;
  const qr: ShipmentQr = { shipmentId: id.toLowerCase(), batchNumber: url.searchParams.get('batch') };
  const doc = url.searchParams.get('doc');
  const sha256 = url.searchParams.get('sha256');
  if (doc && UUID.test(doc)) qr.documentId = doc.toLowerCase();
  if (sha256 && SHA256.test(sha256)) qr.contentSha256 = sha256.toLowerCase();
  return qr;
}
