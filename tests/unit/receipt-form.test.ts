// The counted receipt on the one form path (issue 39): its form values, the schema the form
// validates with (the commands' own rules, under the form's paths), the payload Simpan sends
// (its type derived from complete_unloading's `receipt`, and accepted by the command's own
// schema), and no `as CommandInput` cast left in src/.
import { execFileSync } from 'node:child_process';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { COUNTED_BY_BUDI } from '../support/receipt';
import { definitionOf } from '../../sync/commands/catalogue';
import { HANDOVER_MESSAGES as M } from '../../sync/messages-handover';
import type { CommandInput } from '../../sync/pure';
import type { ReceiptPayload } from '../../src/lib/handover/receipt-draft';
import {
  formPath,
  receiptDefaults,
  receiptOf,
  receiptSchema,
  type ReceiptFormValues,
} from '../../src/components/counted-receipt/receipt-form';

const SENT = { smartboard: 12, bracket: 7 };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const photo = (id: string) => ({ id, blob: new Blob(['x'], { type: 'image/jpeg' }), url: 'blob:x' });

const filled = (over: Partial<ReceiptFormValues> = {}): ReceiptFormValues => ({
  ...receiptDefaults(SENT, false, 'Slamet'),
  receiver_name: ' Budi ',
  receiver_signature: PNG,
  driver_signature: PNG,
  ...over,
});

/** The schema's messages by the form's path, as react-hook-form gets them. */
function messages(values: ReceiptFormValues): Record<string, string> {
  const result = receiptSchema(SENT).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the counted receipt form', () => {
  it('opens with what was sent, or empty where the hub counts blind (issue 41)', () => {
    expect(receiptDefaults(SENT, false, 'Slamet')).toMatchObject({
      smartboard_received: '12',
      bracket_received: '7',
      smartboard_damaged: '0',
      bracket_damaged: '0',
      driver_name: 'Slamet',
    });
    const blind = receiptDefaults(SENT, true, '');
    expect([blind.smartboard_received, blind.bracket_received]).toEqual(['', '']);
  });

  it('puts the commands’ messages under the form’s fields, a difference’s under discrepancies.<key>', () => {
    expect(messages(filled())).toEqual({});
    expect(
      messages(
        filled({
          smartboard_received: '10',
          receiver_name: '',
          receiver_signature: null,
          bracket_damaged: 'dua',
        }),
      ),
    ).toEqual({
      bracket_damaged: M.countInvalid,
      receiver_name: M.receiverNameRequired,
      receiver_signature: M.receiverSignatureRequired,
      'discrepancies.smartboard-kurang.photos': M.photoRequired,
    });
    expect(formPath('smartboard-kurang.note')).toEqual(['discrepancies', 'smartboard-kurang', 'note']);
    expect(formPath('driver_name')).toEqual(['driver_name']);
  });

  it('sends a receipt its command accepts: counts parsed, names trimmed, each difference with its photos', () => {
    const values = filled({
      smartboard_received: '10',
      discrepancies: {
        'smartboard-kurang': {
          id: '5d7f1a52-3f0e-4c1b-9a43-2f4a7c1e0b11',
          note: ' dua hilang ',
          photos: [photo('0b3c2f0e-8d1a-4e5b-9c7d-1a2b3c4d5e6f')],
        },
        // A difference the counts no longer call for is not sent.
        'bracket-lebih': { id: '7e1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b', note: '', photos: [] },
      },
    });
    const signedAt = new Date('2026-11-28T08:00:00.000Z');
    const receipt = receiptOf(values, SENT, signedAt);
    expect(receipt).toMatchObject({
      ...COUNTED_BY_BUDI,
      signed_at: '2026-11-28T08:00:00.000Z',
      discrepancies: [
        {
          id: '5d7f1a52-3f0e-4c1b-9a43-2f4a7c1e0b11',
          item: 'smartboard',
          reason: 'kurang',
          quantity: 2,
          note: 'dua hilang',
          photo_ids: ['0b3c2f0e-8d1a-4e5b-9c7d-1a2b3c4d5e6f'],
        },
      ],
    });
    const ids = [receipt.receipt_id, receipt.receiver_signature_id, receipt.driver_signature_id];
    expect(new Set(ids).size).toBe(3);
    const payload = {
      hub_id: '11111111-1111-4111-8111-111111111111',
      shipment_id: '22222222-2222-4222-8222-222222222222',
      notes: '',
      smartboard_inventory_id: '33333333-3333-4333-8333-333333333333',
      bracket_inventory_id: '44444444-4444-4444-8444-444444444444',
      receipt,
    } satisfies CommandInput<'complete_unloading'>;
    expect(definitionOf('complete_unloading').schema.safeParse(payload).success).toBe(true);
  });

  it('types the payload from the command: the receipt of complete_unloading and pod_complete', () => {
    expectTypeOf<ReceiptPayload>().toExtend<CommandInput<'complete_unloading'>['receipt']>();
    expectTypeOf<ReceiptPayload>().toExtend<CommandInput<'pod_complete'>['receipt']>();
    expectTypeOf<ReceiptPayload['smartboard_received']>().toEqualTypeOf<number>();
  });

  it('leaves no `as CommandInput` cast in src/', () => {
    let found = '';
    try {
      found = execFileSync('grep', ['-rn', 'as CommandInput', 'src'], { encoding: 'utf8' });
    } catch (error) {
      // grep exits 1 when nothing matches.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(found).toBe('');
  });
});
