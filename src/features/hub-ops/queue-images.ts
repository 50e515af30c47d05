// After a shipping form's command is queued: its images go to the engine's
// upload queue (compressed there), the first as the delivery record, the
// second as the BAST (spec 7.4). The engine points the shipment at each once
// it is in storage.
import type { ImageSlot, SyncEngine } from '../../../sync/pure';
import { t } from '../../lib/i18n';
import { errorInLanguage } from '../../lib/i18n/server-message';
import { showError } from '../../lib/writes/run-command';

export const IMAGE_SLOTS: readonly ImageSlot[] = ['delivery_record', 'bast'];

export async function queueShipmentImages(
  engine: SyncEngine,
  shipmentId: string,
  images: readonly Blob[],
): Promise<boolean> {
  let ok = true;
  for (const [index, image] of images.entries()) {
    const slot = IMAGE_SLOTS[index];
    if (!slot) break;
    try {
      await engine.queueImage(shipmentId, slot, image);
    } catch (error) {
      console.error('queueImage failed', error);
      showError(
        t('hubShipping.uploads.notStored', {
          n: index + 1,
          error: errorInLanguage(error),
        }),
      );
      ok = false;
    }
  }
  return ok;
}
