// Issue 28: a counted receipt the rules refuse. Each bad payload is refused by the server
// (code 'validation') with nothing half-written (no receipt, discrepancy or stock row; the
// shipment still being unloaded; the balances equal to the ledger), the good command behind
// it in the same batch is still applied, and the device refuses the same payload with the
// same message: its schema, then its prediction against the shipment as the server holds it.
import { issueText, messageText } from '../../sync/message';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandRefused } from '../../sync/errors';
import { COMMANDS } from '../../sync/commands/catalogue';
import { checkReceipt, type Receipt } from '../../sync/commands/handover-receipt';
import type { Actor, StateReader } from '../../sync/commands/types';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, rowOf, rowsWhere } from './commands-support';
import * as handover from './handover-support';

afterAll(closeDb);

/** The device's state as the server holds it (rows by id; the small tables whole). */
const serverState: StateReader = {
  get: (table, id) => rowOf(table, id) as never,
  all: (table) => rowsWhere(`select * from public.${table} where not deleted`) as never,
  vehiclesOf: async () => [],
};

/** What the device says of a payload: its schema's first message, else its prediction's refusal. */
async function deviceSays(type: 'complete_unloading' | 'pod_complete', payload: unknown, actor: Actor) {
  const parsed = COMMANDS[type].schema.safeParse(payload);
  if (!parsed.success) return issueText(parsed.error.issues[0]!);
  const command = {
    id: crypto.randomUUID(),
    type,
    payload: parsed.data,
    issued_at: new Date().toISOString(),
    actor: actor.userId,
  };
  try {
    await COMMANDS[type].predict(parsed.data as never, { command, actor, read: serverState }, true);
  } catch (e) {
    if (e instanceof CommandRefused) return e.message;
    throw e;
  }
  return null;
}

const long = (n: number) => 'x'.repeat(n);

// Sent: 12 TV and 7 brackets.
const BAD: Array<[string, Record<string, unknown>, string]> = [
  ['a negative count', { smartboard_received: -1 }, 'Jumlah harus bilangan bulat 0 sampai 100.000'],
  ['an over-limit count', { bracket_received: 100_001 }, 'Jumlah harus bilangan bulat 0 sampai 100.000'],
  ['a fraction', { smartboard_damaged: 0.5 }, 'Jumlah harus bilangan bulat 0 sampai 100.000'],
  ['a count as text', { bracket_damaged: '1' }, 'Jumlah harus bilangan bulat 0 sampai 100.000'],
  [
    'more damaged than received',
    { bracket_damaged: 8, discrepancies: [handover.discrepancy('bracket', 'rusak', 8)] },
    'Jumlah rusak tidak boleh melebihi jumlah diterima',
  ],
  [
    'a difference without a discrepancy',
    { smartboard_received: 10 },
    'Catat selisih TV kurang sebanyak 2 dengan foto',
  ],
  [
    'damaged without a discrepancy',
    { bracket_damaged: 1 },
    'Catat selisih bracket rusak sebanyak 1 dengan foto',
  ],
  [
    'a discrepancy without a photo',
    {
      smartboard_received: 10,
      discrepancies: [handover.discrepancy('smartboard', 'kurang', 2, { photo_ids: [] })],
    },
    'Setiap selisih wajib disertai minimal satu foto',
  ],
  [
    'a discrepancy of another quantity',
    { smartboard_received: 10, discrepancies: [handover.discrepancy('smartboard', 'kurang', 3)] },
    'Selisih TV kurang harus sebanyak 2',
  ],
  [
    'a discrepancy the counts do not call for',
    { discrepancies: [handover.discrepancy('bracket', 'lebih', 1)] },
    'Tidak ada selisih bracket lebih menurut hitungan',
  ],
  [
    'the wrong reason',
    { smartboard_received: 13, discrepancies: [handover.discrepancy('smartboard', 'kurang', 1)] },
    'Tidak ada selisih TV kurang menurut hitungan',
  ],
  [
    'a discrepancy note over 500 characters',
    {
      smartboard_received: 10,
      discrepancies: [handover.discrepancy('smartboard', 'kurang', 2, { note: long(501) })],
    },
    'Catatan maksimal 500 karakter',
  ],
  ["a missing receiver's signature", { receiver_signature_id: '' }, 'Tanda tangan penerima wajib diisi'],
  ["a missing driver's signature", { driver_signature_id: null }, 'Tanda tangan sopir wajib diisi'],
  ["a blank receiver's name", { receiver_name: '   ' }, 'Nama penerima wajib diisi'],
  ["a driver's name over 100 characters", { driver_name: long(101) }, 'Nama maksimal 100 karakter'],
  ['a receipt that is not an object', { __replace: 'semua baik' }, 'Perintah tidak valid.'],
];

const withBad = (extra: Record<string, unknown>) =>
  '__replace' in extra ? extra.__replace : handover.receipt(extra);

describe('complete_unloading refuses a bad receipt, writing nothing', () => {
  it.each(BAD)('%s', async (_what, extra, message) => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await handover.unloadingAtCikarang();
    const bad = cikarang.command(
      'complete_unloading',
      handover.hubCompletion(shipmentId, withBad(extra) as never),
    );
    const [refused] = await cikarang.send([bad]);
    expect(refused).toMatchObject({ outcome: 'rejected', code: 'validation', message });
    expect(await handover.handoverOf(shipmentId)).toEqual(handover.NOTHING_WRITTEN);
    await handover.expectBalancesEqualLedger();

    const actor: Actor = { userId: cikarang.id, role: 'hub_user', hubId: HUB.cikarang };
    expect(await deviceSays('complete_unloading', bad.payload, actor)).toBe(message);
  });

  it('the good command behind a refused one in the same batch is applied', async () => {
    const cikarang = await as('cikarang');
    const { shipmentId } = await handover.unloadingAtCikarang();
    const good = handover.tvShort(1);
    const results = await cikarang.send([
      cikarang.command(
        'complete_unloading',
        handover.hubCompletion(shipmentId, handover.receipt({ smartboard_received: 11 })),
      ),
      cikarang.command('complete_unloading', handover.hubCompletion(shipmentId, good)),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['rejected', 'applied']);
    await handover.expectCountedOnce(shipmentId, 1, 'selesai');
    expect(await handover.bookedBy(shipmentId, WAREHOUSE.cikarang)).toEqual({ tv: 11, bracket: 7 });
    await handover.expectBalancesEqualLedger();
  });
});

describe('pod_complete refuses a bad receipt, writing nothing', () => {
  // Sent: 20 TV and 10 brackets.
  const POD_BAD: Array<[string, Record<string, unknown>, string]> = [
    [
      'a negative count',
      { smartboard_received: -3, bracket_received: 10 },
      'Jumlah harus bilangan bulat 0 sampai 100.000',
    ],
    [
      'a difference without a photo',
      {
        smartboard_received: 19,
        bracket_received: 10,
        discrepancies: [handover.discrepancy('smartboard', 'kurang', 1, { photo_ids: [] })],
      },
      'Setiap selisih wajib disertai minimal satu foto',
    ],
    [
      'a difference without a discrepancy',
      { smartboard_received: 20, bracket_received: 9 },
      'Catat selisih bracket kurang sebanyak 1 dengan foto',
    ],
    [
      "a missing driver's signature",
      { smartboard_received: 20, bracket_received: 10, driver_signature_id: undefined },
      'Tanda tangan sopir wajib diisi',
    ],
  ];

  it.each(POD_BAD)('%s', async (_what, extra, message) => {
    const makassar = await as('makassar');
    const { shipmentId } = await handover.unloadingAtMakassar();
    const bad = makassar.command('pod_complete', handover.podCompletion(shipmentId, handover.receipt(extra)));
    const good = makassar.command(
      'pod_complete',
      handover.podCompletion(shipmentId, handover.receipt({ smartboard_received: 20, bracket_received: 10 })),
    );
    const [refused, applied] = await makassar.send([bad, good]);
    expect(refused).toMatchObject({ outcome: 'rejected', code: 'validation', message });
    expect(applied).toMatchObject({ outcome: 'applied' });
    await handover.expectCountedOnce(shipmentId, 0, 'selesai_pod');
    expect(await handover.bookedBy(shipmentId, WAREHOUSE.makassar)).toEqual({ tv: 20, bracket: 10 });
    await handover.expectBalancesEqualLedger();

    // The device: its schema, else the receipt rule against what the shipment says was sent
    // (its prediction would now refuse the shipment's state first: the good one completed it).
    const parsed = COMMANDS.pod_complete.schema.safeParse(bad.payload);
    const deviceMessage = parsed.success
      ? await deviceReceiptCheck(shipmentId, parsed.data.receipt!)
      : issueText(parsed.error.issues[0]!);
    expect(deviceMessage).toBe(message);
  });
});

/** The receipt rule alone, against the shipment's sent counts. */
async function deviceReceiptCheck(shipmentId: string, r: Receipt) {
  const s = (await rowOf<{ smartboard_quantity: number; bracket_quantity: number }>(
    'shipments',
    shipmentId,
  ))!;
  const [problem] = checkReceipt(r, { smartboard: s.smartboard_quantity, bracket: s.bracket_quantity });
  return problem && messageText(problem.message);
}
