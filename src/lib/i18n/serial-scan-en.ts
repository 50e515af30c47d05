// English for TVs by serial number (issue 42): every key of serial-scan-id.ts.
import type { serialScanId } from './serial-scan-id';

export const serialScanEn: typeof serialScanId = {
  scanner: {
    title: 'Scan Serial Numbers',
    description: "Point the camera at the barcode on the TV's box",
    looking: 'Looking for a barcode...',
    readerFailed: 'The camera scanner could not be loaded; type the serial number or use a scanner.',
    noCamera: 'No camera available; type the serial number or use a scanner.',
    noCameraReason: 'No camera available ({{reason}}); type the serial number or use a scanner.',
    scanned: 'Scanned',
    wedgeLabel: 'Type or scan with a scanner',
    wedgePlaceholder: 'Serial number, then Enter',
    add: 'Add',
    typeByHand: 'Type by hand',
    accepted: 'Accepted: {{serial}}',
    recent: 'Last scanned',
    none: 'No serial number scanned yet.',
    remove: 'Remove {{serial}}',
    done: 'Finish Scanning',
  },
};
