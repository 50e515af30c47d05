// English for the hub's shipping side (issue 30): the same keys as hub-shipping-id.ts.
import type { hubShippingId } from './hub-shipping-id';

export const hubShippingEn: typeof hubShippingId = {
  form: {
    send: 'Send',
    departs: '{{vehicle}} departs from {{hub}}.',
    photoCount: '{{n}} photo(s)',
    deliveryRecord: 'Delivery record',
  },
  darat: {
    title: 'Shipping Form',
    destination: 'Destination warehouse',
    destinationPlaceholder: 'Choose the destination warehouse',
    batchNumber: 'Batch number',
    images: 'Photos of the Delivery Record and BAST (max. 2)',
  },
  sea: {
    titlePoljak: 'PolJak Shipment Form',
    titlePolsub: 'PolSub Shipment Form',
    namaKapal: 'Ship name',
    noContainer: 'Container number',
    destinationPlaceholder: 'Choose the destination hub',
    etdEta: 'ETD / ETA',
    images: 'Container photos (1 to 2)',
    container1: 'Container 1',
    container2: 'Container 2',
  },
  summary: {
    title: 'Check before sending',
    from: 'From',
    photos: 'Photos',
    missing: 'Missing: {{items}}',
    confirmSend: 'Yes, send',
    back: 'Change',
  },
  // Issue 42: at a hub that tracks serials, the TVs are scanned into the truck.
  serials: {
    scan: 'Scan TVs',
    hint: 'The TV quantity is the number of serials scanned into this truck.',
    none: 'No TVs scanned into this truck yet.',
    list: 'TV serial numbers in this truck',
  },
  stock: {
    loading: 'Available stock: loading…',
    availableIn: 'Available stock at',
    smartboard: 'Smartboard',
    noWarehouse: 'This hub has no warehouse yet: the stock is not checked.',
  },
  camera: {
    title: 'Take a Photo',
    description: 'Point the rear camera at the document or the container.',
    failed: 'The camera could not be opened: {{error}}',
  },
  picker: {
    count: '{{n}}/{{max}} images',
    remove: 'Remove {{name}}',
    notUploaded: 'Not uploaded yet',
  },
  uploads: {
    label: 'Shipment photos',
    notStored: 'Photo {{n}} could not be stored on the device: {{error}}',
  },
  tab: {
    emptyOtw: 'No shipments on their way to this hub.',
    emptyArrival: 'No shipments waiting to be unloaded.',
    emptyUnloading: 'No shipments being unloaded.',
  },
  card: {
    departed: 'Departed',
    unloadingStarted: 'Unloading started',
    finished: 'Finished',
    scanned: 'Scanned',
    shipAndContainer: '{{ship}} · Container {{container}}',
    from: 'from {{hub}}',
    to: 'to {{hub}}',
  },
  departures: {
    title: 'Left this hub, on the way',
    more: 'and {{n}} more shipments on the way.',
  },
  unloading: {
    description:
      '{{batch}}: count the goods that arrived at {{hub}}. What arrived in good order goes into the warehouse.',
  },
  discrepancies: {
    summary: '{{title}}: {{open}} open, {{closed}} resolved',
  },
  // One arriving truck's own view (issue 41)
  view: {
    title: 'Shipment {{batch}}',
    overview: 'All shipments at {{hub}}',
    overviewPod: 'All POD shipments',
    steps: 'Arrival steps',
    stepDone: 'done',
    next: 'Next step',
    doneTitle: 'Unloaded',
    done: 'This shipment has been unloaded. The BAST is under Documents below.',
    cannot: 'Cannot be opened here',
    notFound: 'This shipment is not on this tablet, or has not synced yet.',
    otherHub: 'Shipment {{batch}} is not bound for this hub.',
    openLabel: 'Open {{batch}}',
  },
};
