// The scanner's and the receiving route's text (issue 28), from the catalogue (issue 30:
// src/lib/i18n/handover-id.ts, `handover.scan`). Each value is read when it is shown (scanTarget
// builds its message as the page renders), so it is in the device's language at that moment.
import { t } from '../i18n';

export const SCAN = {
  get button() {
    return t('common.scanDeliveryNote');
  },
  get title() {
    return t('common.scanDeliveryNote');
  },
  get description() {
    return t('handover.scan.description');
  },
  get starting() {
    return t('handover.scan.starting');
  },
  get looking() {
    return t('handover.scan.looking');
  },
  cameraFailed: (reason: string) => t('common.cameraFailed', { reason }),
  get scannerFailed() {
    return t('handover.scan.scannerFailed');
  },
  get notDermaga() {
    return t('handover.scan.notDermaga');
  },
  get batchLabel() {
    return t('handover.scan.batchLabel');
  },
  get batchPlaceholder() {
    return t('handover.scan.batchPlaceholder');
  },
  get batchOpen() {
    return t('common.open');
  },
  get batchRequired() {
    return t('handover.scan.batchRequired');
  },
  batchNotFound: (batch: string) => t('handover.scan.batchNotFound', { batch }),
  unknownShipment: (batch: string | null) =>
    batch ? t('handover.scan.unknownShipmentBatch', { batch }) : t('handover.scan.unknownShipment'),
  otherHub: (batch: string, place: string) => t('handover.scan.otherHub', { batch, place }),
  alreadyDone: (batch: string, place: string) => t('handover.scan.alreadyDone', { batch, place }),
  get receiveTitle() {
    return t('handover.scan.receiveTitle');
  },
  get loading() {
    return t('handover.scan.loading');
  },
  get scanAgain() {
    return t('handover.scan.scanAgain');
  },
  get scanned() {
    return t('handover.scan.scanned');
  },
};
