// English for "Periksa Dokumen" (issue 40); verify-id.ts has the same keys.
import type { verifyId } from './verify-id';

export const verifyEn: typeof verifyId = {
  description:
    'Scan the QR code on a delivery note or BAST, or choose its PDF file, to make sure it is the document sealed on the server.',
  scanDescription: 'Point the rear camera at the QR code on the delivery note or BAST.',
  pickFile: 'Choose PDF File',
  fileLabel: 'The document PDF file',
  checking: 'Checking the document...',
  failed: 'The document could not be checked. Try again.',
  engineNotReady: 'The local database is not ready yet. Try again in a moment.',
  checkedQr: 'Checked from the QR code',
  checkedFile: 'Checked from the file {{name}}',
  verdict: {
    sesuai: 'Matches (sesuai): this is the sealed document.',
    tidakSesuai: 'Does not match: this document differs from the sealed one.',
    diganti: 'Replaced: a later document exists for this shipment.',
    belumTersegel: 'Not sealed yet: the server has not received this document.',
    perluOnline: 'Cannot be confirmed on this tablet. Connect to the internet, then check again.',
    kodeLama:
      'This QR code is from an older print without a document seal: it only names the shipment and cannot be checked.',
    tidakDikenal: 'Unknown: the server shows you no such document.',
  },
  reason: {
    oldCode: 'This QR code carries no document number or fingerprint.',
    notOnDevice: 'This document is not on this tablet.',
    notRegistered:
      'There is no sealed document with this number that you may see: a forged document, or another hub’s shipment.',
    otherShipment: 'This QR code names another shipment than its sealed document.',
    fileDiffers:
      'This file is not the sealed file (the SHA-256 fingerprints differ): its content may have been changed. A copy downloaded before the sync differs too; compare with the file in the shipment Documents.',
    copyDiffers: 'The copy that was read differs from the sealed file.',
    noCopy: 'The sealed file is not on this tablet.',
    noEvidence: 'This file carries no Dermaga document content to check.',
    contentDiffers: 'The content fingerprint in the QR code differs from the sealed document.',
    receiptChainBroken: 'The count fingerprint in the BAST differs from its count.',
    signatureDiffers: 'A sealed signature differs from the one signed.',
    signaturePending: 'A signature has not reached the server yet.',
    receiptDiffers: 'The count on the server differs from the count in this document.',
    pendingUpload: 'This document is still on the tablet, waiting to upload.',
    replaced: 'A later document exists for this shipment.',
  },
  kind: 'Document type',
  documentId: 'Document number',
  receivedAt: 'Received by the server',
  notReceived: 'Not received by the server yet',
  signedBy: 'Signed by',
  signer: { receiver: 'Receiver', driver: 'Driver' },
  signerLine: '{{role}}: {{name}}, {{time}}',
  replacedBy: 'Replaced by document {{id}}, received by the server {{time}}',
  sourceServer: 'Checked against the server record.',
  sourceDevice: "Checked against this tablet's copy (no signal).",
};
