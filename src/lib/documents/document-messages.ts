// The shipment documents' screen text (issue 28): the surat jalan step after a shipping form,
// and the shipment detail's Dokumen section; from the catalogue (issue 30:
// src/lib/i18n/handover-id.ts, `handover.documents`), each value read when it is shown, so it
// is in the device's language at that moment. The documents themselves (the PDFs, the print
// view) stay in Bahasa Indonesia.
import type { DocumentKind } from '../../../sync/pure';
import { t } from '../i18n';

export const DOCUMENTS = {
  get suratJalanReady() {
    return t('handover.documents.suratJalanReady');
  },
  suratJalanReadyDescription: (batch: string) =>
    t('handover.documents.suratJalanReadyDescription', { batch }),
  get making() {
    return t('handover.documents.making');
  },
  get failed() {
    return t('handover.documents.failed');
  },
  get waitingUpload() {
    return t('handover.documents.waitingUpload');
  },
  get print() {
    return t('common.print');
  },
  get download() {
    return t('handover.documents.download');
  },
  get share() {
    return t('common.share');
  },
  get close() {
    return t('common.close');
  },
  get printViewTitle() {
    return t('handover.documents.printViewTitle');
  },
  get printAgain() {
    return t('handover.documents.printAgain');
  },
  get backFromPrint() {
    return t('common.back');
  },
  get sectionTitle() {
    return t('handover.documents.sectionTitle');
  },
  get none() {
    return t('handover.documents.none');
  },
  get pending() {
    return t('common.waitingToUpload');
  },
  get uploaded() {
    return t('handover.documents.uploaded');
  },
  get open() {
    return t('common.open');
  },
  get openFailed() {
    return t('handover.documents.openFailed');
  },
  get needsConnection() {
    return t('handover.documents.needsConnection');
  },
};

/** A document kind's name, in the device's language when read. */
export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  get surat_jalan() {
    return t('handover.documents.kind.surat_jalan');
  },
  get bast() {
    return t('handover.documents.kind.bast');
  },
  get signature_receiver() {
    return t('handover.documents.kind.signature_receiver');
  },
  get signature_driver() {
    return t('handover.documents.kind.signature_driver');
  },
  get discrepancy_photo() {
    return t('handover.documents.kind.discrepancy_photo');
  },
};
