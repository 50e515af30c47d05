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
  clickTab,
  eventually,
  makeVehicle,
  openHub,
  query,
  queueVehicles,
  shipmentCard,
  tablet,
  tag,
  toast,
  vehicleCard,
  waitOffline,
  waitSynced,
} from './hub-support';

const camera = blankCameraFile();
const browser = useBrowser({ extraArgs: fakeCameraArgs(camera) });
const batch = `E2E-HO-${tag()}`;

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

describe('handover by road, Karawang to Cikarang', () => {
  it('surat jalan, scan, counted receipt with a discrepancy, signatures, BAST; tower resolves it', async () => {
    const truck = await makeVehicle({ hubId: HUB.karawang });

    // --- Karawang, offline: the truck leaves with its surat jalan ---
    const karawang = await tablet(browser(), 'karawang');
    let page = karawang.page;
    await openHub(page, '/hub-karawang/ready');
    await karawang.context.setOffline(true);
    await waitOffline(page);
    await queueVehicles(page, TRUCK_VENDOR.name, [truck.plate]);
    await vehicleCard(page, truck.plate).getByRole('button', { name: 'Proses Muat' }).click();
    await page.waitForURL(/\/hub-karawang\/loading$/);
    await vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
    const form = page.getByTestId('shipping-dialog');
    await form.waitFor();
    await choose(page, 'darat-destination', /Gudang Cikarang/);
    await form.locator('#darat-batch').fill(batch);
    await form.locator('#darat-smartboard').fill('12');
    await form.locator('#darat-bracket').fill('7');
    await form.getByTestId('darat-images-input').setInputFiles([
      { name: 'delivery-record.png', mimeType: 'image/png', buffer: png(64, 48, [200, 40, 40]) },
      { name: 'bast.png', mimeType: 'image/png', buffer: png(48, 64, [40, 160, 40]) },
    ]);
    await expect.poll(() => form.getByTestId('picked-image').count()).toBe(2);
    await form.getByTestId('shipping-submit').click();
    await form.getByTestId('shipping-summary').filter({ hasText: batch }).waitFor();
    await form.getByRole('button', { name: 'Ya, Kirim' }).click();
    await toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();

    // The surat jalan, made on the tablet with no signal.
    const suratJalan = page.locator('[data-testid=surat-jalan-dialog][data-state-doc=made]');
    await suratJalan.waitFor();
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    // Unduh / Bagikan: a download where the browser shares no files (desktop Chromium).
    const sjBytes = await downloadOf(page, suratJalan.getByTestId('surat-jalan-share'));
    const sjText = await pdfText(sjBytes);
    for (const expected of ['SURAT JALAN', `SJ-${batch}`, 'Karawang', 'Cikarang', truck.plate, 'Sopir E2E'])
      expect(sjText).toContain(expected);
    const qr = await qrImageOfPdf(sjBytes);
    const departed = shipmentCard(page, batch);
    await suratJalan
      .locator('[data-slot=dialog-footer]')
      .getByRole('button', { name: 'Tutup', exact: true })
      .click();
    await departed.waitFor();
    const shipmentId = (await departed.getAttribute('data-shipment-id'))!;
    // Issue 40: sealed, the code also names the document and its content's hash.
    expect(qr.text).toContain(
      `${new URL(appUrl('/')).origin}/terima/${shipmentId}?batch=${encodeURIComponent(batch)}&doc=`,
    );
    // The paper on the truck: its code is what the receiving tablet's camera will see.
    writeY4m(camera, qr.image);

    // Signal back: the shipment and its surat jalan reach the server.
    await karawang.context.setOffline(false);
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
    await karawang.context.close();

    // --- Cikarang, offline: scan, arrive, count, sign, BAST ---
    const before = await balance(WAREHOUSE.cikarang);
    const cikarang = await tablet(browser(), 'cikarang');
    page = cikarang.page;
    await openHub(page, '/hub-cikarang/otw');
    await shipmentCard(page, batch).waitFor();
    // Scanned from another tab: the code must bring the tablet to this shipment.
    await clickTab(page, 'Confirm Tiba');
    await page.waitForURL(/\/hub-cikarang\/arrival$/);
    await cikarang.context.setOffline(true);
    await waitOffline(page);
    await page.getByTestId('scan-surat-jalan').click();
    // The camera reads the code within moments: the scanner may be gone before it is seen.
    // The code read opens this shipment's own view (issue 41), its next step the one big button.
    await page.waitForURL(`**/hub-cikarang/shipment/${shipmentId}`, { timeout: 30_000 });
    const next = page.getByTestId('shipment-next');
    await next.getByRole('button', { name: 'Confirm Tiba' }).click();
    await toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
    await next.getByRole('button', { name: 'Mulai Bongkar' }).click();
    await toast(page, 'Proses bongkar dimulai').waitFor();
    await next.getByRole('button', { name: 'Selesai Bongkar' }).click();
    const receipt = page.getByTestId('complete-unloading-dialog');
    await receipt.waitFor();
    await countShortAndSign(page, receipt, {
      tvReceived: 10,
      note: 'Dua dus TV tidak ada di bak truk',
      receiver: 'Budi Penerima',
      driver: 'Sopir E2E',
      photo: png(80, 60, [120, 120, 200]),
    });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await page.getByTestId('complete-unloading-submit').click();

    // The BAST, made on the tablet from the counted receipt.
    const bast = page.getByTestId('bast-dialog');
    await bast.getByTestId('bast-download').waitFor({ timeout: 30_000 });
    const bastText = await pdfText(await downloadOf(page, bast.getByTestId('bast-download')));
    for (const expected of [
      batch,
      'Budi Penerima',
      'Sopir E2E',
      'Kurang',
      'Dua dus TV tidak ada di bak truk',
    ])
      expect(bastText).toContain(expected);
    await bast
      .locator('[data-slot=dialog-footer]')
      .getByRole('button', { name: 'Tutup', exact: true })
      .click();
    await page.getByTestId('shipment-view-done').waitFor();

    // Signal back: everything reaches the server.
    await cikarang.context.setOffline(false);
    await waitSynced(page, 90_000);
    const [shipment] = await query<{ status: string }>('select status from public.shipments where id = $1', [
      shipmentId,
    ]);
    expect(shipment!.status).toBe('selesai');
    const [counted] = await query<Record<string, unknown>>(
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
    const discrepancies = await query<Record<string, unknown>>(
      'select * from public.discrepancies where shipment_id = $1',
      [shipmentId],
    );
    expect(discrepancies).toEqual([
      expect.objectContaining({ item: 'smartboard', reason: 'kurang', quantity: 2, status: 'open' }),
    ]);
    const discrepancyId = discrepancies[0]!.id as string;
    // The BAST, both signatures and the photo, each stored where its row points.
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
    // The stock booked at Cikarang is what was counted: 10 TVs, 7 brackets.
    const stock = await query<{ smartboard_quantity: number; bracket_quantity: number }>(
      `select coalesce(sum(smartboard_quantity), 0)::int as smartboard_quantity,
              coalesce(sum(bracket_quantity), 0)::int as bracket_quantity
         from public.inventory where shipment_id = $1 and warehouse_id = $2`,
      [shipmentId, WAREHOUSE.cikarang],
    );
    expect(stock).toEqual([{ smartboard_quantity: 10, bracket_quantity: 7 }]);
    await expect
      .poll(() => balance(WAREHOUSE.cikarang))
      .toEqual({
        smartboard_quantity: before.smartboard_quantity + 10,
        bracket_quantity: before.bracket_quantity + 7,
      });
    await cikarang.context.close();

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
    await dialog.locator('#resolve-note').fill('Klaim ke vendor angkutan');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
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

    // --- Karawang sees it resolved ---
    const origin = await tablet(browser(), 'karawang');
    page = origin.page;
    await openHub(page, '/hub-karawang/ready');
    const section = page.getByTestId('hub-discrepancies');
    await section.locator('summary').click();
    const seen = section.locator(`[data-testid=discrepancy][data-id="${discrepancyId}"]`);
    await expect.poll(() => seen.getAttribute('data-status')).toBe('resolved');
    await expect
      .poll(() => seen.getByTestId('discrepancy-resolution').textContent())
      .toContain('Klaim ke vendor angkutan');
    await origin.context.close();
  }, 420_000);
});
