// What the surat jalan's QR code holds (issue 28): a link into the app that opens the
// shipment's arrival step, so a phone's own camera app lands in the same place the
// in-app scanner does. Made on the device with the app's origin at print time; read
// back by the scanner, which accepts any origin (a tablet of another install, or a
// print made before a move) but only this path and a shipment id.
const PATH = '/terima/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ShipmentQr {
  shipmentId: string;
  batchNumber: string | null;
}

/** The text to encode: `<origin>/terima/<shipment id>?batch=<batch number>`. */
export function encodeShipmentQr(origin: string, shipmentId: string, batchNumber: string): string {
  const url = new URL(`${PATH}${shipmentId}`, origin);
  url.searchParams.set('batch', batchNumber);
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
  return { shipmentId: id.toLowerCase(), batchNumber: url.searchParams.get('batch') };
}
