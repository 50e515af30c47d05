// Issue 28: the counted receipt's rule (sync/commands/handover-receipt.ts), by hand-computed
// cases: which discrepancies the counts call for, what is booked, and the problems, in the
// server's order, with the messages the form shows under each field.
import { issueText, messageText } from '../../sync/message';
import { describe, expect, it } from 'vitest';
import {
  bookedCounts,
  checkReceipt,
  neededDiscrepancies,
  receiptFieldMessages,
  receiptInput,
  type ReceiptDiscrepancy,
  type ReceiptValues,
} from '../../sync/commands/handover-receipt';
import { COMMANDS } from '../../sync/commands/catalogue';
import { HANDOVER_MESSAGES as M } from '../../sync/messages-handover';

const SIG_R = '11111111-1111-4111-8111-111111111111';
const SIG_D = '22222222-2222-4222-8222-222222222222';
const PHOTO = '33333333-3333-4333-8333-333333333333';
let n = 0;
const nextId = () => `44444444-4444-4444-8444-${String(++n).padStart(12, '0')}`;

const d = (
  item: 'smartboard' | 'bracket',
  reason: 'kurang' | 'lebih' | 'rusak',
  quantity: number,
  photos = [PHOTO],
) => ({ id: nextId(), item, reason, quantity, note: null, photo_ids: photos }) satisfies ReceiptDiscrepancy;

const receipt = (extra: Partial<ReceiptValues> = {}): ReceiptValues => ({
  receipt_id: nextId(),
  smartboard_received: 12,
  bracket_received: 7,
  smartboard_damaged: 0,
  bracket_damaged: 0,
  receiver_name: 'Budi',
  driver_name: 'Joko',
  receiver_signature_id: SIG_R,
  driver_signature_id: SIG_D,
  signed_at: '2026-11-26T08:00:00.000Z',
  discrepancies: [],
  ...extra,
});

const SENT = { smartboard: 12, bracket: 7 };
const fieldTexts = (problems: Parameters<typeof receiptFieldMessages>[0]) =>
  Object.fromEntries(Object.entries(receiptFieldMessages(problems)).map(([field, m]) => [field, messageText(m)]));
const messages = (r: ReceiptValues, sent = SENT) => checkReceipt(r, sent).map((p) => messageText(p.message));

describe('the discrepancies the counts call for', () => {
  it('none when everything arrived whole', () => {
    expect(neededDiscrepancies(SENT, receipt())).toEqual([]);
  });

  it('2 TV short, 1 TV broken, 3 brackets extra: TV kurang 2, TV rusak 1, bracket lebih 3', () => {
    const counts = receipt({ smartboard_received: 10, smartboard_damaged: 1, bracket_received: 10 });
    expect(neededDiscrepancies(SENT, counts)).toEqual([
      { item: 'smartboard', reason: 'kurang', quantity: 2 },
      { item: 'smartboard', reason: 'rusak', quantity: 1 },
      { item: 'bracket', reason: 'lebih', quantity: 3 },
    ]);
  });

  it('nothing arrived of a shipment of 0 brackets: no bracket discrepancy', () => {
    expect(
      neededDiscrepancies(
        { smartboard: 5, bracket: 0 },
        receipt({ smartboard_received: 0, bracket_received: 0 }),
      ),
    ).toEqual([{ item: 'smartboard', reason: 'kurang', quantity: 5 }]);
  });
});

describe('what is booked', () => {
  it('received minus damaged per item', () => {
    const r = receiptInput.parse(
      receipt({
        smartboard_received: 10,
        smartboard_damaged: 1,
        bracket_received: 7,
        bracket_damaged: 7,
        discrepancies: [d('smartboard', 'kurang', 2), d('smartboard', 'rusak', 1), d('bracket', 'rusak', 7)],
      }),
    );
    expect(bookedCounts(r)).toEqual({ smartboard: 9, bracket: 0 });
  });
});

describe('checkReceipt', () => {
  it('accepts a whole receipt, and one with exactly the discrepancies called for', () => {
    expect(checkReceipt(receipt(), SENT)).toEqual([]);
    const r = receipt({
      smartboard_received: 13,
      bracket_received: 5,
      bracket_damaged: 1,
      discrepancies: [d('smartboard', 'lebih', 1), d('bracket', 'kurang', 2), d('bracket', 'rusak', 1)],
    });
    expect(checkReceipt(r, SENT).map((p) => ({ path: p.path, message: messageText(p.message) }))).toEqual([]);
  });

  it('counts must be whole numbers 0..100000', () => {
    const r = receipt({ smartboard_received: -1, bracket_received: 100_001, smartboard_damaged: 1.5 });
    expect(fieldTexts(checkReceipt(r, SENT))).toEqual({
      smartboard_received: 'Jumlah harus bilangan bulat 0 sampai 100.000',
      bracket_received: 'Jumlah harus bilangan bulat 0 sampai 100.000',
      smartboard_damaged: 'Jumlah harus bilangan bulat 0 sampai 100.000',
    });
    expect(
      messages(receipt({ bracket_received: 100_000, discrepancies: [d('bracket', 'lebih', 99_993)] })),
    ).toEqual([]);
  });

  it('damaged may not exceed received', () => {
    expect(
      fieldTexts(checkReceipt(receipt({ bracket_received: 3, bracket_damaged: 4 }), SENT)),
    ).toEqual({
      bracket_damaged: 'Jumlah rusak tidak boleh melebihi jumlah diterima',
    });
  });

  it('a difference needs its discrepancy, of the right quantity, once; and nothing else', () => {
    expect(messages(receipt({ smartboard_received: 10 }))).toEqual([
      'Catat selisih TV kurang sebanyak 2 dengan foto',
    ]);
    expect(messages(receipt({ bracket_damaged: 2 }))).toEqual([
      'Catat selisih bracket rusak sebanyak 2 dengan foto',
    ]);
    expect(
      messages(receipt({ smartboard_received: 10, discrepancies: [d('smartboard', 'kurang', 1)] })),
    ).toEqual(['Selisih TV kurang harus sebanyak 2']);
    expect(
      messages(
        receipt({
          smartboard_received: 10,
          discrepancies: [d('smartboard', 'kurang', 2), d('smartboard', 'kurang', 2)],
        }),
      ),
    ).toEqual(['Selisih TV kurang harus sebanyak 2']);
    expect(messages(receipt({ discrepancies: [d('bracket', 'rusak', 1)] }))).toEqual([
      'Tidak ada selisih bracket rusak menurut hitungan',
    ]);
    // 13 TV arrived but recorded as short: the short one is not called for, the extra one is missing.
    expect(
      messages(receipt({ smartboard_received: 13, discrepancies: [d('smartboard', 'kurang', 1)] })),
    ).toEqual([
      'Tidak ada selisih TV kurang menurut hitungan',
      'Catat selisih TV lebih sebanyak 1 dengan foto',
    ]);
  });

  it('without the sent counts (the payload alone) the discrepancies are not matched', () => {
    expect(checkReceipt(receipt({ smartboard_received: 10 }))).toEqual([]);
  });

  it('every discrepancy has a photo (at most 10), a quantity of at least 1 and a note of at most 500', () => {
    const r = receipt({
      smartboard_received: 10,
      discrepancies: [{ ...d('smartboard', 'kurang', 0, []), note: 'x'.repeat(501) }],
    });
    expect(fieldTexts(checkReceipt(r, SENT))).toEqual({
      'discrepancies.0.quantity': 'Jumlah selisih harus bilangan bulat 1 sampai 100.000',
      'discrepancies.0.note': 'Catatan maksimal 500 karakter',
      'discrepancies.0.photo_ids': 'Setiap selisih wajib disertai minimal satu foto',
    });
    const many = receipt({
      smartboard_received: 10,
      discrepancies: [d('smartboard', 'kurang', 2, Array(11).fill(PHOTO))],
    });
    expect(messages(many)).toEqual(['Maksimal 10 foto per selisih']);
  });

  it('both names (at most 100 characters) and both signatures', () => {
    const r = receipt({
      receiver_name: '  ',
      driver_name: 'x'.repeat(101),
      receiver_signature_id: '',
      driver_signature_id: '',
    });
    expect(checkReceipt(r, SENT).map((p) => ({ path: p.path, message: messageText(p.message) }))).toEqual([
      { path: ['receiver_name'], message: 'Nama penerima wajib diisi' },
      { path: ['driver_name'], message: 'Nama maksimal 100 karakter' },
      { path: ['receiver_signature_id'], message: 'Tanda tangan penerima wajib diisi' },
      { path: ['driver_signature_id'], message: 'Tanda tangan sopir wajib diisi' },
    ]);
    expect(messages(receipt({ driver_name: ` ${'x'.repeat(100)} ` }))).toEqual([]);
  });
});

describe('the commands carry the receipt', () => {
  const base = {
    hub_id: SIG_R,
    shipment_id: SIG_D,
    smartboard_inventory_id: nextId(),
    bracket_inventory_id: nextId(),
  };

  it('complete_unloading and pod_complete require it (issue 40): without one, count again', () => {
    const without = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), issueText(i)]);
    expect(without(COMMANDS.complete_unloading.schema.safeParse(base))).toEqual([
      ['receipt', M.receiptRequired],
    ]);
    expect(COMMANDS.complete_unloading.schema.safeParse({ ...base, receipt: receipt() }).success).toBe(true);
    const { hub_id: _hub, ...pod } = base;
    expect(without(COMMANDS.pod_complete.schema.safeParse({ ...pod, receipt: null }))).toEqual([
      ['receipt', M.receiptRequired],
    ]);
    expect(COMMANDS.pod_complete.schema.safeParse({ ...pod, receipt: receipt() }).success).toBe(true);
  });

  it("refuses a receipt's bad fields with the form's messages, trimming the names", () => {
    const bad = COMMANDS.complete_unloading.schema.safeParse({
      ...base,
      receipt: receipt({ bracket_received: 2, bracket_damaged: 3 }),
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), issueText(i)])).toEqual([
      ['receipt.bracket_damaged', 'Jumlah rusak tidak boleh melebihi jumlah diterima'],
    ]);
    const same = COMMANDS.complete_unloading.schema.safeParse({
      ...base,
      receipt: receipt({ driver_signature_id: SIG_R }),
    });
    expect(same.success).toBe(false);
    const ok = COMMANDS.complete_unloading.schema.parse({
      ...base,
      receipt: receipt({ receiver_name: '  Budi  ' }),
    });
    expect(ok.receipt).toMatchObject({ receiver_name: 'Budi', discrepancies: [] });
  });
});
