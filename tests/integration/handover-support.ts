// Shared by tests/integration/handover-*.test.ts (issue 28): shipments brought to their
// unloading, counted receipts, stored files, and what a shipment's handover left behind.
// Every test makes its own shipments (commands-support removes them, with their handover
// rows, when a file ends).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { HUB, WAREHOUSE } from '../support/demo';
import { countedReceipt } from '../support/receipt';
import { as, daratPayload, db, id, makeVehicle, rowsWhere, seaPayload } from './commands-support';

/** A Karawang truck shipped to Cikarang (12 TV, 7 brackets), arrived and being unloaded. */
export async function unloadingAtCikarang(quantities: Record<string, number> = {}) {
  const karawang = await as('karawang');
  const cikarang = await as('cikarang');
  const vehicleId = await makeVehicle(HUB.karawang);
  const p = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang, quantities);
  await karawang.ok('create_shipment_darat', p);
  const at = { hub_id: HUB.cikarang, shipment_id: p.shipment_id };
  await cikarang.ok('confirm_arrival', at);
  await cikarang.ok('start_unloading', at);
  return { shipmentId: p.shipment_id, batch: p.batch_number, vehicleId };
}

/** A PolJak sea shipment to POD Makassar (20 TV, 10 brackets), arrived and being unloaded. */
export async function unloadingAtMakassar(quantities: Record<string, number> = {}) {
  const poljak = await as('poljak');
  const makassar = await as('makassar');
  const vehicleId = await makeVehicle(HUB.poljak, {}, true);
  const p = seaPayload('poljak', HUB.poljak, vehicleId, HUB.makassar, quantities);
  await poljak.ok('create_shipment_poljak', p);
  await makassar.ok('pod_confirm_arrival', { shipment_id: p.shipment_id });
  await makassar.ok('pod_start_unloading', { shipment_id: p.shipment_id });
  return { shipmentId: p.shipment_id, batch: p.batch_number, vehicleId };
}

/** complete_unloading's payload at Cikarang, with a receipt when given. */
export const hubCompletion = (shipmentId: string, receipt?: Record<string, unknown>) => ({
  hub_id: HUB.cikarang,
  shipment_id: shipmentId,
  notes: null,
  smartboard_inventory_id: id(),
  bracket_inventory_id: id(),
  ...(receipt ? { receipt } : {}),
});

/** pod_complete's payload, with a receipt when given. */
export const podCompletion = (shipmentId: string, receipt?: Record<string, unknown>) => ({
  shipment_id: shipmentId,
  smartboard_inventory_id: id(),
  bracket_inventory_id: id(),
  ...(receipt ? { receipt } : {}),
});

/** One discrepancy with one photo. */
export const discrepancy = (
  item: string,
  reason: string,
  quantity: number,
  extra: Record<string, unknown> = {},
) => ({
  id: randomUUID(),
  item,
  reason,
  quantity,
  note: `${reason} ${quantity}`,
  photo_ids: [randomUUID()],
  ...extra,
});

/** A counted receipt: by default everything as sent (12 TV, 7 brackets), nothing damaged. */
export function receipt(extra: Record<string, unknown> = {}) {
  return countedReceipt(12, 7, { receiver_name: 'Budi Penerima', ...extra });
}

/** What a shipment's handover left: its receipts, discrepancies, incoming stock rows and status. */
/** handoverOf a shipment a refused receipt left as it was: being unloaded, nothing written. */
export const NOTHING_WRITTEN = { receipts: 0, discrepancies: 0, stockRows: 0, status: 'sedang_bongkar' };

export async function handoverOf(shipmentId: string) {
  const [r] = await rowsWhere<Record<string, string>>(
    `select (select count(*) from public.shipment_receipts where shipment_id = $1 and not deleted) as receipts,
            (select count(*) from public.discrepancies where shipment_id = $1 and not deleted) as discrepancies,
            (select count(*) from public.inventory where shipment_id = $1 and not deleted
              and (smartboard_quantity > 0 or bracket_quantity > 0)) as stock_rows,
            (select status from public.shipments where id = $1) as status`,
    [shipmentId],
  );
  return {
    receipts: Number(r!.receipts),
    discrepancies: Number(r!.discrepancies),
    stockRows: Number(r!.stock_rows),
    status: r!.status,
  };
}

/** A receipt of the 12 TVs sent with `n` fewer counted, and its discrepancy (TV kurang `n`). */
export const tvShort = (n: number) =>
  receipt({ smartboard_received: 12 - n, discrepancies: [discrepancy('smartboard', 'kurang', n)] });

/** Counted once: one receipt with its `discrepancies`, the two stock rows booked, the shipment `status`. */
export async function expectCountedOnce(
  shipmentId: string,
  discrepancies: number,
  status: 'selesai' | 'selesai_pod',
  who?: string,
) {
  expect(await handoverOf(shipmentId), who).toEqual({ receipts: 1, discrepancies, stockRows: 2, status });
}

/** The stock a shipment's unloading booked: TV and brackets in its live incoming rows. */
export async function bookedBy(shipmentId: string, warehouseId: string) {
  const [r] = await rowsWhere<{ tv: string; br: string }>(
    `select coalesce(sum(smartboard_quantity), 0) as tv, coalesce(sum(bracket_quantity), 0) as br
     from public.inventory where shipment_id = $1 and warehouse_id = $2 and not deleted`,
    [shipmentId, warehouseId],
  );
  return { tv: Number(r!.tv), bracket: Number(r!.br) };
}

/** Issue 26's invariant: every warehouse's balance is the sum of its live ledger rows. */
export async function expectBalancesEqualLedger() {
  const off = await rowsWhere(
    `select w.id from public.warehouses w
     left join public.stock_balances b on b.id = w.id
     where coalesce(b.smartboard_quantity, 0) <> coalesce((select sum(i.smartboard_quantity) from public.inventory i
                                                            where i.warehouse_id = w.id and not i.deleted), 0)
        or coalesce(b.bracket_quantity, 0) <> coalesce((select sum(i.bracket_quantity) from public.inventory i
                                                         where i.warehouse_id = w.id and not i.deleted), 0)`,
  );
  expect(off).toEqual([]);
}

const objects: string[] = [];

/**
 * A document's file in the bucket, as the upload queue leaves it before attach_document: what
 * the local Storage measured of it (size, type, SHA-256) is the document's own.
 */
export async function storedObject(doc: {
  path: string;
  size_bytes: number;
  mime: string;
  sha256: string;
}): Promise<void> {
  objects.push(doc.path);
  await (
    await db()
  ).query(`insert into storage.objects (bucket_id, name, metadata) values ('shipment-documents', $1, $2)`, [
    doc.path,
    { size: doc.size_bytes, mimetype: doc.mime, sha256: doc.sha256 },
  ]);
}

/** Removes the files storedObject made (before commands-support's closeDb). */
export async function removeStoredObjects(): Promise<void> {
  if (!objects.length) return;
  await (
    await db()
  ).query(`delete from storage.objects where bucket_id = 'shipment-documents' and name = any($1)`, [
    objects.splice(0),
  ]);
}
