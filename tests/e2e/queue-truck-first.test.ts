// Issue 29, truck first: Tambah ke Antrian lists the trucks that can be queued
// at this hub by plate (those here first), none waiting for their shipping form and,
// at another hub, only those back from this hub's shipment (named with where they stand); a search by plate, driver or vendor narrows it; several
// are chosen at once, the button names how many, and they join the queue
// offline too (then reach the server once online).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { seriousViolations } from './axe';
import { HUB, TRUCK_TYPE } from '../support/demo';
import * as hub from './hub-support';

const browser = useBrowser();

const T = hub.tag();
const vendor = { id: randomUUID(), name: `PT Antrian ${T}` };
/** One truck of each kind, of a vendor of the test's own (unique plates and drivers). */
const trucks = {
  here: {
    id: randomUUID(),
    plate: `QH ${T}`,
    driver: `Sopir Hadir ${T}`,
    hub: HUB.cikarang,
    finished: false,
  },
  free: { id: randomUUID(), plate: `QF ${T}`, driver: `Sopir Bebas ${T}`, hub: null, finished: false },
  elsewhere: {
    id: randomUUID(),
    plate: `QE ${T}`,
    driver: `Sopir Jauh ${T}`,
    hub: HUB.karawang,
    finished: false,
  },
  // Loading finished here, shipping form not sent: it waits for its form.
  awaiting: {
    id: randomUUID(),
    plate: `QW ${T}`,
    driver: `Sopir Tunggu ${T}`,
    hub: HUB.cikarang,
    finished: true,
  },
};

/**
 * Trucks of a vendor of their own: two that delivered Cikarang's shipments to Karawang and
 * stand there, one unloaded (back: offered at Cikarang) and one still being unloaded (not
 * offered); and one that brought Karawang's shipment to Cikarang and is still being unloaded
 * here (not offered until it is unloaded).
 */
const returning = { id: randomUUID(), name: `PT Pulang ${T}` };
const trips = {
  back: {
    truck: randomUUID(),
    plate: `QB ${T}`,
    status: 'selesai',
    done: true,
    from: HUB.cikarang,
    to: HUB.karawang,
  },
  unloading: {
    truck: randomUUID(),
    plate: `QU ${T}`,
    status: 'sedang_bongkar',
    done: false,
    from: HUB.cikarang,
    to: HUB.karawang,
  },
  unloadingHere: {
    truck: randomUUID(),
    plate: `QD ${T}`,
    status: 'sedang_bongkar',
    done: false,
    from: HUB.karawang,
    to: HUB.cikarang,
  },
};

/** A ready truck of the test's own at `hubId` (null: none), its loading finished at `loadedAt` (null: never). */
const readyTruck = (
  id: string,
  plate: string,
  vendorId: string,
  driver: string,
  hubId: string | null,
  loadedAt: string | null,
) =>
  hub.query(
    `insert into public.vehicles (id, license_plate, vehicle_type_id, vendor_id, driver_name, current_hub_id,
                                  ready, siap_muat, sedang_muat, is_active, loading_finished_at)
     values ($1, $2, $3, $4, $5, $6, true, false, false, true, $7)`,
    [id, plate, TRUCK_TYPE, vendorId, driver, hubId, loadedAt],
  );

/** The trips' shipments, removed when the file ends (other files read Cikarang's and Karawang's tabs). */
const tripShipments: string[] = [];
afterAll(async () => {
  await hub.query('delete from public.shipments where id = any($1)', [tripShipments]);
});

beforeAll(async () => {
  await hub.query('insert into public.vendors (id, name) values ($1, $2), ($3, $4)', [
    vendor.id,
    vendor.name,
    returning.id,
    returning.name,
  ]);
  for (const trip of Object.values(trips)) {
    const loaded = new Date(Date.now() - 5 * 3600_000).toISOString();
    await readyTruck(trip.truck, trip.plate, returning.id, 'Sopir Pulang', trip.to, loaded);
    const shipmentId = randomUUID();
    tripShipments.push(shipmentId);
    await hub.query(
      `insert into public.shipments (id, batch_number, vehicle_id, vendor_id, origin_hub_id, destination_hub_id,
                                     current_hub_id, smartboard_quantity, bracket_quantity, status, loading_date, eta,
                                     arrival_gdt, selesai_bongkar, unloading_finished_at)
       values ($1, $2, $3, $4, $5, $6, $6, 2, 2, $7, now() - interval '4 hours', current_date,
               now() - interval '2 hours', $8, case when $8 then now() - interval '1 hour' end)`,
      [
        shipmentId,
        `PULANG-${trip.plate}`,
        trip.truck,
        returning.id,
        trip.from,
        trip.to,
        trip.status,
        trip.done,
      ],
    );
  }
  for (const t of Object.values(trucks)) {
    await readyTruck(t.id, t.plate, vendor.id, t.driver, t.hub, t.finished ? new Date().toISOString() : null);
  }
});

describe('Tambah ke Antrian, truck first', () => {
  it('lists the trucks that can be queued here by plate, searches them, and queues two at once offline', async () => {
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    await hub.openHub(page, '/hub-cikarang/ready');

    await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
    const dialog = page.getByTestId('add-to-queue-dialog');
    const option = (plate: string) => dialog.locator(`label[data-plate="${plate}"]`);
    const ours = async () =>
      (
        await dialog
          .locator('label[data-plate]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-plate')))
      ).filter((p) => Object.values(trucks).some((t) => t.plate === p));

    // No vendor chosen: the list is there at once, this hub's truck before the one at no hub.
    await option(trucks.here.plate).waitFor();
    // Read in the same list: the one at Karawang and the one waiting for its form here are not offered.
    await expect.poll(ours).toEqual([trucks.here.plate, trucks.free.plate]);
    await expect.poll(() => option(trucks.here.plate).getAttribute('data-here')).toBe('true');
    await expect.poll(() => option(trucks.here.plate).textContent()).toContain(vendor.name);
    await expect.poll(() => option(trucks.here.plate).textContent()).toContain(trucks.here.driver);
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

    // The search narrows by plate (spaces ignored), by driver, by vendor.
    const search = dialog.getByTestId('queue-search');
    await search.fill(trucks.free.plate.replace(/\s/g, '').toLowerCase());
    await expect.poll(ours).toEqual([trucks.free.plate]);
    await search.fill(trucks.here.driver);
    await expect.poll(ours).toEqual([trucks.here.plate]);
    await search.fill(trucks.elsewhere.driver);
    await expect.poll(() => dialog.locator('label[data-plate]').count()).toBe(0);
    await expect
      .poll(() => dialog.textContent())
      .toContain('Tidak ada kendaraan yang cocok dengan pencarian.');
    await search.fill(vendor.name);
    await expect.poll(ours).toEqual([trucks.here.plate, trucks.free.plate]);
    expect(await dialog.locator('label[data-plate]').count()).toBe(2);

    // Both chosen: the button names the count.
    await option(trucks.here.plate).click();
    await option(trucks.free.plate).click();
    const submit = dialog.getByTestId('queue-submit');
    await expect.poll(() => submit.textContent()).toBe('Masukkan ke Antrian (2)');

    // Offline: they join the queue on the device at once.
    await context.setOffline(true);
    await hub.waitOffline(page);
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await hub.toast(page, '2 kendaraan berhasil ditambahkan ke antrian').waitFor();
    await hub.vehicleCard(page, trucks.here.plate).waitFor();
    await hub.vehicleCard(page, trucks.free.plate).waitFor();

    // Online again: the server has them in this hub's queue; the others are untouched.
    await context.setOffline(false);
    await hub.waitSynced(page);
    await hub.eventually(async () => {
      const rows = await hub.query<{ license_plate: string }>(
        `select license_plate from public.vehicles
          where vendor_id = $1 and siap_muat and current_hub_id = $2 order by license_plate`,
        [vendor.id, HUB.cikarang],
      );
      return rows.length === 2 ? rows : undefined;
    });
    const [elsewhere] = await hub.query<{ siap_muat: boolean; current_hub_id: string }>(
      'select siap_muat, current_hub_id from public.vehicles where id = $1',
      [trucks.elsewhere.id],
    );
    expect(elsewhere).toEqual({ siap_muat: false, current_hub_id: HUB.karawang });
    await context.close();
  });
});

describe("Tambah ke Antrian, a truck back from this hub's shipment", () => {
  it('offers the truck that delivered here-to-there and was unloaded, after the rest, named with where it stands, and queues it here', async () => {
    const { context, page } = await hub.tablet(browser(), 'cikarang');
    await hub.openHub(page, '/hub-cikarang/ready');

    await page.getByRole('button', { name: 'Tambah ke Antrian' }).click();
    const dialog = page.getByTestId('add-to-queue-dialog');
    const option = (plate: string) => dialog.locator(`label[data-plate="${plate}"]`);
    await dialog.getByTestId('queue-search').fill(returning.name);
    // The ones still being unloaded (at Karawang, and here) are not offered; the one unloaded at
    // Karawang is, "di Hub Karawang".
    await option(trips.back.plate).waitFor();
    await expect
      .poll(() =>
        dialog
          .locator('label[data-plate]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-plate'))),
      )
      .toEqual([trips.back.plate]);
    await expect.poll(() => option(trips.back.plate).getAttribute('data-here')).toBe('false');
    await expect.poll(() => option(trips.back.plate).textContent()).toContain('di Hub Karawang');

    await option(trips.back.plate).click();
    await dialog.getByTestId('queue-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await hub.vehicleCard(page, trips.back.plate).waitFor();
    await hub.waitSynced(page);
    const rows = await hub.eventually(async () => {
      const found = await hub.query<{ license_plate: string; siap_muat: boolean; current_hub_id: string }>(
        `select license_plate, siap_muat, current_hub_id from public.vehicles
          where vendor_id = $1 and siap_muat order by license_plate`,
        [returning.id],
      );
      return found.length ? found : undefined;
    });
    expect(rows).toEqual([
      { license_plate: trips.back.plate, siap_muat: true, current_hub_id: HUB.cikarang },
    ]);
    await context.close();
  });
});
