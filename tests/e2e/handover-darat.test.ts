// Issue 28 acceptance, by road, each tablet offline from sign-in to its last step:
// Karawang ships a truck to Cikarang and gets the surat jalan (its PDF's text read, its QR
// code decoded); Cikarang scans that code through the camera (Chromium's fake camera playing
// the code's image), confirms arrival, counts two TVs short with a reason and a photo, both
// sign, and gets the BAST (its text read). Back online, everything reaches the server; the
// stock booked at Cikarang is what was counted; tower control sees one open discrepancy and
// resolves it; Karawang sees it resolved.
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { HUB, TRUCK_VENDOR, USER_ID, WAREHOUSE } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
import { seriousViolations } from './axe';
import * as flow from './handover-flow-support';
import * as steps from './handover-steps-support';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';

const camera = flow.blankCameraFile();
const browser = useBrowser({ extraArgs: flow.fakeCameraArgs(camera) });
const batch = `E2E-HO-${hub.tag()}`;

describe('handover by road, Karawang to Cikarang', () => {
  it('surat jalan, scan, counted receipt with a discrepancy, signatures, BAST; tower resolves it', async () => {
    const truck = await hub.makeVehicle({ hubId: HUB.karawang });

    // --- Karawang, offline: the truck leaves with its surat jalan ---
    const karawang = await hub.tablet(browser(), 'karawang');
    let page = karawang.page;
    await hub.openHub(page, '/hub-karawang/ready');
    await karawang.context.setOffline(true);
    await hub.waitOffline(page);
    const form = await steps.loadToForm(page, TRUCK_VENDOR.name, truck.plate, /\/hub-karawang\/loading$/);
    await shipping.fillDaratToCikarang(page, form, batch);
    await shipping.pickDaratPhotos(form);
    await shipping.sendThroughSummary(form, batch);
    await hub.toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();

    // The surat jalan, made on the tablet with no signal.
    const suratJalan = await steps.madeSuratJalan(page);
    const sjBytes = suratJalan.bytes;
    const sjText = await pdfText(sjBytes);
    for (const expected of ['SURAT JALAN', `SJ-${batch}`, 'Karawang', 'Cikarang', truck.plate, 'Sopir E2E'])
      expect(sjText).toContain(expected);
    const qr = await flow.qrImageOfPdf(sjBytes);
    const departed = hub.shipmentCard(page, batch);
    await steps.closeByFooter(suratJalan.dialog);
    await departed.waitFor();
    const shipmentId = (await departed.getAttribute('data-shipment-id'))!;
    // Issue 40: sealed, the code also names the document and its content's hash.
    expect(qr.text).toContain(
      `${new URL(appUrl('/')).origin}/terima/${shipmentId}?batch=${encodeURIComponent(batch)}&doc=`,
    );
    // The paper on the truck: its code is what the receiving tablet's camera will see.
    flow.writeY4m(camera, qr.image);

    // Signal back: the shipment and its surat jalan reach the server.
    await karawang.context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    await steps.suratJalanStored(shipmentId);
    await karawang.context.close();

    // --- Cikarang, offline: scan, arrive, count, sign, BAST ---
    const before = await steps.balance(WAREHOUSE.cikarang);
    const cikarang = await hub.tablet(browser(), 'cikarang');
    page = cikarang.page;
    await hub.openHub(page, '/hub-cikarang/otw');
    await hub.shipmentCard(page, batch).waitFor();
    // Scanned from another tab: the code must bring the tablet to this shipment.
    await hub.clickTab(page, 'Confirm Tiba');
    await page.waitForURL(/\/hub-cikarang\/arrival$/);
    await steps.scanAndUnload(cikarang.context, page, `**/hub-cikarang/shipment/${shipmentId}`);
    const receipt = page.getByTestId('complete-unloading-dialog');
    await receipt.waitFor();
    await flow.countShortAndSign(page, receipt, {
      tvReceived: 10,
      note: 'Dua dus TV tidak ada di bak truk',
      receiver: 'Budi Penerima',
      driver: 'Sopir E2E',
      photo: png(80, 60, [120, 120, 200]),
    });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await page.getByTestId('complete-unloading-submit').click();

    // The BAST, made on the tablet from the counted receipt.
    await steps.expectBast(page, [
      batch,
      'Budi Penerima',
      'Sopir E2E',
      'Kurang',
      'Dua dus TV tidak ada di bak truk',
    ]);

    // Signal back: everything reaches the server.
    await cikarang.context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    const [shipment] = await hub.query<{ status: string }>(
      'select status from public.shipments where id = $1',
      [shipmentId],
    );
    expect(shipment!.status).toBe('selesai');
    const [counted] = await hub.query<Record<string, unknown>>(
      'select * from public.shipment_receipts where shipment_id = $1',
      [shipmentId],
    );
    expect(counted).toMatchObject({
      smartboard_sent: 12,
      bracket_sent: 7,
      smartboard_received: 10,
      bracket_received: 7,
      smartboard_damaged: 0,
      bracket_damaged: 0,
      receiver_name: 'Budi Penerima',
      driver_name: 'Sopir E2E',
      counted_by: USER_ID.cikarang,
    });
    const discrepancyId = await steps.openShortOfTwo(shipmentId);
    // The BAST, both signatures and the photo, each stored where its row points.
    await steps.expectDocumentsStored(shipmentId);
    // The stock booked at Cikarang is what was counted: 10 TVs, 7 brackets.
    await steps.expectBookedAt(shipmentId, WAREHOUSE.cikarang, before, {
      smartboard_quantity: 10,
      bracket_quantity: 7,
    });
    await cikarang.context.close();

    // --- Tower control resolves the one open discrepancy ---
    await steps.towerResolves(browser(), {
      id: discrepancyId,
      batch,
      note: 'Klaim ke vendor angkutan',
      axe: true,
    });

    // --- Karawang sees it resolved ---
    await steps.originSeesResolved(browser(), 'karawang', '/hub-karawang/ready', {
      id: discrepancyId,
      note: 'Klaim ke vendor angkutan',
    });
  }, 420_000);
});
