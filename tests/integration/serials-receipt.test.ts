// Issue 42: the receipt by serial, on the server's API (apply_commands). A shipment loaded by
// serial is received by serial (receipt.tv_serials): each TV that arrived goes into the
// destination's stock, a damaged one stays damaged there, one not scanned goes missing, a
// known one found but not loaded gets an event and stays where it is, an unknown one is only in
// the discrepancy; the TV discrepancies come from the tally and name their serials. Each
// refusal of the contract's rules writes nothing; a replay changes nothing; undo puts the units
// back on the shipment (and is refused, writing nothing, once one left again); the path of a
// missing unit reads to the end; a missing or damaged unit stays in the working set while its
// shipment does. pod_complete alike, except that a TV arrived whole at a POD is delivered (the
// end of Dermaga's custody): it leaves the working set with its shipment. Count-mode receipts:
// handover-*.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, daratPayload, makeHub, rowsWhere, tag, type User } from './commands-support';
import {
  NOTHING_WRITTEN,
  bookedBy,
  discrepancy,
  handoverOf,
  hubCompletion,
  podCompletion,
  receipt,
  unloadingAtCikarang,
} from './handover-support';
import {
  byScan,
  closeSerials,
  darat,
  eventsOf,
  expectRefused,
  hubUserOf,
  hubWithSerials,
  loadedToCikarang,
  loadedToMakassar,
  serials,
  trackingHub,
  truckAt,
  unitsOf,
} from './serials-support';

afterAll(closeSerials);

/** The discrepancy rows of a shipment as item/reason/quantity/serials, in that order. */
const discrepanciesOf = (shipmentId: string) =>
  rowsWhere<{ item: string; reason: string; quantity: number; serials: string[] }>(
    `select item, reason, quantity, serials from public.discrepancies
     where shipment_id = $1 and not deleted order by item desc, reason`,
    [shipmentId],
  );

describe('the receipt by serial (complete_unloading)', () => {
  it('moves each unit by what was scanned, and the TV discrepancies name their serials', async () => {
    const { hub, loaded, spare, shipmentId, cikarang } = await loadedToCikarang();
    const [a, b, c, d] = loaded as [string, string, string, string];
    const [unknown] = serials(1);
    // Scanned at Cikarang: c (damaged, as the scanner may give it), a, the spare (registered at
    // the origin, never loaded) and a serial nobody registered; b and d did not arrive.
    const r = byScan([` ${c.toLowerCase()} `, a, spare, unknown!], [c], {
      discrepancies: [
        discrepancy('smartboard', 'kurang', 2),
        discrepancy('smartboard', 'lebih', 2),
        discrepancy('smartboard', 'rusak', 1),
      ],
    });
    const done = await cikarang.ok('complete_unloading', hubCompletion(shipmentId, r));

    expect(await unitsOf([a, b, c, d, spare, unknown!])).toEqual([
      { id: expect.any(String), serial: a, state: 'in_stock', hub_id: HUB.cikarang, shipment_id: null },
      { id: expect.any(String), serial: b, state: 'missing', hub_id: null, shipment_id: shipmentId },
      { id: expect.any(String), serial: c, state: 'damaged', hub_id: HUB.cikarang, shipment_id: shipmentId },
      { id: expect.any(String), serial: d, state: 'missing', hub_id: null, shipment_id: shipmentId },
      { id: expect.any(String), serial: spare, state: 'in_stock', hub_id: hub.hubId, shipment_id: null },
    ]);
    const at = { hub_id: HUB.cikarang, shipment_id: shipmentId, command_id: done.id, actor: cikarang.id };
    const receiptEvents = (await eventsOf([a, b, c, d, spare, unknown!])).filter(
      (e) => e.command_id === done.id,
    );
    expect(receiptEvents.sort((x, y) => x.serial.localeCompare(y.serial))).toEqual([
      { serial: a, kind: 'received', ...at },
      { serial: b, kind: 'missing', ...at },
      { serial: c, kind: 'damaged', ...at },
      { serial: d, kind: 'missing', ...at },
      { serial: spare, kind: 'unexpected', ...at },
    ]);
    // Missing in serial order, unexpected and damaged in scan order; brackets name none.
    expect(await discrepanciesOf(shipmentId)).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 2, serials: [b, d] },
      { item: 'smartboard', reason: 'lebih', quantity: 2, serials: [spare, unknown] },
      { item: 'smartboard', reason: 'rusak', quantity: 1, serials: [c] },
    ]);
    // The stock is booked by the counts: 4 received - 1 damaged, and the bracket.
    expect(await bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 3, bracket: 1 });
    expect((await handoverOf(shipmentId)).status).toBe('selesai');

    // A replay of the same command is answered from its record and moves nothing again.
    const [again] = await cikarang.send([done]);
    expect(again).toMatchObject({ outcome: 'applied' });
    expect((await eventsOf([a, b, c, d, spare])).filter((e) => e.command_id === done.id)).toHaveLength(5);
    expect(await discrepanciesOf(shipmentId)).toHaveLength(3);
  });

  it("a serial the receipt found unexpected does not open that unit's path to the receiving hub", async () => {
    const { loaded, spare, shipmentId, cikarang } = await loadedToCikarang();
    const [a, b, c, d] = loaded as [string, string, string, string];
    // The spare (registered at the origin, never loaded, never at or through Cikarang) is listed
    // as found in the truck: an 'unexpected' event at Cikarang.
    const r = byScan([a, b, c, d, spare], [], {
      discrepancies: [discrepancy('smartboard', 'lebih', 1)],
    });
    await cikarang.ok('complete_unloading', hubCompletion(shipmentId, r));
    expect((await eventsOf([spare])).map((e) => e.kind)).toContain('unexpected');
    expect(await pathOf(cikarang, spare)).toBeNull();
    // Staff still read it, the unexpected event included; the units it did receive, Cikarang too.
    expect((await pathOf(await as('tower'), spare)).events.map((e) => e.kind)).toContain('unexpected');
    expect(await pathOf(cikarang, a)).toMatchObject({ serial: a, state: 'in_stock' });
  });

  it('refuses each broken serial rule, in order, writing nothing; then receives', async () => {
    const { loaded, shipmentId, cikarang } = await loadedToCikarang((l) => l);
    const [a, b, c, d] = loaded as [string, string, string, string];
    const before = await unitsOf(loaded);
    const eventsBefore = (await eventsOf(loaded)).length;
    const refused = async (r: Record<string, unknown>, key: string, params: Record<string, unknown> = {}) => {
      expectRefused(
        await cikarang.run('complete_unloading', hubCompletion(shipmentId, r)),
        'validation',
        key,
        params,
      );
      expect(await handoverOf(shipmentId), key).toEqual(NOTHING_WRITTEN);
      expect(await unitsOf(loaded), key).toEqual(before);
      expect((await eventsOf(loaded)).length, key).toBe(eventsBefore);
    };
    const all = [a, b, c, d];

    await refused(receipt({ smartboard_received: 4, bracket_received: 1 }), 'serial.scanRequired');
    await refused(
      receipt({ smartboard_received: 4, bracket_received: 1, tv_serials: null }),
      'serial.scanRequired',
    );
    const many = Array.from({ length: 501 }, (_, i) => `TV-BANYAK-${i}`);
    await refused(byScan(many), 'serial.tooMany', { max: 500 });
    await refused(byScan(all, many, { smartboard_damaged: 0 }), 'serial.tooMany', { max: 500 });
    await refused(byScan([a, '  x!\t']), 'serial.invalid', { serial: 'x!' });
    await refused(byScan([a, b, a.toLowerCase()]), 'serial.alreadyScanned', { serial: a });
    await refused(byScan(all, ['??']), 'serial.invalid', { serial: '??' });
    await refused(byScan(all, [b, ` ${b} `]), 'serial.alreadyScanned', { serial: b });
    await refused(byScan([a, b, c], [d]), 'serial.damagedNotReceived', { serial: d });
    await refused(byScan(all, [], { smartboard_received: 3 }), 'serial.receivedMismatch', {
      quantity: 3,
      count: 4,
    });
    await refused(byScan(all, [c], { smartboard_damaged: 0 }), 'serial.damagedMismatch', {
      quantity: 0,
      count: 1,
    });
    // The rules of the receipt itself come first (here: damaged over received).
    await refused(byScan([a], [], { smartboard_damaged: 2 }), 'handover.damagedOverReceived');
    // Then the TV discrepancies the tally calls for: one short by serial though the counts agree.
    const [stranger] = serials(1);
    await refused(byScan([a, b, c, stranger!]), 'handover.recordDiscrepancy', {
      item: { key: 'handover.itemWord.smartboard' },
      reason: { key: 'handover.reasonWord.kurang' },
      count: 1,
    });

    // Another hub's user may not receive it, however right the receipt.
    const other = await hubUserOf((await trackingHub()).hubId);
    const foreign = await other.run('complete_unloading', hubCompletion(shipmentId, byScan(all)));
    expect(foreign).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
    expect(await handoverOf(shipmentId)).toEqual(NOTHING_WRITTEN);

    await cikarang.ok('complete_unloading', hubCompletion(shipmentId, byScan([d, c, b, a])));
    expect((await unitsOf(loaded)).map((u) => [u.state, u.hub_id, u.shipment_id])).toEqual(
      all.map(() => ['in_stock', HUB.cikarang, null]),
    );
    expect(await discrepanciesOf(shipmentId)).toEqual([]);
  });

  it('count mode is unchanged, and refuses serials on a shipment loaded by count', async () => {
    const { shipmentId } = await unloadingAtCikarang();
    const cikarang = await as('cikarang');
    const [serial] = serials(1);
    expectRefused(
      await cikarang.run(
        'complete_unloading',
        hubCompletion(shipmentId, receipt({ tv_serials: { received: [serial], damaged: [] } })),
      ),
      'validation',
      'invalidCommand',
    );
    expect(await handoverOf(shipmentId)).toEqual(NOTHING_WRITTEN);
    await cikarang.ok(
      'complete_unloading',
      hubCompletion(
        shipmentId,
        receipt({
          smartboard_received: 11,
          tv_serials: { received: [], damaged: [] },
          discrepancies: [discrepancy('smartboard', 'kurang', 1)],
        }),
      ),
    );
    expect(await discrepanciesOf(shipmentId)).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 1, serials: [] },
    ]);
  });

  it('undo puts the units back on the shipment and keeps their history', async () => {
    const { loaded, shipmentId, cikarang } = await loadedToCikarang();
    const [a, b, c, d] = loaded as [string, string, string, string];
    const onTheWay = await unitsOf(loaded);
    const done = await cikarang.ok(
      'complete_unloading',
      hubCompletion(
        shipmentId,
        byScan([a, b, c], [b], {
          discrepancies: [discrepancy('smartboard', 'kurang', 1), discrepancy('smartboard', 'rusak', 1)],
        }),
      ),
    );
    expect((await unitsOf(loaded)).map((u) => u.state)).toEqual([
      'in_stock',
      'damaged',
      'in_stock',
      'missing',
    ]);

    const undone = await cikarang.ok('undo_command', { command_id: done.id });
    expect(await unitsOf(loaded)).toEqual(onTheWay);
    expect(await handoverOf(shipmentId)).toEqual(NOTHING_WRITTEN);
    const kinds = async (serial: string) => (await eventsOf([serial])).map((e) => e.kind);
    expect(await kinds(a)).toEqual(['registered', 'loaded', 'received', 'undone']);
    expect(await kinds(b)).toEqual(['registered', 'loaded', 'damaged', 'undone']);
    expect(await kinds(d)).toEqual(['registered', 'loaded', 'missing', 'undone']);
    expect((await eventsOf([c])).at(-1)).toMatchObject({
      kind: 'undone',
      hub_id: HUB.cikarang,
      shipment_id: shipmentId,
      command_id: undone.id,
    });

    // Received again, all four this time.
    await cikarang.ok('complete_unloading', hubCompletion(shipmentId, byScan([a, b, c, d])));
    expect((await unitsOf(loaded)).map((u) => u.state)).toEqual([
      'in_stock',
      'in_stock',
      'in_stock',
      'in_stock',
    ]);
  });

  it('undo is refused, writing nothing, once a received unit left again', async () => {
    // A destination of the test's own that tracks serials, so a received unit can leave again.
    const { hubId, warehouseId } = await makeHub(`Hub Terima ${tag()}`, `Kota ${tag()}`, 'hub', {
      name: `Gudang Terima ${tag()}`,
      location: null,
    });
    const admin = await as('admin');
    await admin.ok('edit_hub', { hub_id: hubId, changes: { serial_tracking: true } });
    const receiver = await hubUserOf(hubId);
    const { hub, user, list } = await hubWithSerials(2);
    const [a, b] = list as [string, string];
    const p = daratPayload(hub.hubId, await truckAt(hub.hubId), warehouseId!, {
      smartboard_quantity: 2,
      bracket_quantity: 1,
      tv_serials: list,
    });
    await user.ok('create_shipment_darat', p);
    const at = { hub_id: hubId, shipment_id: p.shipment_id };
    await receiver.ok('confirm_arrival', at);
    await receiver.ok('start_unloading', at);
    const done = await receiver.ok('complete_unloading', {
      ...hubCompletion(p.shipment_id, byScan([a, b])),
      hub_id: hubId,
    });
    await receiver.ok('create_shipment_darat', await darat(hubId, [a], { bracket_quantity: 0 }));
    const left = await unitsOf(list);
    const events = (await eventsOf(list)).length;

    expectRefused(
      await receiver.run('undo_command', { command_id: done.id }),
      'conflict',
      'undoStockChanged',
    );
    expect(await unitsOf(list)).toEqual(left);
    expect((await eventsOf(list)).length).toBe(events);
    expect(await handoverOf(p.shipment_id)).toMatchObject({ receipts: 1, status: 'selesai' });
  });

  it('the path of a unit that never arrived reads to the end, and it stays in the working set with its shipment', async () => {
    const { hub, user, loaded, shipmentId, batch, cikarang } = await loadedToCikarang();
    const [a, b, c, d] = loaded as [string, string, string, string];
    await cikarang.ok(
      'complete_unloading',
      hubCompletion(
        shipmentId,
        byScan([a, b, c], [c], {
          discrepancies: [discrepancy('smartboard', 'kurang', 1), discrepancy('smartboard', 'rusak', 1)],
        }),
      ),
    );
    const path = await pathOf(cikarang, d);
    expect(path).toMatchObject({
      serial: d,
      state: 'missing',
      hub_id: null,
      hub_name: null,
      shipment_id: shipmentId,
    });
    expect(path!.events).toEqual([
      expect.objectContaining({ kind: 'registered', hub_name: hub.name, shipment_id: null }),
      expect.objectContaining({
        kind: 'loaded',
        hub_name: hub.name,
        batch_number: batch,
        origin_hub_name: hub.name,
        destination_hub_name: 'Hub Cikarang',
      }),
      expect.objectContaining({
        kind: 'missing',
        hub_id: HUB.cikarang,
        hub_name: 'Hub Cikarang',
        shipment_id: shipmentId,
        batch_number: batch,
      }),
    ]);
    // The origin's user reads it too (it was loaded there); the damaged one is at Cikarang.
    expect(await pathOf(user, d)).toEqual(path);
    expect(await pathOf(await as('tower'), c)).toMatchObject({
      state: 'damaged',
      hub_id: HUB.cikarang,
      hub_name: 'Hub Cikarang',
      events: [
        expect.objectContaining({ kind: 'registered' }),
        expect.objectContaining({ kind: 'loaded' }),
        expect.objectContaining({ kind: 'damaged', hub_name: 'Hub Cikarang', batch_number: batch }),
      ],
    });

    // Working set: the missing and damaged units stay while their shipment does, then leave.
    const units = Object.fromEntries((await unitsOf(loaded)).map((u) => [u.serial, u.id]));
    expect(await heldBy(cikarang, [units[a]!, units[c]!, units[d]!])).toEqual([true, true, true]);
    await rowsWhere(
      `update public.shipments set unloading_finished_at = now() - interval '400 days' where id = $1`,
      [shipmentId],
    );
    expect(await heldBy(cikarang, [units[a]!, units[c]!, units[d]!])).toEqual([true, false, false]);
  });
});

describe('the receipt by serial (pod_complete)', () => {
  it('delivers at the POD hub the shipment was sent to: the end of custody, undone as any receipt', async () => {
    const { list, shipmentId, batch, makassar } = await loadedToMakassar(4);
    const admin = await as('admin');
    const [first, second, third, fourth] = list as [string, string, string, string];
    const onTheWay = await unitsOf(list);
    expectRefused(
      await makassar.run(
        'pod_complete',
        podCompletion(shipmentId, receipt({ smartboard_received: 4, bracket_received: 1 })),
      ),
      'validation',
      'serial.scanRequired',
    );
    // first and third arrived whole, fourth damaged, second not at all.
    const scan = () =>
      byScan([third, first, fourth], [fourth], {
        discrepancies: [discrepancy('smartboard', 'kurang', 1), discrepancy('smartboard', 'rusak', 1)],
      });
    const done = await makassar.ok('pod_complete', podCompletion(shipmentId, scan()));
    const after = [
      expect.objectContaining({
        serial: first,
        state: 'delivered',
        hub_id: HUB.makassar,
        shipment_id: shipmentId,
      }),
      expect.objectContaining({ serial: second, state: 'missing', hub_id: null, shipment_id: shipmentId }),
      expect.objectContaining({
        serial: third,
        state: 'delivered',
        hub_id: HUB.makassar,
        shipment_id: shipmentId,
      }),
      expect.objectContaining({
        serial: fourth,
        state: 'damaged',
        hub_id: HUB.makassar,
        shipment_id: shipmentId,
      }),
    ];
    expect(await unitsOf(list)).toEqual(after);
    expect(
      (await eventsOf(list)).filter((e) => e.command_id === done.id).map((e) => [e.serial, e.kind, e.hub_id]),
    ).toEqual(
      expect.arrayContaining([
        [first, 'delivered', HUB.makassar],
        [second, 'missing', HUB.makassar],
        [third, 'delivered', HUB.makassar],
        [fourth, 'damaged', HUB.makassar],
      ]),
    );
    expect(await discrepanciesOf(shipmentId)).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 1, serials: [second] },
      { item: 'smartboard', reason: 'rusak', quantity: 1, serials: [fourth] },
    ]);
    // The POD's stock is still booked by the counts (2 whole TVs, the bracket).
    expect(await bookedBy(shipmentId, WAREHOUSE.makassar)).toEqual({ tv: 2, bracket: 1 });
    expect(await pathOf(makassar, first)).toMatchObject({
      state: 'delivered',
      hub_id: HUB.makassar,
      shipment_id: shipmentId,
      events: [
        expect.objectContaining({ kind: 'registered' }),
        expect.objectContaining({ kind: 'loaded' }),
        expect.objectContaining({ kind: 'delivered', hub_id: HUB.makassar, batch_number: batch }),
      ],
    });

    // Undo: back on the shipment, the history kept.
    await makassar.ok('undo_command', { command_id: done.id });
    expect(await unitsOf(list)).toEqual(onTheWay);
    expect((await eventsOf([first])).map((e) => e.kind)).toEqual([
      'registered',
      'loaded',
      'delivered',
      'undone',
    ]);

    // Delivered again: the units stay in the working set while their shipment does, then leave.
    await makassar.ok('pod_complete', podCompletion(shipmentId, scan()));
    expect(await unitsOf(list)).toEqual(after);
    const ids = (await unitsOf(list)).map((u) => u.id);
    expect(await heldBy(admin, ids)).toEqual([true, true, true, true]);
    expect(await heldBy(makassar, ids)).toEqual([true, true, true, true]);
    await rowsWhere(
      `update public.shipments set unloading_finished_at = now() - interval '400 days' where id = $1`,
      [shipmentId],
    );
    expect(await heldBy(admin, ids)).toEqual([false, false, false, false]);
    expect(await heldBy(makassar, ids)).toEqual([false, false, false, false]);
  });
});

async function pathOf(user: User, serial: string) {
  const { data, error } = await user.client.rpc('tv_unit_path', { p_serial: serial });
  if (error) throw new Error(error.message);
  return data as { events: Record<string, unknown>[] } & Record<string, unknown>;
}

/** Whether the user's working set of tv_units holds each id (public.visible_ids). */
async function heldBy(user: User, ids: string[]): Promise<boolean[]> {
  const { data, error } = await user.client.rpc('visible_ids', { p_table: 'tv_units' });
  if (error) throw new Error(error.message);
  const held = new Set((data as { ids: string[] }).ids);
  return ids.map((id) => held.has(id));
}
