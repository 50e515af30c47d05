// Issue 28: the surat jalan made on the tablet. Karawang, offline, ships a truck to Cikarang;
// the tablet makes the delivery note at once (the test reads the downloaded PDF's text and
// decodes its QR code), prints it from the print view, and the shipment's detail lists it
// as waiting to upload. Back online, the document reaches the server (its row, with the
// device's hash, and its object) and the detail opens it.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl, useBrowser } from '../support/browser';
import { HUB } from '../support/demo';
import { pdfQrCodes, pdfText } from '../support/handover-pdf';
import { seriousViolations } from './axe';
import * as hub from './hub-support';
import * as shipping from './shipping-form-support';
import { closeSuratJalan, downloadSuratJalan, suratJalanDialog } from './surat-jalan-support';

const browser = useBrowser();
let truck: { id: string; plate: string };
const batch = `E2E-SJ-${hub.tag()}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Buka on a document: it opens in a new tab (a blob: URL); the bytes it opened, as the page
 * handed them to the tab (the app's CSP lets no page fetch a blob: URL, so the test keeps
 * the Blob the URL was made of).
 */
async function openedBytes(page: Page, open: () => Promise<void>): Promise<Uint8Array> {
  await page.evaluate(() => {
    const w = window as unknown as { opened: Blob[] };
    w.opened = [];
    const make = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob) w.opened.push(blob);
      return make(blob);
    };
  });
  const popup = page.waitForEvent('popup');
  await open();
  expect((await popup).url()).toMatch(/^blob:/);
  const bytes = await page.evaluate(async () => {
    const w = window as unknown as { opened: Blob[] };
    return Array.from(new Uint8Array(await w.opened[w.opened.length - 1]!.arrayBuffer()));
  });
  return new Uint8Array(bytes);
}

beforeAll(async () => {
  truck = await hub.makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
});

describe('the surat jalan', () => {
  it('is made offline after the shipping form, printed, shared, uploaded once online and opened from the detail', async () => {
    const { context, page } = await hub.offlineAtHub(browser(), 'karawang', '/hub-karawang/loading');

    await hub.vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
    const form = page.getByTestId('shipping-dialog');
    await shipping.fillDaratToCikarang(page, form, batch);
    await shipping.sendThroughSummary(form, batch);
    await form.waitFor({ state: 'detached' });

    // Surat jalan siap, offline: its PDF as the user gets it.
    const dialog = suratJalanDialog(page);
    await dialog.getByRole('heading', { name: 'Surat jalan siap' }).waitFor();
    const { bytes, name } = await downloadSuratJalan(page);
    expect(name).toBe(`SJ-${batch}.pdf`);
    const shipmentId = (await hub.shipmentCard(page, batch).getAttribute('data-shipment-id'))!;
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    for (const part of [
      'SURAT JALAN',
      `No. SJ-${batch}`,
      `No. Batch : ${batch}`,
      'Asal : Hub Karawang',
      'Tujuan : Hub Cikarang',
      `No. Polisi : ${truck.plate}`,
      'Pengemudi : Sopir E2E',
      'Smartboard TV 12 unit',
      'Bracket 7 unit',
      'Penerima',
    ])
      expect(text).toContain(part);
    expect(text).toMatch(/Tanggal : \d{2} \w{3} \d{4} \d{2}:\d{2} WIB/);
    // Issue 40: the code also names the document and the hash of its content (sealed).
    const codes = await pdfQrCodes(bytes);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(
      new RegExp(
        `^${new URL(appUrl()).origin}/terima/${shipmentId}\\?batch=${batch}&doc=[0-9a-f-]{36}&sha256=[0-9a-f]{64}$`,
      ),
    );
    // Big enough for gloves.
    for (const button of await dialog.getByRole('button').all()) {
      const box = await button.boundingBox();
      if (box) expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Cetak: the print view, then the browser's print dialog.
    await page.evaluate(() => {
      const w = window as unknown as { printed: number };
      w.printed = 0;
      window.print = () => void w.printed++;
    });
    await dialog.getByTestId('surat-jalan-print-button').click();
    const printView = dialog.getByTestId('surat-jalan-print');
    await printView.getByRole('img', { name: `Kode QR pengiriman ${batch}` }).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect.poll(() => printView.textContent()).toContain(`No. SJ-${batch}`);
    expect(await printView.textContent()).toContain(truck.plate);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await closeSuratJalan(page);

    // The detail, still offline: the surat jalan waits to upload.
    await page.goto(appUrl(`/in-transit-detail?open=${shipmentId}`));
    const documents = page.getByTestId('shipment-documents');
    const document = documents.locator('[data-testid=shipment-document][data-kind=surat_jalan]');
    await expect.poll(() => document.getAttribute('data-state')).toBe('pending');
    expect(
      await hub.query('select 1 from public.shipment_documents where shipment_id = $1', [shipmentId]),
    ).toHaveLength(0);

    // Online: the object and its row reach the server, with the hash the tablet computed.
    await context.setOffline(false);
    const row = await hub.eventually(async () => {
      const [r] = await hub.query<{
        id: string;
        path: string;
        sha256: string;
        size_bytes: number;
        mime: string;
      }>(
        `select id, path, sha256, size_bytes, mime from public.shipment_documents where shipment_id = $1 and kind = 'surat_jalan'`,
        [shipmentId],
      );
      return r;
    }, 60_000);
    expect(row).toMatchObject({
      path: `shipments/${shipmentId}/documents/${row.id}.pdf`,
      sha256: sha256(bytes),
      size_bytes: bytes.byteLength,
      mime: 'application/pdf',
    });
    const objects = await hub.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      'shipment-documents',
      row.path,
    ]);
    expect(objects).toHaveLength(1);
    await hub.waitSynced(page, 60_000);
    await expect.poll(() => document.getAttribute('data-state')).toBe('uploaded');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // Buka: the PDF in the browser's viewer, the same bytes.
    const opened = await openedBytes(page, () =>
      document.getByRole('button', { name: 'Buka Surat Jalan' }).click(),
    );
    expect(sha256(opened)).toBe(sha256(bytes));
    await context.close();

    // Another tablet (Cikarang, where it is going) opens it from the server.
    const cikarang = await hub.tablet(browser(), 'cikarang');
    await cikarang.page.goto(appUrl(`/in-transit-detail?open=${shipmentId}`));
    const theirs = cikarang.page.locator('[data-testid=shipment-document][data-kind=surat_jalan]');
    await expect.poll(() => theirs.getAttribute('data-state')).toBe('uploaded');
    const fetched = await openedBytes(cikarang.page, () =>
      theirs.getByRole('button', { name: 'Buka Surat Jalan' }).click(),
    );
    expect(sha256(fetched)).toBe(sha256(bytes));
    await cikarang.context.close();
  });
});
