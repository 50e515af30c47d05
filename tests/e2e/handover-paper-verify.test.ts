// Issue 40, a paper that proves itself: Cikarang counts a truck in and prints the BAST from
// the tablet; its QR code, read back from the printed PDF, is shown to the camera (Chromium's
// fake video capture) on "Periksa Dokumen": "sesuai" online (against the server) and offline
// (against the tablet's copy), with who signed and when the server received it. The sealed
// PDF chosen as a file is sesuai; the same file with one byte changed is flagged, online and
// offline. Another hub's tablet, without the file, checks it online and says offline that it
// cannot tell; a hub that may not read the shipment is shown no such document. Once a later BAST is recorded for the shipment, the paper reads as replaced.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseShipmentQr } from '../../src/lib/documents/qr-payload';
import { appUrl } from '../support/browser';
import { serviceClient } from '../support/clients';
import { HUB, TRUCK_VENDOR } from '../support/demo';
import { pdfQrCodes } from '../support/handover-pdf';
import { seriousViolations } from './axe';
import { eventually, makeVehicle, openHub, query, shipmentCard, tablet, tag, toast, waitOffline, waitSynced } from './hub-support';
import { useQrCamera } from './qr-camera';
import { closeBast, signReceipt } from './receive-support';

const { browser, show } = useQrCamera('dermaga-verify');

const shipment = { id: randomUUID(), batch: `E2E-PAPER-${tag()}` };

beforeAll(async () => {
  const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false } });
  await query(
    `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                   current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta,
                                   arrival_gdt)
     values ($1, $2, $3, $4, $5, $6, $6, 12, 7, 'sedang_bongkar', now() - interval '5 hours', current_date, now() - interval '1 hour')`,
    [shipment.id, shipment.batch, truck.id, TRUCK_VENDOR.id, HUB.karawang, HUB.cikarang],
  );
});

const result = (page: Page) => page.getByTestId('verify-result');

/** The result of the check now shown, once it is the one asked for (its source or file). */
async function shown(page: Page, checked: string, source: 'server' | 'device') {
  const r = result(page);
  await page
    .locator(`[data-testid=verify-result][data-checked="${checked}"][data-source=${source}]`)
    .waitFor();
  return {
    verdict: await r.getAttribute('data-verdict'),
    reasons: await r.locator('[data-reason]').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason'))),
    text: (await r.textContent()) ?? '',
  };
}

/** Shows the QR code of `text` to the camera and opens the scanner of Periksa Dokumen. */
async function scan(page: Page, text: string): Promise<void> {
  show(text);
  await page.getByTestId('verify-scan').click();
}

async function chooseFile(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.getByTestId('verify-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
}

describe('a paper that proves itself', () => {
  it('the BAST printed from the tablet: its QR is sesuai online and offline; one changed byte and a replacement are flagged', async () => {
    const { context, page } = await tablet(browser(), 'cikarang');
    await openHub(page, '/hub-cikarang/unloading');
    await shipmentCard(page, shipment.batch).getByRole('button', { name: 'Selesai Bongkar' }).click();
    const form = page.getByTestId('complete-unloading-dialog');
    await expect.poll(() => form.getByLabel('TV diterima').inputValue()).toBe('12');
    await signReceipt(page, form, { receiver: 'Rina Penerima', driver: 'Joko Sopir' });
    await form.getByTestId('complete-unloading-submit').click();
    await toast(page, 'Unloading completed successfully').waitFor();

    // The BAST as printed at the dock: made on the tablet at once (before the server's time).
    const bastLink = page.locator('[data-testid=bast-dialog][data-bast=made]').getByTestId('bast-download');
    const [download] = await Promise.all([page.waitForEvent('download'), bastLink.click()]);
    const printed = new Uint8Array(readFileSync((await download.path())!));
    await closeBast(page);
    const [code] = (await pdfQrCodes(printed)).filter((text) => parseShipmentQr(text)?.documentId);
    const qr = parseShipmentQr(code!)!;
    expect(qr).toMatchObject({ shipmentId: shipment.id, batchNumber: shipment.batch });

    // Sealed: the BAST reaches the server under the id its QR names (made again with the server's time).
    const row = await eventually(async () => {
      const [r] = await query<{ id: string; path: string; sha256: string }>(
        `select id, path, sha256 from public.shipment_documents where shipment_id = $1 and kind = 'bast'`,
        [shipment.id],
      );
      return r;
    }, 90_000);
    expect(row.id).toBe(qr.documentId);
    const { data, error } = await serviceClient().storage.from('shipment-documents').download(row.path);
    if (error) throw error;
    const sealed = new Uint8Array(await data.arrayBuffer());
    const changed = sealed.slice();
    const at = Math.floor(changed.length / 2);
    changed[at] = changed[at]! ^ 0x01;
    await waitSynced(page, 90_000);

    // Online: against the server.
    await page.goto(appUrl('/periksa'));
    await scan(page, code!);
    const online = await shown(page, 'qr', 'server');
    expect(online.verdict).toBe('sesuai');
    expect(online.reasons).toEqual([]);
    expect(online.text).toContain('Penerima: Rina Penerima');
    expect(online.text).toContain('Sopir: Joko Sopir');
    expect(await page.getByTestId('verify-received-at').textContent()).not.toBe('Belum diterima server');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await chooseFile(page, 'sealed.pdf', sealed);
    expect((await shown(page, 'sealed.pdf', 'server')).verdict).toBe('sesuai');
    await chooseFile(page, 'changed.pdf', changed);
    const changedOnline = await shown(page, 'changed.pdf', 'server');
    expect(changedOnline).toMatchObject({ verdict: 'tidakSesuai', reasons: ['fileDiffers'] });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // The code's own link (a phone's camera app, or Pindai Surat Jalan) lands on /terima: the
    // shipment is unloaded already, and the page offers the check of this very document.
    const link = new URL(code!);
    await page.goto(appUrl(`${link.pathname}${link.search}`));
    await page.getByTestId('receive-refused').waitFor();
    await page.getByTestId('verify-document-link').click();
    await page.waitForURL('**/periksa?**');
    expect((await shown(page, 'qr', 'server')).verdict).toBe('sesuai');

    // Offline: against the tablet's copy.
    await context.setOffline(true);
    await waitOffline(page);
    await scan(page, code!);
    const offline = await shown(page, 'qr', 'device');
    expect(offline.verdict).toBe('sesuai');
    expect(offline.text).toContain('Penerima: Rina Penerima');
    await chooseFile(page, 'sealed.pdf', sealed);
    expect((await shown(page, 'sealed.pdf', 'device')).verdict).toBe('sesuai');
    await chooseFile(page, 'changed.pdf', changed);
    expect(await shown(page, 'changed.pdf', 'device')).toMatchObject({ verdict: 'tidakSesuai', reasons: ['fileDiffers'] });

    // Karawang (where the truck came from) holds no copy of the file: online it reads the sealed
    // file from Storage and says sesuai; offline it says plainly it cannot tell.
    const karawang = await tablet(browser(), 'karawang');
    await karawang.page.goto(appUrl('/periksa'));
    await scan(karawang.page, code!);
    const remote = await shown(karawang.page, 'qr', 'server');
    expect(remote.verdict).toBe('sesuai');
    expect(remote.text).toContain('Sopir: Joko Sopir');
    await karawang.context.setOffline(true);
    await waitOffline(karawang.page);
    await scan(karawang.page, code!);
    expect((await shown(karawang.page, 'qr', 'device')).verdict).toBe('perluOnline');
    await karawang.context.close();
    // PolSub may not read this shipment (RLS): the server shows it no such document.
    const polsub = await tablet(browser(), 'polsub');
    await polsub.page.goto(appUrl('/periksa'));
    await scan(polsub.page, code!);
    expect(await shown(polsub.page, 'qr', 'server')).toMatchObject({ verdict: 'tidakDikenal', reasons: ['notRegistered'] });
    await polsub.context.close();

    // A later BAST recorded for the shipment: the printed paper is no longer the one in force.
    const later = randomUUID();
    await query(
      `insert into public.shipment_documents (id, shipment_id, kind, path, mime, size_bytes, sha256, device_time, uploaded_by, received_at)
       select $1, shipment_id, 'bast', $2, 'application/pdf', size_bytes, repeat('a', 64), now(), uploaded_by, received_at + interval '1 minute'
         from public.shipment_documents where id = $3`,
      [later, `shipments/${shipment.id}/documents/${later}.pdf`, row.id],
    );
    await context.setOffline(false);
    await page.locator('[data-testid=sync-indicator][data-online=true]').waitFor();
    await scan(page, code!);
    await page.locator('[data-testid=verify-result][data-verdict=diganti][data-source=server]').waitFor();
    expect(await page.getByTestId('verify-replaced-by').textContent()).toContain(later);
    await context.close();
  }, 300_000);
});
