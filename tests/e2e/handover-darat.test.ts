// Issue 28 acceptance, by road, each tablet offline from sign-in to its last step:
// Karawang ships a truck to Cikarang and gets the surat jalan (its PDF's text read, its QR
// code decoded); Cikarang scans that code through the camera (Chromium's fake camera playing
// the code's image), confirms arrival, counts two TVs short with a reason and a photo, both
// sign, and gets the BAST (its text read). Back online, everything reaches the server; the
// stock booked at Cikarang is what was counted; tower control sees one open discrepancy and
// resolves it; Karawang sees it resolved.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { HUB, TRUCK_VENDOR, USER_ID, WAREHOUSE } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
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
    const karawang = await hub.offlineAtHub(browser(), 'karawang', '/hub-karawang/ready');
    let page = karawang.page;
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
    const departed = hub.shipmentCard(page, batch);
    await steps.closeByFooter(suratJalan.dialog);
    await departed.waitFor();
    const shipmentId = (await departed.getAttribute('data-shipment-id'))!;
    // The paper on the truck: its code is what the receiving tablet's camera will see.
    await flow.cameraSeesSuratJalan(camera, sjBytes, { id: shipmentId, batch });

    // Signal back: the shipment and its surat jalan reach the server.
    await steps.originSynced(karawang, shipmentId);

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
    // Counted, signed, sent; the BAST, made on the tablet from the counted receipt.
    await steps.receiveShortWithBast(page, receipt, 'complete-unloading-submit', batch, {
      tvReceived: 10,
      note: 'Dua dus TV tidak ada di bak truk',
      receiver: 'Budi Penerima',
      driver: 'Sopir E2E',
      photo: png(80, 60, [120, 120, 200]),
    });

    // Signal back: everything reaches the server.
    await cikarang.context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    const [shipment] = await hub.query<{ status: string }>(
      'select status from public.shipments where id = $1',
      [shipmentId],
    );
    expect(shipment!.status).toBe('selesai');
    // The receipt as counted, the one open discrepancy, the BAST, both signatures and the photo
    // each stored where its row points; the stock booked at Cikarang is what was counted: 10
    // TVs, 7 brackets.
    const discrepancyId = await steps.receivedOnServer(shipmentId, {
      receipt: {
        smartboard_sent: 12,
        bracket_sent: 7,
        smartboard_received: 10,
        bracket_received: 7,
        smartboard_damaged: 0,
        bracket_damaged: 0,
        receiver_name: 'Budi Penerima',
        driver_name: 'Sopir E2E',
        counted_by: USER_ID.cikarang,
      },
      warehouseId: WAREHOUSE.cikarang,
      before,
      booked: { smartboard_quantity: 10, bracket_quantity: 7 },
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
