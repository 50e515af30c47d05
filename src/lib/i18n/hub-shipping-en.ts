// English for the hub's shipping side (issue 30): the same keys as hub-shipping-id.ts.
import type { hubShippingId } from './hub-shipping-id';

export const hubShippingEn: typeof hubShippingId = {};
