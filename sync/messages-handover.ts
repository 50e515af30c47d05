// Issue 28's messages (the handover: counted receipt, discrepancies, documents), by the names
// the handover code uses for the server's keys (server-texts.ts, `handover`). Not in the spec; in
// the style of its messages. The server refuses with the same keys
// (supabase/schemas/functions/cmd_handover.sql), so the device says what the server would.
import { keyed, messageText, type KeyedMessage, type MessageKey } from './message';
import type { Discrepancy } from './model/rows';
import { SERVER_TEXTS } from './server-texts';

const H = SERVER_TEXTS.handover;


/**
 * A discrepancy refusal by key, as the server makes it (public.handover_discrepancy_params): the
 * item and the reason as message keys, so each language names them in its own words.
 */
export function discrepancyMessage(
  key: Extract<MessageKey, 'handover.recordDiscrepancy' | 'handover.noDiscrepancy' | 'handover.discrepancyMustBe'>,
  item: Discrepancy['item'],
  reason: Discrepancy['reason'],
  count: number | null = null,
): KeyedMessage {
  return keyed(key, {
    item: { key: `handover.itemWord.${item}` },
    reason: { key: `handover.reasonWord.${reason}` },
    count,
  });
}

export const HANDOVER_MESSAGES = {
  // The counted receipt (complete_unloading / pod_complete with `receipt`)
  /**
   * Issue 40: an unloading completion without its receipt (an older app's, or any client's):
   * the tablet shows it among its rejected actions; the unloading is counted again.
   */
  receiptRequired: H.receiptRequired,
  countInvalid: H.quantityRange,
  damagedOverReceived: H.damagedOverReceived,
  receiverNameRequired: H.receiverNameRequired,
  driverNameRequired: H.driverNameRequired,
  nameTooLong: H.nameTooLong,
  receiverSignatureRequired: H.receiverSignature,
  driverSignatureRequired: H.driverSignature,
  discrepancyQuantity: H.discrepancyRange,
  photoRequired: H.photoRequired,
  tooManyPhotos: H.maxPhotos,
  noteTooLong: H.noteTooLong,
  /** A difference the counts call for is not recorded. */
  discrepancyMissing: (item: Discrepancy['item'], reason: Discrepancy['reason'], quantity: number) =>
    messageText(discrepancyMessage('handover.recordDiscrepancy', item, reason, quantity)),
  /** A recorded difference the counts do not call for. */
  discrepancyNotCounted: (item: Discrepancy['item'], reason: Discrepancy['reason']) =>
    messageText(discrepancyMessage('handover.noDiscrepancy', item, reason)),
  /** A recorded difference of another quantity than the counts' (or recorded twice). */
  discrepancyQuantityWrong: (item: Discrepancy['item'], reason: Discrepancy['reason'], quantity: number) =>
    messageText(discrepancyMessage('handover.discrepancyMustBe', item, reason, quantity)),

  // resolve_discrepancy
  discrepancyNotFound: H.discrepancyNotFound,
  resolutionNoteRequired: H.resolutionNoteRequired,
  /** The device cannot know who (the server names who resolved it and when). */
  discrepancyAlreadyResolved: H.discrepancyAlreadyResolved,

  // attach_document
  documentMissing: H.fileMissing,
  // issue 40: the server measures the stored object (supabase/schemas/policies/storage_objects.sql)
  documentMismatch: H.fileMismatch,
  // hosted Storage: no hash measured of the object (measure-document, sync/uploads/queue.ts)
  documentUnmeasured: H.fileUnmeasured,
  // the upload queue: Storage refused a file for good (sync/uploads/queue.ts)
  uploadForbidden: H.uploadForbidden,
  uploadRefused: H.uploadRefused,
  uploadTooMany: H.uploadTooMany,
  // attach_correction: the document a correction names
  replacedNotFound: H.replacedNotFound,

  // Words the screens show with them
  reasonLabel: { kurang: 'Kurang', lebih: 'Lebih', rusak: 'Rusak' } as Record<Discrepancy['reason'], string>,
  statusLabel: { open: 'Terbuka', resolved: 'Selesai' } as Record<Discrepancy['status'], string>,
} as const;
