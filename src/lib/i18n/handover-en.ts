// English for POD, receive, the handover components (surat jalan, counted receipt, BAST, QR, signatures, discrepancies) (issue 30): the same keys as handover-id.ts.
import type { handoverId } from './handover-id';

export const handoverEn: typeof handoverId = {};
