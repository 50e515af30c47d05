// Issue 28 acceptance, by sea, each tablet offline from sign-in to its last step: PolJak
// ships a container to POD Makassar and gets the surat jalan (its PDF's text read, its QR
// code decoded); Makassar scans that code through the camera (Chromium's fake camera playing
// the code's image), confirms arrival, counts two TVs short with a reason and a photo, both
// sign, and gets the BAST (its text read). Back online, everything reaches the server; the
// stock booked at Gudang Makassar is what was counted; tower control sees one open
// discrepancy and resolves it; PolJak sees it resolved.
import { describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { HUB, SEA_VENDOR, USER_ID, WAREHOUSE } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
import { pickDate } from './dates-support';
import * as flow from './handover-flow-support';
import * as steps from './handover-steps-support';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';

const camera = flow.blankCameraFile();
const browser = useBrowser({ extraArgs: flow.fakeCameraArgs(camera) });

/** A day some weeks ahead (yyyy-MM-dd), for the ETA. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('handover by sea, PolJak to POD Makassar', () => {
  it('surat jalan, scan, counted receipt with a discrepancy, signatures, BAST; tower resolves it', async () => {
    const fleet = await hub.makeVehicle({ hubId: HUB.poljak, sea: true });

    // --- PolJak, offline: the container leaves with its surat jalan ---
    const poljak = await hub.offlineAtHub(browser(), 'poljak', '/hub-poljak/ready');
    let page = poljak.page;
    const form = await steps.loadToForm(page, SEA_VENDOR.name, fleet.plate, /\/hub-poljak\/loading$/);
    await expect.poll(() => form.getAttribute('data-form')).toBe('poljak');
    await pickDate(page, 'poljak-eta', daysAhead(14));
    await hub.choose(page, 'poljak-destination', /POD Makassar/);
    await form.locator('#poljak-smartboard').fill('20');
    await form.locator('#poljak-bracket').fill('6');
    await shipping.pickContainerPhoto(form);
    await shipping.sendThroughSummary(form, 'POD Makassar');
    await hub.toast(page, 'Shipment berhasil dibuat dengan status OTW POD Makassar').waitFor();

    // The surat jalan, made on the tablet with no signal.
    const suratJalan = await steps.madeSuratJalan(page);
    const sjBytes = suratJalan.bytes;
    await steps.closeByFooter(suratJalan.dialog);
    const card = page
      .getByTestId('departures-list')
      .locator('[data-testid=shipment-card]', { hasText: fleet.plate });
    await card.waitFor();
    const batch = (await card.getAttribute('data-batch'))!;
    const shipmentId = (await card.getAttribute('data-shipment-id'))!;
    const sjText = await pdfText(sjBytes);
    for (const expected of [
      'SURAT JALAN',
      `SJ-${batch}`,
      'PolJak',
      'Makassar',
      'KM E2E Nusantara',
      fleet.plate,
    ])
      expect(sjText).toContain(expected);
    await flow.cameraSeesSuratJalan(camera, sjBytes, { id: shipmentId, batch });

    await steps.originSynced(poljak, shipmentId);

    // --- Makassar, offline: scan, arrive, count, sign, BAST ---
    const before = await steps.balance(WAREHOUSE.makassar);
    const makassar = await hub.tablet(browser(), 'makassar');
    page = makassar.page;
    await page.goto(appUrl('/pod'));
    const podCard = page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`);
    await podCard.waitFor();
    // Scanned from another tab: the code must bring the tablet to this shipment.
    await page.getByTestId('pod-tab-arrival').click();
    await expect.poll(() => podCard.count()).toBe(0);
    // The code opens the container's own view (issue 41).
    await steps.scanAndUnload(makassar.context, page, `**/pod/shipment/${shipmentId}`);
    const receipt = page.getByTestId('pod-receipt-dialog');
    await receipt.waitFor();
    await steps.receiveShortWithBast(page, receipt, 'pod-receipt-submit', batch, {
      tvReceived: 18,
      note: 'Dua unit TV tidak ada di kontainer',
      receiver: 'Andi Penerima',
      driver: 'Sopir Trailer E2E',
      photo: png(80, 60, [200, 160, 40]),
    });

    await makassar.context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    const [shipment] = await hub.query<{ status: string; selesai_bongkar: boolean }>(
      'select status, selesai_bongkar from public.shipments where id = $1',
      [shipmentId],
    );
    expect(shipment).toEqual({ status: 'selesai_pod', selesai_bongkar: true });
    const discrepancyId = await steps.receivedOnServer(shipmentId, {
      receipt: {
        warehouse_id: WAREHOUSE.makassar,
        smartboard_sent: 20,
        bracket_sent: 6,
        smartboard_received: 18,
        bracket_received: 6,
        receiver_name: 'Andi Penerima',
        driver_name: 'Sopir Trailer E2E',
        counted_by: USER_ID.makassar,
      },
      warehouseId: WAREHOUSE.makassar,
      before,
      booked: { smartboard_quantity: 18, bracket_quantity: 6 },
    });
    await makassar.context.close();

    // --- Tower control resolves the one open discrepancy ---
    await steps.towerResolves(browser(), { id: discrepancyId, batch, note: 'Klaim ke pelayaran' });

    // --- PolJak, the origin, sees it resolved ---
    await steps.originSeesResolved(browser(), 'poljak', '/hub-poljak/otw', {
      id: discrepancyId,
      note: 'Klaim ke pelayaran',
    });
  }, 420_000);
});
