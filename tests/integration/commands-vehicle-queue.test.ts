// The vehicle queue at a hub (spec 4.1) through apply_commands: each
// transition applied for the hub's own user with its flags and times, and
// refused for another hub's user, whatever hub the payload names.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, makeVehicle, rowOf } from './commands-support';
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
});
