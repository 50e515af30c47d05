// English for the dashboard, In-Transit, Hub Activity and the shipment components they share (detail, history, filters, search, Perlu perhatian) (issue 30): the same keys as tower-id.ts.
import type { towerId } from './tower-id';

export const towerEn: typeof towerId = {};
