// A shipment's surat jalan from what the tablet holds (issue 28): the shipment as its
// shipping form's command predicted it, its vehicle, vendor, hubs and containers, read from
// the device's database, so it is made offline right after the form is saved. The PDF is
// then queued as the shipment's document (kind surat_jalan), uploaded when online.
import type { SyncEngine } from '../../../sync/pure';
import { zoneOfHub } from '../time-zone';
import { makeSuratJalanPdf, suratJalanNumber, type SuratJalanData } from './surat-jalan-pdf';

type Row<T> = { toJSON(): T } | null;
const json = <T>(doc: Row<T>): T | null => (doc ? doc.toJSON() : null);

/** The surat jalan's data for a shipment this device holds (null when it holds none). */
export async function suratJalanDataOf(
  engine: SyncEngine,
  shipmentId: string,
  madeAt: Date = new Date(),
  appOrigin: string = window.location.origin,
): Promise<SuratJalanData | null> {
  const db = engine.db;
  const s = json(await db.shipments.findOne(shipmentId).exec());
  if (!s) return null;
  const [vehicle, origin, destination, containers, units] = await Promise.all([
    db.vehicles.findOne(s.vehicle_id).exec().then(json),
    db.hubs.findOne(s.origin_hub_id).exec().then(json),
    db.hubs.findOne(s.destination_hub_id).exec().then(json),
    db.containers.find({ selector: { shipment_id: shipmentId } }).exec(),
    // Issue 42: the TVs loaded by serial (the shipping form's prediction put them on it).
    engine
      .collection('tv_units')
      .then((units) => units.find({ selector: { shipment_id: shipmentId } }).exec()),
  ]);
  const tvSerials = units
    .map((u) => u.toJSON())
    .filter((u) => !u.deleted)
    .map((u) => u.serial)
    .sort();
  const vendorId = s.vendor_id ?? vehicle?.vendor_id ?? null;
  const vendor = vendorId ? json(await db.vendors.findOne(vendorId).exec()) : null;
  const boxes = containers.map((c) => c.toJSON()).filter((c) => !c.deleted);
  const sea = boxes.length > 0 || !!vehicle?.nama_kapal;
  return {
    appOrigin,
    shipmentId: s.id,
    batchNumber: s.batch_number,
    madeAt,
    timeZone: zoneOfHub(origin),
    originHub: origin?.name ?? '-',
    destinationHub: destination?.name ?? '-',
    vendor: vendor?.name ?? null,
    transport: sea
      ? {
          mode: 'laut',
          shipName: boxes[0]?.vessel_name ?? vehicle?.nama_kapal ?? null,
          shippingLine: boxes[0]?.shipping_line ?? vehicle?.nama_pelayaran ?? null,
          containers: boxes.map((c) => c.container_number),
        }
      : {
          mode: 'darat',
          vehiclePlate: vehicle?.license_plate ?? null,
          driverName: vehicle?.driver_name ?? null,
        },
    smartboard: s.smartboard_quantity,
    bracket: s.bracket_quantity,
    ...(tvSerials.length > 0 && { tvSerials }),
  };
}

export interface MadeDocument {
  /** The shipment_documents id it is queued under. */
  id: string;
  file: File;
}

/** A document's file name: its number, safe for any file system (SJ-KRW-01.pdf). */
export function documentFileName(number: string, ext = 'pdf'): string {
  return `${number.replace(/[^\w.-]+/g, '_')}.${ext}`;
}

/**
 * Makes the shipment's surat jalan and queues it as its document. Throws when the device
 * does not hold the shipment or the document cannot be made or stored.
 */
export async function makeAndQueueSuratJalan(
  engine: SyncEngine,
  shipmentId: string,
): Promise<{ data: SuratJalanData; made: MadeDocument }> {
  const madeAt = new Date();
  const found = await suratJalanDataOf(engine, shipmentId, madeAt);
  if (!found) throw new Error('Pengiriman tidak ditemukan di perangkat ini.');
  // Issue 40: its id first, so the QR names the document it is printed on.
  const data: SuratJalanData = { ...found, documentId: crypto.randomUUID() };
  const bytes = await makeSuratJalanPdf(data);
  const file = new File([bytes as BlobPart], documentFileName(suratJalanNumber(data.batchNumber)), {
    type: 'application/pdf',
  });
  const { id } = await engine.queueDocument({
    id: data.documentId,
    shipmentId,
    kind: 'surat_jalan',
    bytes,
    mime: 'application/pdf',
    deviceTime: madeAt,
  });
  return { data, made: { id, file } };
}
