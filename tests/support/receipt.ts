// A counted receipt (issue 40: an unloading completion carries its receipt, or the server
// refuses it): `smartboard` TVs and `bracket` brackets counted, none damaged, signed now, with
// fresh ids; `extra` adds or replaces fields. countedAsSent: one that says everything arrived
// as sent, for tests whose subject is not the count.
import { randomUUID } from 'node:crypto';

export function countedReceipt(smartboard: number, bracket: number, extra: Record<string, unknown> = {}) {
  return {
    receipt_id: randomUUID(),
    smartboard_received: smartboard,
    bracket_received: bracket,
    smartboard_damaged: 0,
    bracket_damaged: 0,
    receiver_name: 'Penerima Uji',
    driver_name: 'Sopir Uji',
    receiver_signature_id: randomUUID(),
    driver_signature_id: randomUUID(),
    signed_at: new Date().toISOString(),
    discrepancies: [] as unknown[],
    ...extra,
  };
}

export const countedAsSent = (smartboard: number, bracket: number) => countedReceipt(smartboard, bracket);

/**
 * What the receipt form tests count and sign (receipt-form, receive-receipt-draft): 10 TVs and 7
 * brackets arrived, none damaged, Budi receiving from the driver Slamet.
 */
export const COUNTED_BY_BUDI = {
  smartboard_received: 10,
  bracket_received: 7,
  smartboard_damaged: 0,
  bracket_damaged: 0,
  receiver_name: 'Budi',
  driver_name: 'Slamet',
};
