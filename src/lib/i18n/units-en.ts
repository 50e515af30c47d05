// English for "Nomor Seri" (issue 42, find a unit); the keys of units-id.ts.
import type { unitsId } from './units-id';

export const unitsEn: typeof unitsId = {
  title: 'Serial number {{serial}}',
  description: 'Where this TV is now, and its path from hub to hub.',
  loading: 'Loading history...',
  failed: 'History could not be loaded: {{error}}',
  offline:
    "A serial number's whole history needs an internet connection. What this tablet holds is shown below.",
  notHeld: 'This tablet does not hold this serial number.',
  onShipment: 'shipment {{batch}}',
  by: 'by {{who}}',
  searchHit: 'Find serial number {{serial}}',
  searchKind: 'TV serial number',
  state: {
    in_stock: 'In stock',
    in_transit: 'In transit',
    missing: 'Did not arrive',
    damaged: 'Received damaged',
    delivered: 'Delivered to the POD',
    removed: 'Removed: registered by mistake',
  },
  event: {
    registered: 'Into stock at {{hub}}',
    loaded: 'Loaded at {{hub}} onto shipment {{batch}} ({{origin}} → {{destination}})',
    returned: 'Back into stock at {{hub}}',
    received: 'Received at {{hub}} from shipment {{batch}}',
    damaged: 'Received damaged at {{hub}} from shipment {{batch}}',
    missing: 'Did not arrive at {{destination}}: short on shipment {{batch}}',
    unexpected: 'Found at {{hub}} on shipment {{batch}}, not recorded as loaded',
    undone: 'Receipt at {{hub}} undone: back on shipment {{batch}}',
    delivered: 'Delivered at {{hub}} (POD) from shipment {{batch}}',
    removed: 'Removed from stock at {{hub}}: serial number registered by mistake',
  },
};
