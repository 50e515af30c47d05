// The POD flow (spec 2.10, 4.2, 8.5) through apply_commands: a sea shipment
// from PolJak reaches POD Makassar and is unloaded into Gudang Makassar.
import { afterAll, describe, expect, it } from 'vitest';
import { formatWib } from '../../sync/domain/time';
import * as cmd from './commands-support';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(cmd.closeDb);

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d);

/** A PolJak sea shipment to the given POD hub. */
async function shippedBySea(
  destinationHubId: string = HUB.makassar,
  quantities: Record<string, number> = {},
) {
  const poljak = await cmd.as('poljak');
  const vehicleId = await cmd.makeVehicle(HUB.poljak, {}, true);
  const p = cmd.seaPayload('poljak', HUB.poljak, vehicleId, destinationHubId, quantities);
  await poljak.ok('create_shipment_poljak', p);
  return { shipmentId: p.shipment_id, vehicleId, batch: p.batch_number };
}

const completion = (shipmentId: string, sent: [number, number] = [20, 10]) => ({
  shipment_id: shipmentId,
  smartboard_inventory_id: cmd.id(),
  bracket_inventory_id: cmd.id(),
  receipt: countedAsSent(...sent),
});

describe('the POD flow', () => {
  it('Confirm Tiba, Mulai Bongkar, Selesai Bongkar as the Makassar user', async () => {
    const makassar = await cmd.as('makassar');
    const { shipmentId, vehicleId, batch } = await shippedBySea();

    const confirmed = await makassar.ok('pod_confirm_arrival', { shipment_id: shipmentId });
    const s1 = await cmd.rowOf<Record<string, unknown>>('shipments', shipmentId);
    expect(s1).toMatchObject({ status: 'confirm_tiba', current_hub_id: HUB.makassar, arrival_gdt: null });
    expect(iso(s1!.arrival_destination)).toBe(confirmed.issued_at);
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({ current_hub_id: HUB.makassar });

    await makassar.ok('pod_start_unloading', { shipment_id: shipmentId });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ status: 'sedang_bongkar' });

    const p = completion(shipmentId);
    await makassar.ok('pod_complete', p);
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      status: 'selesai_pod',
      selesai_bongkar: true,
    });
    await cmd.expectBooked(p, { warehouseId: WAREHOUSE.makassar, tv: 20, bracket: 10, batch, shipmentId });
    expect(await cmd.stockOf(shipmentId)).toEqual({ rows: 3, smartboards: 0, brackets: 0 });
    // Past the spec: the unit is free again where it unloaded.
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      ready: true,
      siap_muat: false,
      sedang_muat: false,
    });
  });

  it('is refused for users of other hubs, and allowed for tower control', async () => {
    const { shipmentId } = await shippedBySea();
    for (const name of ['cikarang', 'poljak', 'karawang'] as const) {
      const user = await cmd.as(name);
      expect(await user.run('pod_confirm_arrival', { shipment_id: shipmentId })).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
      });
    }
    const tower = await cmd.as('tower');
    await tower.ok('pod_confirm_arrival', { shipment_id: shipmentId });
  });

  it("gives 'Invalid status format' to a shipment that is not on its way", async () => {
    const admin = await cmd.as('admin');
    const { shipmentId } = await shippedBySea();
    await (
      await cmd.db()
    ).query(`update public.shipments set status = 'pending' where id = $1`, [shipmentId]);
    expect(await admin.run('pod_confirm_arrival', { shipment_id: shipmentId })).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Invalid status format',
    });
  });

  it("gives 'Unable to extract city from shipment' to a hub shipment", async () => {
    const admin = await cmd.as('admin');
    const karawang = await cmd.as('karawang');
    const p = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    expect(await admin.run('pod_confirm_arrival', { shipment_id: p.shipment_id })).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Unable to extract city from shipment',
    });
    // And a POD user cannot act on it at all.
    const makassar = await cmd.as('makassar');
    expect(await makassar.run('pod_confirm_arrival', { shipment_id: p.shipment_id })).toMatchObject({
      code: 'forbidden',
    });
  });

  it("refuses completion without a warehouse in the city: 'Warehouse tidak ditemukan untuk kota {city}'", async () => {
    const admin = await cmd.as('admin');
    const city = `Bitung${cmd.tag().replace(/[^a-z]/g, 'x')}`;
    const { hubId } = await cmd.makeHub(`POD ${city}`, city, 'pod');
    const { shipmentId } = await shippedBySea(hubId);
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ status: `otw_${city.toLowerCase()}` });
    await admin.ok('pod_confirm_arrival', { shipment_id: shipmentId });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ current_hub_id: hubId });
    await admin.ok('pod_start_unloading', { shipment_id: shipmentId });
    expect(await admin.run('pod_complete', completion(shipmentId))).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: `Warehouse tidak ditemukan untuk kota ${city}`,
    });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      status: 'sedang_bongkar',
      selesai_bongkar: false,
    });
  });

  it('leaves the current hub as it is when no hub matches the city', async () => {
    const admin = await cmd.as('admin');
    const city = `Ternate${cmd.tag().replace(/[^a-z]/g, 'x')}`;
    const { hubId } = await cmd.makeHub(`POD ${city}`, city, 'pod');
    const { shipmentId, vehicleId } = await shippedBySea(hubId);
    // The hub is renamed while the shipment is on its way.
    await (
      await cmd.db()
    ).query(`update public.hubs set name = $2, city = 'Lain' where id = $1`, [
      hubId,
      `Hub Lain ${cmd.tag()}`,
    ]);
    await admin.ok('pod_confirm_arrival', { shipment_id: shipmentId });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      status: 'confirm_tiba',
      current_hub_id: HUB.poljak,
    });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({ current_hub_id: HUB.poljak });
  });

  it('first writer wins: the late confirmation names who and when', async () => {
    const makassar = await cmd.as('makassar');
    const tower = await cmd.as('tower');
    const { shipmentId } = await shippedBySea();
    const first = makassar.command('pod_confirm_arrival', { shipment_id: shipmentId });
    const second = tower.command('pod_confirm_arrival', { shipment_id: shipmentId });
    await makassar.send([first]);
    const [late] = await tower.send([second]);
    expect(late).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: `Kedatangan sudah dikonfirmasi oleh ${DEMO_USERS.makassar} pada ${formatWib(first.issued_at)}`,
    });
  });

  it('a replayed completion books the stock once', async () => {
    const makassar = await cmd.as('makassar');
    const { shipmentId } = await shippedBySea();
    await makassar.ok('pod_confirm_arrival', { shipment_id: shipmentId });
    await makassar.ok('pod_start_unloading', { shipment_id: shipmentId });
    const command = makassar.command('pod_complete', completion(shipmentId));
    await makassar.send([command]);
    await makassar.send([command, command]);
    expect(await cmd.stockOf(shipmentId)).toEqual({ rows: 3, smartboards: 0, brackets: 0 });
  });
});
