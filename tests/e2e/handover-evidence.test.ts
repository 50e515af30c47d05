// Issue 28, the evidence's facts: where the device allows it, evidence carries its location,
// and the stored BAST carries the server's receipt time. The admin switches "Sertakan lokasi
// pada foto bukti" on in Settings: refused (said plainly, the switch stays off) while the
// browser refuses, on once the permission is granted and a position set; the choice is the
// device's and outlives the sign-out. Cikarang then counts a shipment offline,
// two TVs short with a photo, both sign, and gets the BAST ("Belum tersinkron" where the
// server's time goes). Back online: the photo and the signatures are on the server with the
// coordinates and accuracy, and the BAST in the bucket shows the receipt's received_at.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/lib/format-date';
import { appUrl, newContext, signIn, useBrowser, waitForServiceWorkerControl } from '../support/browser';
import { serviceClient } from '../support/clients';
import { HUB } from '../support/demo';
import { pdfText } from '../support/handover-pdf';
import { png } from '../support/images';
import { seriousViolations } from './axe';
import { countShortAndSign, downloadOf } from './handover-flow-support';
import * as hub from './hub-support';

const browser = useBrowser();
const batch = `E2E-EVD-${hub.tag()}`;
const DOCK = { latitude: -6.2607, longitude: 107.1526, accuracy: 12 };
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('evidence with its location, the BAST with the server time', () => {
  it('counted offline with location on; back online, the server has the coordinates and the BAST its receipt time', async () => {
    // A truck of the test's own, being unloaded at Cikarang: 6 TVs and 2 brackets sent.
    const truck = await hub.makeVehicle({ hubId: HUB.cikarang, flags: { ready: false } });
    const shipmentId = randomUUID();
    await hub.query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
         smartboard_quantity, bracket_quantity, status, loading_date, eta, arrival_gdt, unloading_started_at, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $5, 6, 2, 'sedang_bongkar', now() - interval '1 day', current_date, now(), now(), false)`,
      [shipmentId, batch, truck.id, HUB.karawang, HUB.cikarang],
    );

    const context = await newContext(browser(), { hasTouch: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error', error));

    // The admin switches location on for this tablet. A browser that refuses is said plainly,
    // and the switch stays off; once the browser allows it, the switch turns on.
    await signIn(page, 'admin@demo.local');
    await page.goto(appUrl('/settings'));
    const toggle = page.getByTestId('location-toggle');
    const state = page.getByTestId('location-state');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('denied');
    expect(await state.textContent()).toContain('Browser menolak akses lokasi');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
    await context.grantPermissions(['geolocation'], { origin: new URL(appUrl('/')).origin });
    await context.setGeolocation(DOCK);
    await toggle.click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('granted');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('sign-out').click();
    await page.waitForURL(appUrl('/auth'));

    // Cikarang's user on the same tablet, offline: Selesai Bongkar with a counted receipt.
    await signIn(page, 'cikarang@demo.local');
    await waitForServiceWorkerControl(page);
    await hub.waitFirstSync(page);
    await hub.openHub(page, '/hub-cikarang/otw');
    await hub.clickTab(page, 'Sedang Bongkar');
    const row = page.getByTestId('unloading-list').locator(`[data-batch="${batch}"]`);
    await row.waitFor();
    await context.setOffline(true);
    await hub.waitOffline(page);
    await row.getByRole('button', { name: 'Selesai Bongkar' }).click();
    const receipt = page.getByTestId('complete-unloading-dialog');
    await countShortAndSign(page, receipt, {
      tvReceived: 4,
      note: 'Dua dus TV tertinggal',
      receiver: 'Rina Penerima',
      driver: 'Sopir E2E',
      photo: png(64, 48, [90, 90, 180]),
    });
    await page.getByTestId('complete-unloading-submit').click();
    const bast = page.getByTestId('bast-dialog');
    await bast.getByTestId('bast-download').waitFor({ timeout: 30_000 });
    const offlineText = flat(await pdfText(await downloadOf(page, bast.getByTestId('bast-download'))));
    expect(offlineText).toContain('Diterima server : Belum tersinkron');
    await bast.getByRole('button', { name: 'Tutup', exact: true }).first().click();

    // Back online: the receipt and every document reach the server.
    await context.setOffline(false);
    await hub.waitSynced(page, 90_000);
    const documents = await hub.eventually(async () => {
      const rows = await hub.query<{
        kind: string;
        path: string;
        latitude: number | null;
        longitude: number | null;
        accuracy_m: number | null;
      }>(
        `select d.kind, d.path, d.latitude, d.longitude, d.accuracy_m from public.shipment_documents d
           join storage.objects o on o.bucket_id = 'shipment-documents' and o.name = d.path
          where d.shipment_id = $1 order by d.kind`,
        [shipmentId],
      );
      return rows.length === 4 ? rows : undefined;
    }, 90_000);
    const at = { latitude: DOCK.latitude, longitude: DOCK.longitude, accuracy_m: DOCK.accuracy };
    expect(documents.map(({ path: _, ...d }) => d)).toEqual([
      expect.objectContaining({ kind: 'bast' }),
      { kind: 'discrepancy_photo', ...at },
      { kind: 'signature_driver', ...at },
      { kind: 'signature_receiver', ...at },
    ]);

    // The BAST stored in the bucket shows the server's receipt time, in the hub's zone.
    const [counted] = await hub.query<{ received_at: Date }>(
      'select received_at from public.shipment_receipts where shipment_id = $1',
      [shipmentId],
    );
    const { data, error } = await serviceClient()
      .storage.from('shipment-documents')
      .download(documents[0]!.path);
    if (error) throw error;
    const stored = flat(await pdfText(new Uint8Array(await data.arrayBuffer())));
    expect(stored).toContain(`Diterima server : ${formatDateTime(counted!.received_at, 'Asia/Jakarta')}`);
    expect(stored).not.toContain('Belum tersinkron');
    await context.close();
  }, 300_000);
});
