// The vehicle queue at a hub (spec 4.1) through apply_commands: each
// transition applied for the hub's own user with its flags and times, and
// refused for another hub's user, whatever hub the payload names.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, db, id, makeVehicle, remember, rowOf, tag } from './commands-support';
import { HUB } from '../support/demo';

afterAll(closeDb);

interface Flags {
  ready: boolean;
  siap_muat: boolean;
  sedang_muat: boolean;
  current_hub_id: string | null;
  queued_at: Date | null;
  loading_started_at: Date | null;
  loading_finished_at: Date | null;
}

const flags = async (vehicleId: string) => (await rowOf<Flags>('vehicles', vehicleId))!;

describe('the vehicle queue', () => {
  it('queue, Proses Muat, finish loading and remove, as the hub user', async () => {
    const karawang = await as('karawang');
    const truck = await makeVehicle(null);
    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] });
    expect(await flags(truck)).toMatchObject({
      ready: false,
      siap_muat: true,
      sedang_muat: false,
      current_hub_id: HUB.karawang,
    });
    expect((await flags(truck)).queued_at).toBeInstanceOf(Date);

    await karawang.ok('start_loading', { hub_id: HUB.karawang, vehicle_id: truck });
    expect(await flags(truck)).toMatchObject({ ready: false, siap_muat: false, sedang_muat: true });
    expect((await flags(truck)).loading_started_at).toBeInstanceOf(Date);

    await karawang.ok('finish_loading', { hub_id: HUB.karawang, vehicle_id: truck });
    expect(await flags(truck)).toMatchObject({ ready: true, siap_muat: false, sedang_muat: false });
    expect((await flags(truck)).loading_finished_at).toBeInstanceOf(Date);

    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] });
    await karawang.ok('remove_from_queue', { hub_id: HUB.karawang, vehicle_id: truck });
    expect(await flags(truck)).toMatchObject({
      ready: true,
      siap_muat: false,
      sedang_muat: false,
      queued_at: null,
    });
  });

  it("refuses another hub's user at every step, naming its own hub or the vehicle's", async () => {
    const karawang = await as('karawang');
    const cikarang = await as('cikarang');
    const truck = await makeVehicle(null);
    for (const hub of [HUB.karawang, HUB.polsub]) {
      expect(await cikarang.run('queue_vehicles', { hub_id: hub, vehicle_ids: [truck] })).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
      });
    }
    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] });
    for (const type of ['start_loading', 'remove_from_queue']) {
      expect(await cikarang.run(type, { hub_id: HUB.karawang, vehicle_id: truck })).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
      });
    }
    // Naming its own hub does not help: the vehicle is not in that hub's queue.
    expect(await cikarang.run('start_loading', { hub_id: HUB.cikarang, vehicle_id: truck })).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
    });
    await karawang.ok('start_loading', { hub_id: HUB.karawang, vehicle_id: truck });
    expect(await cikarang.run('finish_loading', { hub_id: HUB.karawang, vehicle_id: truck })).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await flags(truck)).toMatchObject({ sedang_muat: true, current_hub_id: HUB.karawang });
  });

  it('refuses a vehicle that is not ready, and a land truck at a port hub', async () => {
    const poljak = await as('poljak');
    const truck = await makeVehicle(null);
    const result = await poljak.run('queue_vehicles', { hub_id: HUB.poljak, vehicle_ids: [truck] });
    expect(result).toMatchObject({ outcome: 'rejected', code: 'precondition' });
    expect(result.message).toMatch(/bukan armada laut/);
    const busy = await makeVehicle(HUB.poljak, { ready: false, sedang_muat: true }, true);
    expect(await poljak.run('queue_vehicles', { hub_id: HUB.poljak, vehicle_ids: [busy] })).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
    });
  });

  it('refuses a truck on a trip (ready from its loading to its unloading) at every hub, and queues it once unloaded', async () => {
    const karawang = await as('karawang');
    const cikarang = await as('cikarang');
    // Arrived at Cikarang with Karawang's shipment, still being unloaded: ready, but not free.
    const truck = await makeVehicle(HUB.cikarang);
    const shipment = id();
    remember(shipment);
    const sql = await db();
    await sql.query(
      `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
                                     smartboard_quantity, bracket_quantity, status, loading_date, selesai_bongkar)
       values ($1, $2, $3, $4, $5, $5, 1, 1, 'sedang_bongkar', now() - interval '3 hours', false)`,
      [shipment, `TEST-${tag()}`, truck, HUB.karawang, HUB.cikarang],
    );
    const before = await flags(truck);
    for (const [user, hub] of [
      [karawang, HUB.karawang],
      [cikarang, HUB.cikarang],
    ] as const) {
      const refused = await user.run('queue_vehicles', { hub_id: hub, vehicle_ids: [truck] });
      expect(refused).toMatchObject({ outcome: 'rejected', code: 'precondition' });
      expect(refused.message).toMatch(/tidak siap untuk diantrikan/);
    }
    expect(await flags(truck)).toEqual(before);

    // Unloaded (Selesai Bongkar): Karawang has its truck back in its queue.
    await sql.query(`update public.shipments set status = 'selesai', selesai_bongkar = true where id = $1`, [
      shipment,
    ]);
    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] });
    expect(await flags(truck)).toMatchObject({ ready: false, siap_muat: true, current_hub_id: HUB.karawang });
  });
});
