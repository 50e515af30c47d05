// Issue 42 acceptance, each tablet offline from sign-in to its last step. Karawang tracks TVs by
// serial (set here, put back after; Cikarang too). Karawang's tablet imports a packing list of 12
// serials, scans the 12 into a truck: 4 through the camera (Chromium's fake video capture playing
// their barcodes one after another), 8 by a keyboard-wedge stream; a serial the hub does not hold
// is refused (not in stock) and one already in the truck is refused (already scanned). The
// surat jalan lists the 12. Back online, the truck's serials reach the server. Cikarang's tablet,
// offline, confirms arrival, starts unloading and receives by serial: 11 of the 12 plus one
// serial that was never loaded; the receipt shows one missing and one unexpected by serial and
// asks for their discrepancies. Back online: the server's stock at Cikarang holds exactly the
// 11, the discrepancies name both serials, and the header search for the missing one shows it
// left Karawang on that truck and never arrived.
import { beforeAll, expect, it } from 'vitest';
import { appUrl } from '../support/browser';
import { HUB } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
import * as hub from './hub-support';
import { downloadOf } from './handover-flow-support';
import { closeBast, signReceipt } from './receive-support';
import * as shipping from './shipping-form-support';
import { closeScanner, openWedge, useSerialCamera, waitForScanned, wedge } from './serial-camera';
import { closeSuratJalan, downloadSuratJalan, suratJalanDialog } from './surat-jalan-support';

const { browser, show } = useSerialCamera('dermaga-serial-handover');
const TAG = hub.tag();
const serial = (n: string) => `E2E-${TAG}-${n}`;
const PACKED = Array.from({ length: 12 }, (_, i) => serial(`P${String(i + 1).padStart(2, '0')}`));
const BY_CAMERA = PACKED.slice(0, 4);
const BY_WEDGE = PACKED.slice(4);
const NOT_HELD = serial('X1');
const MISSING = PACKED[5]!;
const ARRIVED = PACKED.filter((s) => s !== MISSING);
const FOREIGN = serial('F1');
const batch = `E2E-SH-${TAG}`;

let truck: { id: string; plate: string };

hub.useSerialTracking(HUB.karawang, HUB.cikarang);

beforeAll(async () => {
  truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
});

it('12 serials imported, scanned into a truck, 11 and a stranger received; the server books 11 and names both', async () => {
  // --- Karawang, offline from sign-in: the packing list, the truck by scanning, the surat jalan ---
  const karawang = await hub.tablet(browser(), 'karawang');
  let page = karawang.page;
  await karawang.context.setOffline(true);
  await hub.waitOffline(page);
  await page.goto(appUrl('/inventory'));
  const stock = page.getByTestId('serial-stock');
  await stock.waitFor();
  await stock.getByRole('button', { name: 'Impor CSV' }).click();
  const importer = page.getByTestId('serial-import-dialog');
  const csv = ['model;serial;qty', ...PACKED.map((s) => `SB-75;${s};1`)].join('\r\n');
  await importer.getByLabel('Berkas CSV').setInputFiles({
    name: 'packing-list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect.poll(() => importer.getByTestId('serial-import-plan').getAttribute('data-add')).toBe('12');
  await importer.getByRole('button', { name: 'Tambahkan ke daftar' }).click();
  await stock.getByTestId('serial-draft').getByRole('button', { name: 'Simpan' }).click();
  await stock.getByLabel('Cari nomor seri').fill(TAG);
  await expect
    .poll(() => stock.getByTestId('serial-stock-list').getByRole('listitem').allTextContents())
    .toEqual(PACKED);

  await hub.openHub(page, '/hub-karawang/loading');
  await hub.vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
  const form = page.getByTestId('shipping-dialog');
  const tv = form.getByTestId('tv-serials');
  // The form has read this tablet's units (the stock the codes are checked against).
  await form.locator('[data-testid=tv-serials][data-ready=true]').waitFor();
  // Four boxes pass the camera.
  show(BY_CAMERA);
  await tv.getByRole('button', { name: 'Pindai TV' }).click();
  const scanner = page.getByTestId('serial-scanner');
  const scanned = scanner.getByTestId('serial-scan-count');
  await waitForScanned(page, 4, 120_000);
  await closeScanner(page);
  // Eight by the wedge scanner; one the hub does not hold and one already in the truck refused.
  show([]);
  await tv.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  for (const code of BY_WEDGE) expect((await wedge(page, code)).outcome).toBe('accepted');
  expect(await wedge(page, NOT_HELD)).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${NOT_HELD} tidak ada di stok hub ini.`,
  });
  expect(await wedge(page, PACKED[0]!)).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${PACKED[0]} sudah dipindai.`,
  });
  expect(await scanned.getAttribute('data-count')).toBe('12');
  await closeScanner(page);
  await expect.poll(async () => (await tv.getByTestId('tv-serial').allTextContents()).sort()).toEqual(PACKED);

  await shipping.fillDaratScanned(page, form, batch, 2);
  await shipping.sendThroughSummary(form, batch);
  await hub.toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();
  // The surat jalan, made on the tablet with no signal, lists the 12.
  await suratJalanDialog(page).getByRole('heading', { name: 'Surat jalan siap' }).waitFor();
  const suratJalan = await pdfText((await downloadSuratJalan(page)).bytes);
  for (const s of PACKED) expect(suratJalan).toContain(s);
  await closeSuratJalan(page);

  // Signal back: the truck and its serials reach the server.
  await karawang.context.setOffline(false);
  await hub.waitSynced(page, 90_000);
  const [shipment] = await hub.eventually(async () => {
    const rows = await hub.query<{ id: string; smartboard_quantity: number }>(
      'select id::text, smartboard_quantity from public.shipments where batch_number = $1',
      [batch],
    );
    return rows.length ? rows : undefined;
  });
  expect(shipment!.smartboard_quantity).toBe(12);
  await karawang.context.close();

  // --- Cikarang, offline: arrival, unloading, the receipt by serial ---
  const cikarang = await hub.offlineAtHub(browser(), 'cikarang', '/hub-cikarang/otw');
  page = cikarang.page;
  const otw = hub.shipmentCard(page, batch);
  await otw.getByRole('button', { name: 'Confirm Tiba' }).click();
  await hub.toast(page, 'Kedatangan berhasil dikonfirmasi').waitFor();
  await hub.clickTab(page, 'Confirm Tiba');
  await hub.shipmentCard(page, batch).getByRole('button', { name: 'Mulai Bongkar' }).click();
  await hub.toast(page, 'Proses bongkar dimulai').waitFor();
  await hub.clickTab(page, 'Sedang Bongkar');
  await hub.shipmentCard(page, batch).getByRole('button', { name: 'Selesai Bongkar' }).click();
  const receipt = page.getByTestId('complete-unloading-dialog');
  const serials = receipt.getByTestId('receipt-serials');
  await serials.waitFor();
  const figure = (name: string) => serials.getByTestId(`receipt-serial-${name}`).getAttribute('data-count');
  expect(await figure('expected')).toBe('12');
  expect(await figure('scanned')).toBe('0');

  await serials.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  for (const code of [...ARRIVED, FOREIGN]) expect((await wedge(page, code)).outcome).toBe('accepted');
  await closeScanner(page);
  // As it goes: one missing and one unexpected, each by its serial.
  expect(await figure('scanned')).toBe('12');
  expect(await figure('missing')).toBe('1');
  expect(await figure('unexpected')).toBe('1');
  expect(
    await serials.getByTestId('receipt-serial-missing-list').getByRole('listitem').allTextContents(),
  ).toEqual([MISSING]);
  expect(
    await serials.getByTestId('receipt-serial-unexpected-list').getByRole('listitem').allTextContents(),
  ).toEqual([FOREIGN]);

  // The two discrepancies, each with a photo; the brackets counted; both sign.
  for (const reason of ['kurang', 'lebih']) {
    const row = receipt.locator(`[data-testid=receipt-discrepancy][data-key=smartboard-${reason}]`);
    await row.waitFor();
    await row
      .locator('input[type=file]')
      .setInputFiles([
        { name: `${reason}.png`, mimeType: 'image/png', buffer: png(80, 60, [200, 120, 120]) },
      ]);
    await expect.poll(() => row.getByTestId('receipt-photo').count()).toBe(1);
  }
  await receipt.locator('#receipt-bracket-received').fill('2');
  await signReceipt(page, receipt, { receiver: 'Penerima Seri', driver: 'Sopir Seri' });
  await page.getByTestId('complete-unloading-submit').click();
  // The BAST, made offline, names both by serial.
  await page.locator('[data-testid=bast-dialog][data-bast=made]').waitFor();
  const bast = (
    await pdfText(await downloadOf(page, page.getByTestId('bast-dialog').getByTestId('bast-download')))
  ).replace(/\s+/g, ' ');
  expect(bast).toContain('Diterima (12)');
  expect(bast).toMatch(new RegExp(`Kurang \\(1\\)( No\\. / Nomor Seri)+ 1\\. ${MISSING}`));
  expect(bast).toMatch(new RegExp(`Lebih \\(1\\)( No\\. / Nomor Seri)+ 1\\. ${FOREIGN}`));
  await closeBast(page);

  // Signal back: the server books the 11 at Cikarang and names both serials.
  await cikarang.context.setOffline(false);
  await hub.waitSynced(page, 90_000);
  const inStock = await hub.eventually(async () => {
    const rows = await hub.query<{ serial: string }>(
      `select serial from public.tv_units where serial like $1 and state = 'in_stock' and hub_id = $2 order by serial`,
      [`E2E-${TAG}-%`, HUB.cikarang],
    );
    return rows.length > 0 ? rows.map((r) => r.serial) : undefined;
  });
  expect(inStock).toEqual(ARRIVED);
  const [missing] = await hub.query<{ state: string; shipment_id: string }>(
    'select state, shipment_id::text from public.tv_units where serial = $1',
    [MISSING],
  );
  expect(missing).toEqual({ state: 'missing', shipment_id: shipment!.id });
  const named = await hub.query<{ item: string; reason: string; quantity: number; serials: string[] }>(
    `select item, reason, quantity, serials from public.discrepancies where shipment_id = $1 order by reason`,
    [shipment!.id],
  );
  expect(named).toEqual([
    { item: 'smartboard', reason: 'kurang', quantity: 1, serials: [MISSING] },
    { item: 'smartboard', reason: 'lebih', quantity: 1, serials: [FOREIGN] },
  ]);

  // The header search: the missing serial left Karawang on that truck and never arrived.
  await page.getByTestId('global-search').fill(MISSING);
  await page.getByTestId('search-serial-hit').click();
  await page.getByTestId('unit-page').waitFor();
  await expect.poll(() => page.getByTestId('unit-state').getAttribute('data-state')).toBe('missing');
  const events = page.getByTestId('unit-event');
  await expect
    .poll(() => events.evaluateAll((es) => es.map((e) => e.getAttribute('data-kind'))))
    .toEqual(['registered', 'loaded', 'missing']);
  expect(await events.nth(1).textContent()).toContain(`Dimuat di Hub Karawang ke pengiriman ${batch}`);
  expect(await events.nth(2).textContent()).toContain(`kurang pada pengiriman ${batch}`);
  await cikarang.context.close();
}, 600_000);
