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
import { seriousViolations } from './axe';
import { pickDate } from './dates-support';
import {
  blankCameraFile,
  countShortAndSign,
  downloadOf,
  fakeCameraArgs,
  qrImageOfPdf,
  writeY4m,
} from './handover-flow-support';
import {
  choose,
  eventually,
  makeVehicle,
  openHub,
  query,
  queueVehicles,
  tablet,
  toast,
  vehicleCard,
  waitOffline,
  waitSynced,
} from './hub-support';

const camera = blankCameraFile();
const browser = useBrowser({ extraArgs: fakeCameraArgs(camera) });

interface Balance {
  smartboard_quantity: number;
  bracket_quantity: number;
}
const balance = async (warehouseId: string): Promise<Balance> => {
  const [row] = await query<Balance>(
    'select smartboard_quantity, bracket_quantity from public.stock_balances where warehouse_id = $1',
    [warehouseId],
  );
  return row ?? { smartboard_quantity: 0, bracket_quantity: 0 };
};

/** A day some weeks ahead (yyyy-MM-dd), for the ETA. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('handover by sea, PolJak to POD Makassar', () => {
  it('surat jalan, scan, counted receipt with a discrepancy, signatures, BAST; tower resolves it', async () => {
    const fleet = await makeVehicle({ hubId: HUB.poljak, sea: true });

    // --- PolJak, offline: the container leaves with its surat jalan ---
    const poljak = await tablet(browser(), 'poljak');
    let page = poljak.page;
    await openHub(page, '/hub-poljak/ready');
    await poljak.context.setOffline(true);
    await waitOffline(page);
    await queueVehicles(page, SEA_VENDOR.name, [fleet.plate]);
    await vehicleCard(page, fleet.plate).getByRole('button', { name: 'Proses Muat' }).click();
    await page.waitForURL(/\/hub-poljak\/loading$/);
    await vehicleCard(page, fleet.plate).getByRole('button', { name: 'Selesai Muat' }).click();
    const form = page.getByTestId('shipping-dialog');
    await form.waitFor();
    await expect.poll(() => form.getAttribute('data-form')).toBe('poljak');
    await pickDate(page, 'poljak-eta', daysAhead(14));
    await choose(page, 'poljak-destination', /POD Makassar/);
    await form.locator('#poljak-smartboard').fill('20');
    await form.locator('#poljak-bracket').fill('6');
    await form
      .getByTestId('poljak-images-input')
      .setInputFiles([{ name: 'container.png', mimeType: 'image/png', buffer: png(80, 60) }]);
    await form.getByTestId('shipping-submit').click();
    await form.getByTestId('shipping-summary').filter({ hasText: 'POD Makassar' }).waitFor();
    await form.getByRole('button', { name: 'Ya, Kirim' }).click();
    await toast(page, 'Shipment berhasil dibuat dengan status OTW POD Makassar').waitFor();

    // The surat jalan, made on the tablet with no signal.
    const suratJalan = page.locator('[data-testid=surat-jalan-dialog][data-state-doc=made]');
    await suratJalan.waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    const sjBytes = await downloadOf(page, suratJalan.getByTestId('surat-jalan-share'));
    await suratJalan
      .locator('[data-slot=dialog-footer]')
      .getByRole('button', { name: 'Tutup', exact: true })
      .click();
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
    const qr = await qrImageOfPdf(sjBytes);
    // Issue 40: sealed, the code also names the document and its content's hash.
    expect(qr.text).toContain(
      `${new URL(appUrl('/')).origin}/terima/${shipmentId}?batch=${encodeURIComponent(batch)}&doc=`,
    );
    writeY4m(camera, qr.image);

    await poljak.context.setOffline(false);
    await waitSynced(page, 90_000);
    await eventually(async () => {
      const [doc] = await query<{ path: string }>(
        `select d.path from public.shipment_documents d join storage.objects o
           on o.bucket_id = 'shipment-documents' and o.name = d.path
         where d.shipment_id = $1 and d.kind = 'surat_jalan'`,
        [shipmentId],
      );
      return doc;
    }, 60_000);
    await poljak.context.close();

    // --- Makassar, offline: scan, arrive, count, sign, BAST ---
    const before = await balance(WAREHOUSE.makassar);
    const makassar = await tablet(browser(), 'makassar');
    page = makassar.page;
    await page.goto(appUrl('/pod'));
    const podCard = page.locator(`[data-testid=pod-shipment][data-batch="${batch}"]`);
    await podCard.waitFor();
    // Scanned from another tab: the code must bring the tablet to this shipment.
    await page.getByTestId('pod-tab-arrival').click();
    await expect.poll(() => podCard.count()).toBe(0);
    await makassar.context.setOffline(true);
    await waitOffline(page);
    await page.getByTestId('scan-surat-jalan').click();
    // The camera reads the code within moments: the scanner may be gone before it is seen.
    // The code opens the container's own view (issue 41), its next step the one big button.
    await page.waitForURL(`**/pod/shipment/${shipmentId}`, { timeout: 30_000 });
    const next = page.getByTestId('shipment-next');
    await next.getByRole('button', { name: 'Confirm Tiba' }).click();
    await toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
    await next.getByRole('button', { name: 'Mulai Bongkar' }).click();
    await toast(page, 'Proses bongkar dimulai').waitFor();
    await next.getByRole('button', { name: 'Selesai Bongkar' }).click();
    const receipt = page.getByTestId('pod-receipt-dialog');
    await receipt.waitFor();
    await countShortAndSign(page, receipt, {
      tvReceived: 18,
      note: 'Dua unit TV tidak ada di kontainer',
      receiver: 'Andi Penerima',
      driver: 'Sopir Trailer E2E',
      photo: png(80, 60, [200, 160, 40]),
    });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await page.getByTestId('pod-receipt-submit').click();

    const bast = page.getByTestId('bast-dialog');
    await bast.getByTestId('bast-download').waitFor({ timeout: 30_000 });
    const bastText = await pdfText(await downloadOf(page, bast.getByTestId('bast-download')));
    for (const expected of [
      batch,
      'Andi Penerima',
      'Sopir Trailer E2E',
      'Kurang',
      'Dua unit TV tidak ada di kontainer',
    ])
      expect(bastText).toContain(expected);
    await bast
      .locator('[data-slot=dialog-footer]')
      .getByRole('button', { name: 'Tutup', exact: true })
      .click();
    await page.getByTestId('shipment-view-done').waitFor();

    await makassar.context.setOffline(false);
    await waitSynced(page, 90_000);
    const [shipment] = await query<{ status: string; selesai_bongkar: boolean }>(
      'select status, selesai_bongkar from public.shipments where id = $1',
      [shipmentId],
    );
    expect(shipment).toEqual({ status: 'selesai_pod', selesai_bongkar: true });
    const [counted] = await query<Record<string, unknown>>(
      'select * from public.shipment_receipts where shipment_id = $1',
      [shipmentId],
    );
    expect(counted).toMatchObject({
      warehouse_id: WAREHOUSE.makassar,
      smartboard_sent: 20,
      bracket_sent: 6,
      smartboard_received: 18,
      bracket_received: 6,
      receiver_name: 'Andi Penerima',
      driver_name: 'Sopir Trailer E2E',
      counted_by: USER_ID.makassar,
    });
    const discrepancies = await query<Record<string, unknown>>(
      'select * from public.discrepancies where shipment_id = $1',
      [shipmentId],
    );
    expect(discrepancies).toEqual([
      expect.objectContaining({ item: 'smartboard', reason: 'kurang', quantity: 2, status: 'open' }),
    ]);
    const discrepancyId = discrepancies[0]!.id as string;
    const kinds = await eventually(async () => {
      const rows = await query<{ kind: string }>(
        `select d.kind from public.shipment_documents d join storage.objects o
           on o.bucket_id = 'shipment-documents' and o.name = d.path
         where d.shipment_id = $1 order by d.kind`,
        [shipmentId],
      );
      return rows.length >= 5 ? rows.map((r) => r.kind) : undefined;
    }, 60_000);
    expect(kinds).toEqual([
      'bast',
      'discrepancy_photo',
      'signature_driver',
      'signature_receiver',
      'surat_jalan',
    ]);
    const stock = await query<Balance>(
      `select coalesce(sum(smartboard_quantity), 0)::int as smartboard_quantity,
              coalesce(sum(bracket_quantity), 0)::int as bracket_quantity
         from public.inventory where shipment_id = $1 and warehouse_id = $2`,
      [shipmentId, WAREHOUSE.makassar],
    );
    expect(stock).toEqual([{ smartboard_quantity: 18, bracket_quantity: 6 }]);
    await expect
      .poll(() => balance(WAREHOUSE.makassar))
      .toEqual({
        smartboard_quantity: before.smartboard_quantity + 18,
        bracket_quantity: before.bracket_quantity + 6,
      });
    await makassar.context.close();

    // --- Tower control resolves the one open discrepancy ---
    const tower = await tablet(browser(), 'tower');
    page = tower.page;
    await page.goto(appUrl('/'));
    const row = page.locator(
      `[data-testid=discrepancy-board][data-ready=true] [data-testid=discrepancy][data-id="${discrepancyId}"]`,
    );
    await expect.poll(() => row.getByTestId('discrepancy-what').textContent()).toBe(`${batch} · Kurang 2 TV`);
    await expect.poll(() => page.locator(`[data-testid=discrepancy][data-batch="${batch}"]`).count()).toBe(1);
    await row.getByRole('button', { name: /Selesaikan/ }).click();
    const dialog = page.getByTestId('resolve-discrepancy-dialog');
    await dialog.locator('#resolve-note').fill('Klaim ke pelayaran');
    await page.getByTestId('resolve-discrepancy-submit').click();
    await toast(page, 'Selisih berhasil diselesaikan').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await waitSynced(page);
    const [resolved] = await query<{ status: string; resolved_by: string }>(
      'select status, resolved_by from public.discrepancies where id = $1',
      [discrepancyId],
    );
    expect(resolved).toEqual({ status: 'resolved', resolved_by: USER_ID.tower });
    await tower.context.close();

    // --- PolJak, the origin, sees it resolved ---
    const origin = await tablet(browser(), 'poljak');
    page = origin.page;
    await openHub(page, '/hub-poljak/otw');
    const section = page.getByTestId('hub-discrepancies');
    await section.locator('summary').click();
    const seen = section.locator(`[data-testid=discrepancy][data-id="${discrepancyId}"]`);
    await expect.poll(() => seen.getAttribute('data-status')).toBe('resolved');
    await expect
      .poll(() => seen.getByTestId('discrepancy-resolution').textContent())
      .toContain('Klaim ke pelayaran');
    await origin.context.close();
  }, 420_000);
});
