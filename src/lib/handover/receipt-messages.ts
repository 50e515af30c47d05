// The counted receipt form's and the BAST dialog's text (issue 28), from the catalogue (issue 30:
// src/lib/i18n/handover-id.ts, `handover.receipt`). Each value is read when it is shown, so it
// is in the device's language at that moment. The rule messages are the commands' own
// (sync/messages-handover.ts, via checkReceipt, shown through localize()).
import { t } from '../i18n';

type Item = 'smartboard' | 'bracket';
type Reason = 'kurang' | 'lebih' | 'rusak';

export const RECEIPT = {
  get countsTitle() {
    return t('handover.receipt.countsTitle');
  },
  get countsHint() {
    return t('handover.receipt.countsHint');
  },
  itemLabel: {
    get smartboard() {
      return t('common.item.smartboard');
    },
    get bracket() {
      return t('common.item.bracket');
    },
  } as Record<Item, string>,
  sent: (n: number) => t('handover.receipt.sent', { count: n }),
  receivedLabel: (item: string) => t('handover.receipt.receivedLabel', { item }),
  damagedLabel: (item: string) => t('handover.receipt.damagedLabel', { item }),
  reasonLabel: {
    get kurang() {
      return t('common.reason.kurang');
    },
    get lebih() {
      return t('common.reason.lebih');
    },
    get rusak() {
      return t('common.reason.rusak');
    },
  } as Record<Reason, string>,
  get discrepanciesTitle() {
    return t('common.discrepancies');
  },
  /** 'TV kurang 2' */
  discrepancyTitle: (item: string, reason: Reason, quantity: number) =>
    t(`handover.receipt.discrepancyTitle.${reason}`, { item, quantity }),
  discrepancyNote: (title: string) => t('handover.receipt.discrepancyNote', { title }),
  discrepancyPhotos: (title: string) => t('handover.receipt.discrepancyPhotos', { title }),
  get takePhoto() {
    return t('common.camera');
  },
  get pickFile() {
    return t('common.chooseFile');
  },
  removePhoto: (n: number) => t('handover.receipt.removePhoto', { n }),
  photoAlt: (title: string, n: number) => t('handover.receipt.photoAlt', { title, n }),
  get compressing() {
    return t('handover.receipt.compressing');
  },
  get signaturesTitle() {
    return t('handover.receipt.signaturesTitle');
  },
  get receiverName() {
    return t('handover.receipt.receiverName');
  },
  get driverName() {
    return t('common.driverName');
  },
  get receiverSignature() {
    return t('handover.documents.kind.signature_receiver');
  },
  get driverSignature() {
    return t('handover.documents.kind.signature_driver');
  },
  get signHere() {
    return t('handover.receipt.signHere');
  },
  get clear() {
    return t('handover.receipt.clear');
  },
  get notes() {
    return t('handover.receipt.notes');
  },
  get notesPlaceholder() {
    return t('handover.receipt.notesPlaceholder');
  },
  get save() {
    return t('common.save');
  },
  get saving() {
    return t('common.saving');
  },
  get photoFailed() {
    return t('handover.receipt.photoFailed');
  },
  get documentsFailed() {
    return t('handover.receipt.documentsFailed');
  },
  // BAST
  get bastTitle() {
    return t('handover.documents.kind.bast');
  },
  bastDescription: (batch: string) => t('handover.receipt.bastDescription', { batch }),
  get bastMaking() {
    return t('handover.receipt.bastMaking');
  },
  get bastFailed() {
    return t('handover.receipt.bastFailed');
  },
  get print() {
    return t('common.print');
  },
  get download() {
    return t('handover.receipt.download');
  },
  get share() {
    return t('common.share');
  },
  get close() {
    return t('common.close');
  },
};
