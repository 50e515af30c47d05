// Issue 42, loading by scanning: Hub Karawang tracks TVs by serial (set here, put back after) and
// holds five serials of this test's own. Its tablet, offline after the first sync, opens the
// shipping form for a queued truck: Jumlah Smartboard is no field to type but the serials
// scanned (Kirim with none refuses it; scanning clears that). "Pindai TV": three boxes pass the
// camera (Chromium's fake video capture), one is taken out of the form's list again; then a wedge scanner types it back and a fourth, a serial this hub
// does not hold is refused (not in stock) and one already in the truck is refused (already
// scanned), each with its reason. Kirim: the shipment's TV quantity is the four serials; at once,
// offline, the next truck's scanner refuses one of them as on another open shipment (this
// device's unit is in transit). Back online the server's shipment carries 4 TVs and the four
// units are in transit on it; the fifth is still in stock at Karawang.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { HUB } from '../support/demo';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';
import { closeScanner, openWedge, useSerialCamera, waitForScanned, wedge } from './serial-camera';
import { closeSuratJalan, suratJalanDialog } from './surat-jalan-support';

const { browser, show } = useSerialCamera('dermaga-serial-loading');
const TAG = hub.tag();
const serial = (n: string) => `E2E-${TAG}-${n}`;
const CAMERA = [serial('C1'), serial('C2'), serial('C3')];
const TYPED = serial('T1');
const LEFT = serial('L1');
const FOREIGN = serial('X1');
const LOADED = [...CAMERA, TYPED];
const batch = `E2E-SN-${TAG}`;

let truck: { id: string; plate: string };
let next: { id: string; plate: string };

hub.useSerialTracking(HUB.karawang);

beforeAll(async () => {
  await hub.applyAs('admin@demo.local', 'register_serials', {
    hub_id: HUB.karawang,
    units: [...LOADED, LEFT].map((s) => ({ unit_id: randomUUID(), serial: s })),
  });
  truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
  next = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
});

it('Karawang scans TVs into a truck offline, refusals said with their reason; the server books them on the shipment', async () => {
  const { context, page } = await hub.offlineAtHub(browser(), 'karawang', '/hub-karawang/loading');

  await hub.vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
  const form = page.getByTestId('shipping-dialog');
  const tv = form.getByTestId('tv-serials');
  await tv.waitFor();
  // The TV quantity is shown, not typed; the brackets are typed as ever.
  expect(await form.locator('input#darat-smartboard').count()).toBe(0);
  await form.locator('#darat-bracket').waitFor();
  const count = tv.getByTestId('tv-serial-count');
  expect(await count.getAttribute('data-count')).toBe('0');
  // Kirim with nothing scanned: the TV count is refused (the form's error on it); the codes
  // scanned next clear it (the field clears its errors only when it has some).
  await form.getByTestId('shipping-submit').click();
  await tv.locator('[data-testid=tv-serial-count][aria-invalid=true]').waitFor();

  // Three boxes pass the camera, one after the other: each taken once, no tap between.
  show(CAMERA);
  await tv.getByRole('button', { name: 'Pindai TV' }).click();
  const scanner = page.getByTestId('serial-scanner');
  const scanned = scanner.getByTestId('serial-scan-count');
  await waitForScanned(page, 3, 60_000);
  // The frames were read off the page's main thread, in the scan worker.
  expect(page.workers().some((w) => w.url().includes('/assets/scan-worker-'))).toBe(true);
  await closeScanner(page);
  // The form lists them in the order taken; a frame missed under load takes one a loop later, so
  // the list is compared as a set (the serials here sort in the order they are named).
  const listed = async () => (await tv.getByTestId('tv-serial').allTextContents()).sort();
  await expect.poll(listed).toEqual(CAMERA);
  expect(await count.getAttribute('data-count')).toBe('3');
  expect(await count.getAttribute('aria-invalid')).toBeNull();

  // One taken out again in the form (a 44px ✕ beside it).
  const remove = tv.getByRole('button', { name: `Hapus ${CAMERA[2]}` });
  const box = await remove.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await remove.click();
  await expect.poll(listed).toEqual(CAMERA.slice(0, 2));
  expect(await count.getAttribute('data-count')).toBe('2');

  // A camera that sees nothing now; a wedge scanner types (each code and Enter).
  show([]);
  await tv.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  await wedge(page, CAMERA[2]!);
  await wedge(page, TYPED.toLowerCase());
  expect(await scanned.getAttribute('data-count')).toBe('4');
  // Not this hub's: refused with its reason, in the screen's language.
  expect(await wedge(page, FOREIGN)).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${FOREIGN} tidak ada di stok hub ini.`,
  });
  // Already in this truck.
  expect(await wedge(page, CAMERA[0]!)).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${CAMERA[0]} sudah dipindai.`,
  });
  expect(await scanned.getAttribute('data-count')).toBe('4');
  // The form's list stays put while the scanner is open: Enter did not send the form.
  expect(await form.getByTestId('shipping-summary').count()).toBe(0);
  await closeScanner(page);
  await expect.poll(listed).toEqual(LOADED);
  expect(await count.getAttribute('data-count')).toBe('4');

  // The rest of the form; the summary names 4 TVs; Kirim, offline.
  await shipping.fillDaratScanned(page, form, batch, 1);
  await form.getByTestId('shipping-submit').click();
  const summary = form.getByTestId('shipping-summary');
  await summary.filter({ hasText: batch }).waitFor();
  const tvRow = summary
    .locator('dt', { hasText: 'Jumlah Smartboard' })
    .locator('xpath=following-sibling::dd[1]');
  expect(await tvRow.textContent()).toBe('4');
  await form.getByRole('button', { name: 'Ya, Kirim' }).click();
  await hub.toast(page, 'Shipping record created successfully. Vehicle status updated.').waitFor();
  await suratJalanDialog(page).getByRole('heading', { name: 'Surat jalan siap' }).waitFor();
  await closeSuratJalan(page);

  // At once, offline: on this tablet the units are in transit, so the next truck cannot take one.
  await hub.vehicleCard(page, next.plate).getByRole('button', { name: 'Selesai Muat' }).click();
  await form.getByTestId('tv-serials').waitFor();
  show([]);
  await form.getByRole('button', { name: 'Pindai TV' }).click();
  await openWedge(page);
  expect(await wedge(page, TYPED)).toEqual({
    outcome: 'refused',
    text: `Nomor seri ${TYPED} ada di pengiriman lain yang belum selesai.`,
  });
  // The one left behind is still in stock here.
  expect((await wedge(page, LEFT)).outcome).toBe('accepted');
  await closeScanner(page);
  await form.getByRole('button', { name: 'Batal', exact: true }).click();
  await form.waitFor({ state: 'detached' });

  // Online again: the server's shipment carries the four TVs, its units in transit on it.
  await context.setOffline(false);
  await hub.waitSynced(page);
  const [shipment] = await hub.eventually(async () => {
    const rows = await hub.query<{ id: string; smartboard_quantity: number; bracket_quantity: number }>(
      'select id::text, smartboard_quantity, bracket_quantity from public.shipments where batch_number = $1',
      [batch],
    );
    return rows.length ? rows : undefined;
  });
  expect(shipment).toMatchObject({ smartboard_quantity: LOADED.length, bracket_quantity: 1 });
  const units = await hub.query<{
    serial: string;
    state: string;
    hub_id: string | null;
    shipment_id: string | null;
  }>(
    `select serial, state, hub_id::text, shipment_id::text from public.tv_units where serial like $1 order by serial`,
    [`E2E-${TAG}-%`],
  );
  expect(units).toEqual(
    [...LOADED, LEFT].sort().map((s) => ({
      serial: s,
      ...(s === LEFT
        ? { state: 'in_stock', hub_id: HUB.karawang, shipment_id: null }
        : { state: 'in_transit', hub_id: null, shipment_id: shipment!.id }),
    })),
  );
  await context.close();
});
