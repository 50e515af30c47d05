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
  stock: {
    title: 'TV Serial Number Stock',
    count: '{{count}} TVs in stock',
    search: 'Search serial numbers',
    searchPlaceholder: 'Type part of a serial number',
    empty: "No TVs with serial numbers in this hub's stock yet.",
    noMatch: 'No serial number matches "{{query}}".',
    more: 'and {{count}} more; narrow the search.',
    serialColumn: 'Serial Number',
    scan: 'Scan',
    importCsv: 'Import CSV',
    pending: 'To be added: {{count}}',
    discard: 'Discard list',
    saved: '{{count}} serial numbers added to stock',
    remove: 'Remove serial number {{serial}}',
    removeTitle: 'Remove a wrong serial number?',
    removeDescription:
      '{{serial}} leaves the stock of {{hub}} and can be registered again. Only for a serial number mistyped or registered at the wrong hub: a TV that has been shipped cannot be removed.',
    removeConfirm: 'Remove',
    removed: 'Serial number {{serial}} removed from stock',
    removeMatching: 'Remove the {{count}} matching',
    removeManyTitle: 'Remove {{count}} wrong serial numbers?',
    removeManyDescription:
      'The {{count}} serial numbers matching "{{query}}" leave the stock of {{hub}} and can be registered again. Only for serial numbers mistyped or registered at the wrong hub: a TV that has been shipped cannot be removed.',
    removedMany: '{{count}} serial numbers removed from stock',
  },
  importDialog: {
    title: 'Import Packing List',
    description:
      "Choose the factory's CSV file: one serial number per line, or a serial / nomor_seri / sn column.",
    file: 'CSV file',
    willAdd: '{{count}} serial numbers will be added',
    refused: '{{count}} refused:',
    confirm: 'Add to the list',
    unreadable: 'The file could not be read.',
  },
};
