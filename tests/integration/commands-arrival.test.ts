// Arrival at a hub (spec 4.2, 4.3, 7.2): Confirm Tiba, Mulai Bongkar, Selesai
// Bongkar through apply_commands as the destination hub's user; first writer
// wins and the late tablet is told who and when.
import { afterAll, describe, expect, it } from 'vitest';
import { formatWib } from '../../sync/domain/time';
import * as cmd from './commands-support';
import { DEMO_USERS, HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(cmd.closeDb);

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d);

/** A Karawang truck shipped to Cikarang by the Karawang user. */
async function shippedToCikarang(
  quantities: { smartboard_quantity?: number; bracket_quantity?: number } = {},
) {
  const karawang = await cmd.as('karawang');
  const vehicleId = await cmd.makeVehicle(HUB.karawang);
  const p = cmd.daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang, quantities);
  await karawang.ok('create_shipment_darat', p);
  return { shipmentId: p.shipment_id, vehicleId, batch: p.batch_number };
}

const at = (shipmentId: string) => ({ hub_id: HUB.cikarang, shipment_id: shipmentId });
const unloading = (
  shipmentId: string,
  notes: string | null = 'Semua unit baik',
  sent: [number, number] = [12, 7],
) => ({
  ...at(shipmentId),
  notes,
  smartboard_inventory_id: cmd.id(),
  bracket_inventory_id: cmd.id(),
  receipt: countedAsSent(...sent),
});

describe('the hub arrival flow', () => {
  it('confirm_arrival: confirm_tiba, arrival time, shipment and vehicle now at the destination', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId, vehicleId } = await shippedToCikarang();
    const command = await cikarang.ok('confirm_arrival', at(shipmentId));
    const s = await cmd.rowOf<Record<string, unknown>>('shipments', shipmentId);
    expect(s).toMatchObject({ status: 'confirm_tiba', current_hub_id: HUB.cikarang, selesai_bongkar: false });
    expect(iso(s!.arrival_gdt)).toBe(command.issued_at);
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({ current_hub_id: HUB.cikarang });
    expect(await cmd.recorded(command.id)).toMatchObject({ outcome: 'applied', entity_id: shipmentId });
  });

  it('start_unloading then complete_unloading: selesai, stock in per item, the vehicle ready at the hub', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId, vehicleId, batch } = await shippedToCikarang();
    await cikarang.ok('confirm_arrival', at(shipmentId));
    const started = await cikarang.ok('start_unloading', at(shipmentId));
    const s1 = await cmd.rowOf<Record<string, unknown>>('shipments', shipmentId);
    expect(s1).toMatchObject({ status: 'sedang_bongkar' });
    expect(iso(s1!.unloading_started_at)).toBe(started.issued_at);

    const p = unloading(shipmentId, '  2 karton penyok  ');
    const done = await cikarang.ok('complete_unloading', p);
    const s2 = await cmd.rowOf<Record<string, unknown>>('shipments', shipmentId);
    expect(s2).toMatchObject({ status: 'selesai', selesai_bongkar: true, notes: '2 karton penyok' });
    expect(iso(s2!.unloading_finished_at)).toBe(done.issued_at);

    await cmd.expectBooked(p, { warehouseId: WAREHOUSE.cikarang, tv: 12, bracket: 7, batch, shipmentId });
    // Out at Karawang, in at Cikarang: the shipment's rows sum to zero.
    expect(await cmd.stockOf(shipmentId)).toEqual({ rows: 3, smartboards: 0, brackets: 0 });
    expect(await cmd.rowOf('vehicles', vehicleId)).toMatchObject({
      ready: true,
      siap_muat: false,
      sedang_muat: false,
      current_hub_id: HUB.cikarang,
    });
  });

  it('books no row for an item type with quantity 0 (spec 7.2)', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId } = await shippedToCikarang({ bracket_quantity: 0 });
    await cikarang.ok('confirm_arrival', at(shipmentId));
    await cikarang.ok('start_unloading', at(shipmentId));
    const p = unloading(shipmentId, '   ', [12, 0]);
    await cikarang.ok('complete_unloading', p);
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ notes: null });
    expect(await cmd.rowOf('inventory', p.smartboard_inventory_id)).toBeDefined();
    expect(await cmd.rowOf('inventory', p.bracket_inventory_id)).toBeUndefined();
  });

  it('refuses steps out of order', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId } = await shippedToCikarang();
    expect(await cikarang.run('start_unloading', at(shipmentId))).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Kedatangan pengiriman ini belum dikonfirmasi.',
    });
    expect(await cikarang.run('complete_unloading', unloading(shipmentId))).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Bongkar pengiriman ini belum dimulai.',
    });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({ status: 'otw_cikarang' });
  });
});

describe('who may act', () => {
  it("refuses another hub's user (forbidden), whichever hub the payload names", async () => {
    const poljak = await cmd.as('poljak');
    const { shipmentId } = await shippedToCikarang();
    for (const hubId of [HUB.cikarang, HUB.poljak]) {
      expect(await poljak.run('confirm_arrival', { hub_id: hubId, shipment_id: shipmentId })).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
      });
    }
    const karawang = await cmd.as('karawang');
    expect(await karawang.run('confirm_arrival', at(shipmentId))).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await cmd.rowOf('shipments', shipmentId)).toMatchObject({
      status: 'otw_cikarang',
      arrival_gdt: null,
    });
  });

  it('lets tower control act for the hub, and refuses a hub id that is not the destination', async () => {
    const tower = await cmd.as('tower');
    const { shipmentId } = await shippedToCikarang();
    expect(await tower.run('confirm_arrival', { hub_id: HUB.poljak, shipment_id: shipmentId })).toMatchObject(
      {
        outcome: 'rejected',
        code: 'precondition',
        message: 'Pengiriman ini tidak menuju hub ini.',
      },
    );
    await tower.ok('confirm_arrival', at(shipmentId));
  });

  it('leaves shipments to a POD to the POD flow', async () => {
    const makassar = await cmd.as('makassar');
    const poljak = await cmd.as('poljak');
    const p = cmd.seaPayload('poljak', HUB.poljak, await cmd.makeVehicle(HUB.poljak, {}, true), HUB.makassar);
    await poljak.ok('create_shipment_poljak', p);
    expect(
      await makassar.run('confirm_arrival', { hub_id: HUB.makassar, shipment_id: p.shipment_id }),
    ).toMatchObject({
      outcome: 'rejected',
      code: 'precondition',
      message: 'Pengiriman ke POD diproses di halaman POD.',
    });
  });

  it('refuses an unknown shipment (Shipment not found) and a forged actor', async () => {
    const cikarang = await cmd.as('cikarang');
    expect(await cikarang.run('confirm_arrival', at(cmd.id()))).toMatchObject({
      outcome: 'rejected',
      code: 'not_found',
      message: 'Shipment not found',
    });
    const { shipmentId } = await shippedToCikarang();
    const admin = await cmd.as('admin');
    const [forged] = await cikarang.send([
      cikarang.command('confirm_arrival', at(shipmentId), { actor: admin.id }),
    ]);
    expect(forged).toMatchObject({ outcome: 'rejected', code: 'forbidden_actor' });
  });
});

describe('first writer wins', () => {
  it('two tablets confirm the same arrival: one applies, the other is told who and when', async () => {
    const cikarang = await cmd.as('cikarang');
    const tower = await cmd.as('tower');
    const { shipmentId } = await shippedToCikarang();
    // Both acted offline; the Cikarang tablet reaches the server first.
    const first = cikarang.command('confirm_arrival', at(shipmentId));
    const second = tower.command('confirm_arrival', at(shipmentId));
    const behind = tower.command('start_unloading', at(shipmentId));
    expect((await cikarang.send([first]))[0]).toMatchObject({ outcome: 'applied' });
    const [late, next] = await tower.send([second, behind]);
    expect(late).toEqual({
      id: second.id,
      outcome: 'rejected',
      code: 'conflict',
      message: `Kedatangan sudah dikonfirmasi oleh ${DEMO_USERS.cikarang} pada ${formatWib(first.issued_at)}`,
      // The same by key (issue 39): what happened, who and when.
      key: 'conflictBy',
      params: {
        what: { key: 'arrivalAlreadyConfirmed' },
        who: DEMO_USERS.cikarang,
        when: formatWib(first.issued_at),
      },
    });
    // The rejection is final and recorded, and does not block what follows it.
    expect(next).toMatchObject({ outcome: 'applied' });
    expect(await cmd.recorded(second.id)).toMatchObject({ outcome: 'rejected', code: 'conflict' });
    const s = await cmd.rowOf<Record<string, unknown>>('shipments', shipmentId);
    expect(s).toMatchObject({ status: 'sedang_bongkar' });
    expect(iso(s!.arrival_gdt)).toBe(first.issued_at);
  });

  it('a second start or completion names the first one too', async () => {
    const cikarang = await cmd.as('cikarang');
    const admin = await cmd.as('admin');
    const { shipmentId } = await shippedToCikarang();
    await cikarang.ok('confirm_arrival', at(shipmentId));
    const started = await cikarang.ok('start_unloading', at(shipmentId));
    expect(await admin.run('start_unloading', at(shipmentId))).toMatchObject({
      code: 'conflict',
      message: `Bongkar sudah dimulai oleh ${DEMO_USERS.cikarang} pada ${formatWib(started.issued_at)}`,
    });
    const done = await admin.ok('complete_unloading', unloading(shipmentId));
    const again = unloading(shipmentId);
    expect(await cikarang.run('complete_unloading', again)).toMatchObject({
      code: 'conflict',
      message: `Bongkar sudah diselesaikan oleh ${DEMO_USERS.admin} pada ${formatWib(done.issued_at)}`,
    });
    expect(await cmd.rowOf('inventory', again.smartboard_inventory_id)).toBeUndefined();
    expect(await cmd.stockOf(shipmentId)).toEqual({ rows: 3, smartboards: 0, brackets: 0 });
  });

  it('a replayed completion books the stock once', async () => {
    const cikarang = await cmd.as('cikarang');
    const { shipmentId } = await shippedToCikarang();
    await cikarang.ok('confirm_arrival', at(shipmentId));
    await cikarang.ok('start_unloading', at(shipmentId));
    const command = cikarang.command('complete_unloading', unloading(shipmentId));
    const [a] = await cikarang.send([command]);
    const [b] = await cikarang.send([command]);
    expect(b).toEqual(a);
    const { n } = (
      await cmd.rowsWhere<{ n: string }>(
        `select count(*) as n from public.inventory where shipment_id = $1 and smartboard_quantity > 0`,
        [shipmentId],
      )
    )[0]!;
    expect(Number(n)).toBe(1);
  });
});
