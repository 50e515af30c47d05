// Issue 28: the counted receipt on complete_unloading and pod_complete through
// apply_commands: what is booked (received - damaged), the receipt and its discrepancies in
// the same transaction, who may count (every role and hub), replays, the second tablet's
// conflict naming who counted and when, and undo. stock_balances stays equal to the ledger
// after each. Bad input: handover-bad-input.test.ts; resolve and attach:
// handover-resolve-attach.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { formatWib } from '../../sync/domain/time';
import { HANDOVER_MESSAGES } from '../../sync/messages-handover';
import { DEMO_USERS, WAREHOUSE } from '../support/demo';
import { as, closeDb, recorded, rowOf, rowsWhere } from './commands-support';
import * as handover from './handover-support';

afterAll(closeDb);

describe('complete_unloading with a counted receipt', () => {
  it('books what was counted in good order, with the receipt and one discrepancy per difference', async () => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await handover.unloadingAtCikarang();
    // Sent 12 TV and 7 brackets; 10 TV arrived (2 short), 1 of them broken; 8 brackets (1 extra).
    const short = handover.discrepancy('smartboard', 'kurang', 2);
    const broken = handover.discrepancy('smartboard', 'rusak', 1, {
      photo_ids: [crypto.randomUUID(), crypto.randomUUID()],
    });
    const extra = handover.discrepancy('bracket', 'lebih', 1, { note: null });
    const r = handover.receipt({
      smartboard_received: 10,
      smartboard_damaged: 1,
      bracket_received: 8,
      discrepancies: [short, broken, extra],
    });
    const command = await cikarang.ok('complete_unloading', handover.hubCompletion(shipmentId, r));

    expect(await handover.bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 9, bracket: 8 });
    await handover.expectCountedOnce(shipmentId, 3, 'selesai');
    const stored = await rowOf<Record<string, unknown>>('shipment_receipts', r.receipt_id);
    expect(stored).toMatchObject({
      shipment_id: shipmentId,
      warehouse_id: WAREHOUSE.cikarang,
      smartboard_sent: 12,
      bracket_sent: 7,
      smartboard_received: 10,
      bracket_received: 8,
      smartboard_damaged: 1,
      bracket_damaged: 0,
      receiver_name: 'Budi Penerima',
      driver_name: 'Sopir Uji',
      receiver_signature_id: r.receiver_signature_id,
      driver_signature_id: r.driver_signature_id,
      counted_by: cikarang.id,
    });
    expect((stored!.signed_at as Date).toISOString()).toBe(r.signed_at);
    const d = await rowOf<Record<string, unknown>>('discrepancies', broken.id);
    expect(d).toMatchObject({
      receipt_id: r.receipt_id,
      item: 'smartboard',
      reason: 'rusak',
      quantity: 1,
      photo_ids: broken.photo_ids,
      status: 'open',
      reported_by: cikarang.id,
      resolved_by: null,
    });
    expect(await rowOf('discrepancies', extra.id)).toMatchObject({ reason: 'lebih', note: null });
    expect(await recorded(command.id)).toMatchObject({ outcome: 'applied', entity_id: shipmentId });
    await handover.expectBalancesEqualLedger();
  });

  it('books nothing of an item counted all damaged; without a receipt it is refused (count again)', async () => {
    const cikarang = await as('cikarang');
    const counted = await handover.unloadingAtCikarang();
    const r = handover.receipt({
      bracket_damaged: 7,
      discrepancies: [handover.discrepancy('bracket', 'rusak', 7)],
    });
    await cikarang.ok('complete_unloading', handover.hubCompletion(counted.shipmentId, r));
    expect(await handover.bookedBy(counted.shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 12, bracket: 0 });
    expect(await handover.handoverOf(counted.shipmentId)).toMatchObject({ stockRows: 1, discrepancies: 1 });

    // A command queued before issue 28 (no receipt): refused since issue 40, nothing booked.
    const plain = await handover.unloadingAtCikarang();
    expect(await cikarang.run('complete_unloading', handover.hubCompletion(plain.shipmentId))).toMatchObject({
      outcome: 'rejected',
      code: 'validation',
      message: HANDOVER_MESSAGES.receiptRequired,
    });
    expect(await handover.bookedBy(plain.shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 0, bracket: 0 });
    expect(await handover.handoverOf(plain.shipmentId)).toMatchObject({
      receipts: 0,
      discrepancies: 0,
      stockRows: 0,
    });
    await handover.expectBalancesEqualLedger();
  });

  it('is allowed for the destination hub, tower control and admins, refused for the origin and other hubs', async () => {
    for (const who of ['karawang', 'poljak', 'makassar'] as const) {
      const { shipmentId } = await handover.unloadingAtCikarang();
      const result = await (
        await as(who)
      ).run('complete_unloading', handover.hubCompletion(shipmentId, handover.receipt()));
      expect(result, who).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
        message: 'Anda tidak memiliki izin untuk hub ini.',
      });
      expect(await handover.handoverOf(shipmentId), who).toEqual(handover.NOTHING_WRITTEN);
    }
    for (const who of ['cikarang', 'tower', 'admin'] as const) {
      const { shipmentId } = await handover.unloadingAtCikarang();
      const r = handover.tvShort(1);
      await (await as(who)).ok('complete_unloading', handover.hubCompletion(shipmentId, r));
      await handover.expectCountedOnce(shipmentId, 1, 'selesai', who);
      expect(await rowOf('shipment_receipts', r.receipt_id)).toMatchObject({
        counted_by: (await as(who)).id,
      });
    }
    await handover.expectBalancesEqualLedger();
  });

  it('a replay (the same command id twice) is applied once, with the same answer, the stock counted once', async () => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await handover.unloadingAtCikarang();
    const r = handover.tvShort(2);
    const command = cikarang.command('complete_unloading', handover.hubCompletion(shipmentId, r));
    const [first] = await cikarang.send([command]);
    const [again] = await cikarang.send([command]);
    const [inOneBatch] = (await cikarang.send([command, command])).slice(1);
    expect(first).toMatchObject({ outcome: 'applied' });
    expect(again).toEqual(first);
    expect(inOneBatch).toEqual(first);
    expect(await handover.bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 10, bracket: 7 });
    await handover.expectCountedOnce(shipmentId, 1, 'selesai');
    await handover.expectBalancesEqualLedger();
  });

  it('two tablets counting the same shipment: the first wins, the second is told who counted and when', async () => {
    const cikarang = await as('cikarang');
    const admin = await as('admin');
    const { shipmentId } = await handover.unloadingAtCikarang();
    const first = await cikarang.ok(
      'complete_unloading',
      handover.hubCompletion(
        shipmentId,
        handover.receipt({
          bracket_received: 6,
          discrepancies: [handover.discrepancy('bracket', 'kurang', 1)],
        }),
      ),
    );
    const late = handover.receipt();
    const second = await admin.run('complete_unloading', handover.hubCompletion(shipmentId, late));
    expect(second).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: `Bongkar sudah diselesaikan oleh ${DEMO_USERS.cikarang} pada ${formatWib(first.issued_at)}`,
    });
    expect(await rowOf('shipment_receipts', late.receipt_id)).toBeUndefined();
    expect(await handover.bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 12, bracket: 6 });
    expect(await handover.handoverOf(shipmentId)).toMatchObject({ receipts: 1, discrepancies: 1 });
    await handover.expectBalancesEqualLedger();
  });

  it('undo takes back the count: its stock rows, receipt and discrepancies; refused once one is resolved', async () => {
    const cikarang = await as('cikarang');
    const tower = await as('tower');
    /** Cikarang counts the shipment: the receipt of these fields (must apply). */
    const count = (shipmentId: string, fields: Record<string, unknown>) =>
      cikarang.ok('complete_unloading', handover.hubCompletion(shipmentId, handover.receipt(fields)));
    const undone = await handover.unloadingAtCikarang();
    const d = handover.discrepancy('smartboard', 'kurang', 3);
    const done = await count(undone.shipmentId, { smartboard_received: 9, discrepancies: [d] });
    await cikarang.ok('undo_command', { command_id: done.id });
    expect(await handover.handoverOf(undone.shipmentId)).toEqual(handover.NOTHING_WRITTEN);
    await handover.expectBalancesEqualLedger();
    // Counted again, anew.
    const recount = handover.tvShort(2);
    await cikarang.ok('complete_unloading', handover.hubCompletion(undone.shipmentId, recount));
    await handover.expectCountedOnce(undone.shipmentId, 1, 'selesai');
    expect(await handover.bookedBy(undone.shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 10, bracket: 7 });

    const resolved = await handover.unloadingAtCikarang();
    const d2 = handover.discrepancy('bracket', 'kurang', 2);
    const done2 = await count(resolved.shipmentId, { bracket_received: 5, discrepancies: [d2] });
    await tower.ok('resolve_discrepancy', { discrepancy_id: d2.id, note: 'Diganti vendor' });
    const refused = await cikarang.run('undo_command', { command_id: done2.id });
    expect(refused).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: 'Tidak dapat diurungkan: selisih dari hitungan ini sudah diselesaikan.',
    });
    await handover.expectCountedOnce(resolved.shipmentId, 1, 'selesai');
    await handover.expectBalancesEqualLedger();
  });
});

describe('pod_complete with a counted receipt', () => {
  it('books the count at the city warehouse for the POD of the city, tower control and admins', async () => {
    for (const who of ['makassar', 'tower', 'admin'] as const) {
      const { shipmentId } = await handover.unloadingAtMakassar();
      // Sent 20 TV and 10 brackets: 18 TV arrived, 2 of the brackets broken.
      const r = handover.receipt({
        smartboard_received: 18,
        bracket_received: 10,
        bracket_damaged: 2,
        discrepancies: [
          handover.discrepancy('smartboard', 'kurang', 2),
          handover.discrepancy('bracket', 'rusak', 2),
        ],
      });
      await (await as(who)).ok('pod_complete', handover.podCompletion(shipmentId, r));
      expect(await handover.bookedBy(shipmentId, WAREHOUSE.makassar), who).toEqual({ tv: 18, bracket: 8 });
      await handover.expectCountedOnce(shipmentId, 2, 'selesai_pod', who);
      expect(await rowOf('shipment_receipts', r.receipt_id)).toMatchObject({
        warehouse_id: WAREHOUSE.makassar,
        smartboard_sent: 20,
        bracket_sent: 10,
      });
    }
    await handover.expectBalancesEqualLedger();
  });

  it('is refused for the origin port and other hubs; a replay applies once; a second tablet is told who', async () => {
    for (const who of ['poljak', 'cikarang', 'karawang', 'polsub'] as const) {
      const { shipmentId } = await handover.unloadingAtMakassar();
      const result = await (
        await as(who)
      ).run(
        'pod_complete',
        handover.podCompletion(
          shipmentId,
          handover.receipt({ smartboard_received: 20, bracket_received: 10 }),
        ),
      );
      expect(result, who).toMatchObject({
        outcome: 'rejected',
        code: 'forbidden',
        message: 'Anda tidak memiliki izin untuk POD kota ini.',
      });
      expect(await handover.handoverOf(shipmentId), who).toMatchObject({
        receipts: 0,
        stockRows: 0,
        status: 'sedang_bongkar',
      });
    }
    const makassar = await as('makassar');
    const tower = await as('tower');
    const { shipmentId } = await handover.unloadingAtMakassar();
    const command = makassar.command(
      'pod_complete',
      handover.podCompletion(shipmentId, handover.receipt({ smartboard_received: 20, bracket_received: 10 })),
    );
    const [first] = await makassar.send([command]);
    expect(await makassar.send([command])).toEqual([first]);
    expect(first).toMatchObject({ outcome: 'applied' });
    expect(await handover.bookedBy(shipmentId, WAREHOUSE.makassar)).toEqual({ tv: 20, bracket: 10 });
    const late = await tower.run(
      'pod_complete',
      handover.podCompletion(shipmentId, handover.receipt({ smartboard_received: 20, bracket_received: 10 })),
    );
    expect(late).toMatchObject({
      outcome: 'rejected',
      code: 'conflict',
      message: `Bongkar sudah diselesaikan oleh ${DEMO_USERS.makassar} pada ${formatWib(command.issued_at)}`,
    });
    expect(await handover.handoverOf(shipmentId)).toMatchObject({ receipts: 1, stockRows: 2 });
    const [all] = await rowsWhere<{ n: string }>(
      'select count(*) as n from public.shipment_receipts where shipment_id = $1',
      [shipmentId],
    );
    expect(Number(all!.n)).toBe(1);
    await handover.expectBalancesEqualLedger();
  });
});
