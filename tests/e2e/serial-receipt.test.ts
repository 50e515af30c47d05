// Issue 42, receiving by scanning (the form's half): Karawang (tracking serials, set here and put
// back after) registers four serials of this test's own and loads them onto a truck to Cikarang
// (the shipping command with tv_serials, through the server's API); Cikarang confirms its
// arrival and starts unloading. Cikarang's tablet, offline after the first sync, opens the
// counted receipt: the TV counts are shown, not typed; the section shows loaded / scanned /
// missing / unexpected as it goes. A wedge scanner types three of the four and a serial this
// shipment never carried (taken, as "lebih"); a code that is no serial and one already scanned
// are refused in the scanner with their reasons. One TV is taken out and scanned again, one is
// marked damaged; the figures, the lists, the TV counts and the discrepancies needed (kurang,
// lebih, rusak, each naming its serials and asking its photo) follow. Nothing is sent: the
// receipt is cancelled (the server's half of the receipt by serial is another branch's).
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { HUB, WAREHOUSE } from '../support/demo';
import { seriousViolations } from './axe';
import * as hub from './hub-support';
import { closeScanner, openWedge, useSerialCamera, wedge } from './serial-camera';

// The camera sees nothing here: the codes come from a keyboard-wedge scanner.
const { browser } = useSerialCamera('dermaga-serial-receipt');
const TAG = hub.tag();
const serial = (n: string) => `E2E-${TAG}-${n}`;
const LOADED = [serial('R1'), serial('R2'), serial('R3'), serial('R4')];
const [ONE, TWO, THREE, FOUR] = LOADED as [string, string, string, string];
const FOREIGN = serial('X1');
const batch = `E2E-SR-${TAG}`;
const shipmentId = randomUUID();

hub.useSerialTracking(HUB.karawang);

beforeAll(async () => {
  await hub.applyAs('admin@demo.local', 'register_serials', {
    hub_id: HUB.karawang,
    units: LOADED.map((s) => ({ unit_id: randomUUID(), serial: s })),
  });
  const truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
  await hub.applyAs('karawang@demo.local', 'create_shipment_darat', {
    hub_id: HUB.karawang,
    shipment_id: shipmentId,
    vehicle_id: truck.id,
    destination_warehouse_id: WAREHOUSE.cikarang,
    batch_number: batch,
    smartboard_quantity: LOADED.length,
    bracket_quantity: 2,
    inventory_id: randomUUID(),
    image_count: 0,
    tv_serials: LOADED,
  });
  await hub.applyAs('cikarang@demo.local', 'confirm_arrival', {
    hub_id: HUB.cikarang,
    shipment_id: shipmentId,
  });
  await hub.applyAs('cikarang@demo.local', 'start_unloading', {
    hub_id: HUB.cikarang,
    shipment_id: shipmentId,
  });
  // The units are on the shipment: what Cikarang's tablet receives by serial.
  const units = await hub.query<{ serial: string }>(
    `select serial from public.tv_units where shipment_id = $1 and state = 'in_transit' order by serial`,
    [shipmentId],
  );
  expect(units.map((u) => u.serial)).toEqual(LOADED);
});

it('Cikarang scans what arrived offline: missing and unexpected as it goes, the discrepancies naming the serials', async () => {
  const { context, page } = await hub.offlineAtHub(browser(), 'cikarang', '/hub-cikarang/unloading');

  await hub.shipmentCard(page, batch).getByRole('button', { name: 'Selesai Bongkar' }).click();
  const form = page.getByTestId('complete-unloading-dialog');
  const section = form.getByTestId('receipt-serials');
  await section.waitFor();
  const figure = (name: string) => section.getByTestId(`receipt-serial-${name}`).getAttribute('data-count');
  const figures = async () => ({
    expected: await figure('expected'),
    scanned: await figure('scanned'),
    missing: await figure('missing'),
    unexpected: await figure('unexpected'),
  });
  expect(await figures()).toEqual({ expected: '4', scanned: '0', missing: '4', unexpected: '0' });
  const list = (testId: string) => section.getByTestId(testId).locator('li').allTextContents();
  expect(await list('receipt-serial-missing-list')).toEqual(LOADED);
  // The TV counts are shown (the scan's), not typed; the brackets are typed as ever.
  expect(await form.locator('input#receipt-smartboard-received').count()).toBe(0);
  expect(await form.locator('input#receipt-smartboard-damaged').count()).toBe(0);
  const tvReceived = form.getByTestId('receipt-smartboard-received-shown');
  const tvDamaged = form.getByTestId('receipt-smartboard-damaged-shown');
  expect(await tvReceived.getAttribute('data-count')).toBe('0');
  await form.locator('input#receipt-bracket-received').fill('2');

  // A wedge scanner types each code and Enter into the scanner's field.
  await section.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  await wedge(page, ONE);
  await wedge(page, TWO.toLowerCase());
  await wedge(page, THREE);
  // Not on this shipment: taken, as "lebih".
  expect((await wedge(page, FOREIGN)).outcome).toBe('accepted');
  const scanned = page.getByTestId('serial-scanner').getByTestId('serial-scan-count');
  expect(await scanned.getAttribute('data-count')).toBe('4');
  expect(await scanned.textContent()).toBe('4 / 4');
  // No serial, and one already scanned: refused with their reasons.
  expect(await wedge(page, '??')).toEqual({
    outcome: 'refused',
    text: 'Nomor seri "??" tidak valid: 3 sampai 64 huruf, angka atau - _ / .',
  });
  expect(await wedge(page, ONE.toLowerCase())).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${ONE} sudah dipindai.`,
  });
  expect(await scanned.getAttribute('data-count')).toBe('4');
  // Enter did not send the receipt: the form is still open behind the scanner.
  await closeScanner(page);
  await form.waitFor();

  const rows = () =>
    section.getByTestId('receipt-serial').evaluateAll((li) => li.map((e) => e.getAttribute('data-serial')));
  expect(await rows()).toEqual([ONE, TWO, THREE, FOREIGN]);
  expect(await figures()).toEqual({ expected: '4', scanned: '4', missing: '1', unexpected: '1' });
  expect(await list('receipt-serial-missing-list')).toEqual([FOUR]);
  expect(await list('receipt-serial-unexpected-list')).toEqual([FOREIGN]);
  expect(await tvReceived.getAttribute('data-count')).toBe('4');

  // One taken out (a 44px ✕): missing again; then scanned again.
  const remove = section.getByRole('button', { name: `Hapus ${THREE}` });
  const removeBox = await remove.boundingBox();
  expect(removeBox!.width).toBeGreaterThanOrEqual(44);
  expect(removeBox!.height).toBeGreaterThanOrEqual(44);
  await remove.click();
  await expect.poll(figures).toEqual({ expected: '4', scanned: '3', missing: '2', unexpected: '1' });
  expect(await list('receipt-serial-missing-list')).toEqual([THREE, FOUR]);
  expect(await tvReceived.getAttribute('data-count')).toBe('3');
  await section.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  expect((await wedge(page, THREE)).outcome).toBe('accepted');
  await closeScanner(page);
  await expect.poll(figures).toEqual({ expected: '4', scanned: '4', missing: '1', unexpected: '1' });
  expect(await rows()).toEqual([ONE, TWO, FOREIGN, THREE]);

  // One marked damaged (a 44px toggle): TV rusak is the number marked.
  const mark = section.getByRole('button', { name: `Tandai rusak ${TWO}` });
  const markBox = await mark.boundingBox();
  expect(markBox!.height).toBeGreaterThanOrEqual(44);
  expect(markBox!.width).toBeGreaterThanOrEqual(44);
  expect(await mark.getAttribute('aria-pressed')).toBe('false');
  expect(await tvDamaged.getAttribute('data-count')).toBe('0');
  await mark.click();
  await expect.poll(() => mark.getAttribute('aria-pressed')).toBe('true');
  expect(await tvDamaged.getAttribute('data-count')).toBe('1');
  expect(await tvReceived.getAttribute('data-count')).toBe('4');

  // The discrepancies the scan calls for, each naming its serials and asking its photo.
  const discrepancies = form.getByTestId('receipt-discrepancy');
  await expect
    .poll(() => discrepancies.evaluateAll((f) => f.map((e) => e.getAttribute('data-key'))))
    .toEqual(['smartboard-kurang', 'smartboard-lebih', 'smartboard-rusak']);
  const named = async (key: string) => {
    const d = form.locator(`[data-testid=receipt-discrepancy][data-key=${key}]`);
    return {
      title: await d.locator('legend').textContent(),
      serials: await d.getByTestId('receipt-discrepancy-serials').locator('li').allTextContents(),
      photo: await d.getByTestId(`receipt-${key}-file`).count(),
    };
  };
  expect(await named('smartboard-kurang')).toEqual({ title: 'TV kurang 1Kurang', serials: [FOUR], photo: 1 });
  expect(await named('smartboard-lebih')).toEqual({ title: 'TV lebih 1Lebih', serials: [FOREIGN], photo: 1 });
  expect(await named('smartboard-rusak')).toEqual({ title: 'TV rusak 1Rusak', serials: [TWO], photo: 1 });

  // The receipt by serial meets the accessibility checks every screen meets.
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

  // Unmarked: no rusak any more.
  await mark.click();
  await expect
    .poll(() => discrepancies.evaluateAll((f) => f.map((e) => e.getAttribute('data-key'))))
    .toEqual(['smartboard-kurang', 'smartboard-lebih']);
  expect(await tvDamaged.getAttribute('data-count')).toBe('0');

  // Nothing is sent: the receipt is cancelled.
  await form.getByRole('button', { name: 'Batal', exact: true }).click();
  await form.waitFor({ state: 'detached' });
  await context.close();
});
