// Undo on the hub floor (issue 29): undo_command reverses exactly the rows a floor command
// changed, for the user who sent it, once, and only while those rows are still as the
// command left them; a refusal writes nothing, and a replay is answered from the record.
import { afterAll, describe, expect, it } from 'vitest';
import * as cmd from './commands-support';
import { HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(cmd.closeDb);

/** A row as a comparison sees it: without what the server stamps on every write. */
async function state(table: string, rowId: string) {
  const row = await cmd.rowOf<Record<string, unknown>>(table, rowId);
  if (!row) return undefined;
  const { updated_at: _u, change_xid: _x, ...rest } = row;
  return rest;
}

async function shippedToCikarang() {
  const karawang = await cmd.as('karawang');
  const vehicleId = await cmd.makeVehicle(HUB.karawang);
  const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
  await karawang.ok('create_shipment_darat', p);
  return { shipmentId: p.shipment_id, vehicleId };
}

const at = (shipmentId: string) => ({ hub_id: HUB.cikarang, shipment_id: shipmentId });
const undo = (command: cmd.Envelope) => ({ command_id: command.id });

describe('undo_command', () => {
  it('puts a truck taken off the queue back exactly as it was (Keluarkan)', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicleId] });
    const queued = await state('vehicles', vehicleId);
    expect(queued).toMatchObject({ siap_muat: true, ready: false });

    const removed = await karawang.ok('remove_from_queue', { hub_id: HUB.karawang, vehicle_id: vehicleId });
    expect(await state('vehicles', vehicleId)).toMatchObject({
      siap_muat: false,
      ready: true,
      queued_at: null,
    });
    const undone = await karawang.ok('undo_command', undo(removed));
    expect(await state('vehicles', vehicleId)).toEqual(queued);
    expect(await cmd.recorded(undone.id)).toMatchObject({ outcome: 'applied', entity_id: vehicleId });
  });

  it('takes back Confirm Tiba: status, times and where the shipment and its truck are', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId, vehicleId } = await shippedToCikarang();
    const shipment = await state('shipments', shipmentId);
    const vehicle = await state('vehicles', vehicleId);
    expect(shipment).toMatchObject({ status: 'otw_cikarang', arrival_gdt: null });

    const confirmed = await cikarang.ok('confirm_arrival', at(shipmentId));
    expect(await state('shipments', shipmentId)).toMatchObject({ status: 'confirm_tiba' });
    await cikarang.ok('undo_command', undo(confirmed));
    expect(await state('shipments', shipmentId)).toEqual(shipment);
    expect(await state('vehicles', vehicleId)).toEqual(vehicle);
    // The workflow goes on from there.
    await cikarang.ok('confirm_arrival', at(shipmentId));
  });

  it('takes back Selesai Bongkar with exactly its stock rows, and the truck as it was', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId, vehicleId } = await shippedToCikarang();
    await cikarang.ok('confirm_arrival', at(shipmentId));
    await cikarang.ok('start_unloading', at(shipmentId));
    const shipment = await state('shipments', shipmentId);
    const vehicle = await state('vehicles', vehicleId);
    const p = {
      ...at(shipmentId),
      notes: 'baik',
      smartboard_inventory_id: cmd.id(),
      bracket_inventory_id: cmd.id(),
      receipt: countedAsSent(12, 7),
    };
    const done = await cikarang.ok('complete_unloading', p);
    // The shipment's own outgoing row at Karawang and the two incoming rows here.
    const live = () =>
      cmd.rowsWhere<{ id: string }>(
        'select id from public.inventory where shipment_id = $1 and not deleted order by id',
        [shipmentId],
      );
    const booked = await live();
    expect(booked.map((r) => r.id)).toEqual(
      expect.arrayContaining([p.smartboard_inventory_id, p.bracket_inventory_id]),
    );

    await cikarang.ok('undo_command', undo(done));
    expect(await state('shipments', shipmentId)).toEqual(shipment);
    expect(await state('vehicles', vehicleId)).toEqual(vehicle);
    expect((await live()).map((r) => r.id)).toEqual(
      booked.map((r) => r.id).filter((r) => r !== p.smartboard_inventory_id && r !== p.bracket_inventory_id),
    );
    expect(await cmd.rowOf('inventory', p.smartboard_inventory_id)).toMatchObject({ deleted: true });
    expect(await cmd.stockOf(shipmentId)).toMatchObject({ smartboards: 0, brackets: 0 });
  });

  it('takes back the POD steps, and a whole queue_vehicles', async () => {
    const poljak = await cmd.as('poljak');
    const makassar = await cmd.as('makassar');
    const vehicleId = await cmd.makeVehicle(HUB.poljak, {}, true);
    const p = cmd.seaPayload('poljak', HUB.poljak, vehicleId, HUB.makassar);
    await poljak.ok('create_shipment_poljak', p);
    const shipment = await state('shipments', p.shipment_id);
    const confirmed = await makassar.ok('pod_confirm_arrival', { shipment_id: p.shipment_id });
    await makassar.ok('undo_command', undo(confirmed));
    expect(await state('shipments', p.shipment_id)).toEqual(shipment);

    const karawang = await cmd.as('karawang');
    const trucks = [await cmd.makeVehicle(HUB.karawang), await cmd.makeVehicle(HUB.cikarang)];
    const before = await Promise.all(trucks.map((t) => state('vehicles', t)));
    const queued = await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: trucks });
    await karawang.ok('undo_command', undo(queued));
    expect(await Promise.all(trucks.map((t) => state('vehicles', t)))).toEqual(before);
  });

  it('is refused to anyone but the user who acted, writing nothing', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId } = await shippedToCikarang();
    const confirmed = await cikarang.ok('confirm_arrival', at(shipmentId));
    const after = await state('shipments', shipmentId);
    for (const other of ['tower', 'admin', 'karawang', 'makassar'] as const) {
      const user = await cmd.as(other);
      const refused = await user.run('undo_command', undo(confirmed));
      expect(refused, other).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
        message: 'Hanya pengguna yang melakukan tindakan ini yang dapat mengurungkannya.',
      });
    }
    expect(await state('shipments', shipmentId)).toEqual(after);
  });

  it('is refused once the rows moved on (unloading started, another tablet), writing nothing', async () => {
    const cikarang = await cmd.as('cikarang');
    const tower = await cmd.as('tower');
    const { shipmentId, vehicleId } = await shippedToCikarang();
    const confirmed = await cikarang.ok('confirm_arrival', at(shipmentId));
    await cikarang.ok('start_unloading', at(shipmentId));
    const shipment = await state('shipments', shipmentId);
    const vehicle = await state('vehicles', vehicleId);
    const refused = await cikarang.run('undo_command', undo(confirmed));
    expect(refused).toMatchObject({ outcome: 'rejected', code: 'conflict' });
    expect(refused.message).toMatch(
      /^Tidak dapat diurungkan: pengiriman TEST-\w+ sudah berlanjut \(status sekarang: .+\)\.$/,
    );
    expect(await state('shipments', shipmentId)).toEqual(shipment);
    expect(await state('vehicles', vehicleId)).toEqual(vehicle);

    // Unloaded, then the truck queued again by someone else: the stock stays booked.
    const p = {
      ...at(shipmentId),
      notes: null,
      smartboard_inventory_id: cmd.id(),
      bracket_inventory_id: cmd.id(),
      receipt: countedAsSent(12, 7),
    };
    const done = await cikarang.ok('complete_unloading', p);
    await tower.ok('queue_vehicles', { hub_id: HUB.cikarang, vehicle_ids: [vehicleId] });
    const stock = await cmd.stockOf(shipmentId);
    const finished = await state('shipments', shipmentId);
    expect(await cikarang.run('undo_command', undo(done))).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: expect.stringMatching(
        /^Tidak dapat diurungkan: kendaraan .+ sudah berubah sejak tindakan ini\.$/,
      ),
    });
    expect(await state('shipments', shipmentId)).toEqual(finished);
    expect(await cmd.stockOf(shipmentId)).toEqual(stock);
    expect(await cmd.rowOf('inventory', p.smartboard_inventory_id)).toMatchObject({ deleted: false });
  });

  it('is answered from its record when replayed, and refused when sent again as a new command', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang, { ready: false, siap_muat: true });
    const started = await karawang.ok('start_loading', { hub_id: HUB.karawang, vehicle_id: vehicleId });
    const command = karawang.command('undo_command', undo(started));
    const [first] = await karawang.send([command]);
    const vehicle = await state('vehicles', vehicleId);
    expect(vehicle).toMatchObject({ siap_muat: true, sedang_muat: false, loading_started_at: null });
    const [replayed] = await karawang.send([command]);
    expect(replayed).toEqual(first);
    expect(await state('vehicles', vehicleId)).toEqual(vehicle);
    const count = await cmd.rowsWhere<{ n: number }>(
      `select count(*)::int as n from public.commands where type = 'undo_command' and payload ->> 'command_id' = $1`,
      [started.id],
    );
    expect(count[0]!.n).toBe(1);
    expect(await karawang.run('undo_command', undo(started))).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: 'Tindakan ini sudah diurungkan.',
    });
  });

  it('keeps its images out of reach: no command of the API writes them', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const forged = [{ t: 'vehicles', id: vehicleId, before: { is_active: false }, after: {} }];
    for (const type of ['keep_images', 'undo_keep_images']) {
      expect(await karawang.run(type, { rows: forged })).toMatchObject({
        outcome: 'rejected',
        code: 'unknown_command',
      });
    }
    expect(
      await cmd.rowsWhere('select 1 from public.command_images where images::text like $1', [
        `%${vehicleId}%`,
      ]),
    ).toEqual([]);
  });

  it('finds nothing to undo for a refused command, an unknown id or an undo', async () => {
    const karawang = await cmd.as('karawang');
    const vehicleId = await cmd.makeVehicle(HUB.karawang);
    const refused = await karawang.run('start_loading', { hub_id: HUB.karawang, vehicle_id: vehicleId });
    expect(refused.outcome).toBe('rejected');
    const queued = await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicleId] });
    const undone = await karawang.ok('undo_command', undo(queued));
    for (const target of [refused.command.id, cmd.id(), undone.id]) {
      expect(await karawang.run('undo_command', { command_id: target })).toMatchObject({
        outcome: 'rejected',
        code: 'not_found',
        message: 'Tindakan yang akan diurungkan tidak ditemukan.',
      });
    }
  });
});
