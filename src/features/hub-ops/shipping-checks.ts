// Issue 29: what the shipping forms check on the device before anything is
// queued, beyond the command's schema: no more than the origin warehouse holds
// (its balance in the view, which already carries this device's pending work)
// and a batch number no shipment the device knows of has. The command's
// prediction makes the same checks (sync/commands/shipping.ts), the server
// makes them under its locks (supabase/schemas/functions/cmd_shipping.sql).
import { messageInLanguage } from '../../lib/i18n/server-message';
import {
  batchTaken,
  stockShortfalls,
  type Shipment,
  type Stock,
  type Warehouse,
} from '../../../sync/pure';
import type { Checked } from '../../lib/writes/check-command';
import { failed } from '../../lib/writes/field-errors';

export { parseCount } from '../../lib/quantity';

/** The origin warehouse of a form and what it holds; `stock` undefined: not known on this device yet. */
export interface OriginStockInfo {
  warehouse: Warehouse | undefined;
  stock: Stock | undefined;
}

/** The checked payload, or the refusals the device can already make, each under its field. */
export function withStockAndBatch<
  P extends {
    smartboard_quantity: number;
    bracket_quantity: number;
    batch_number: string;
    shipment_id: string;
  },
>(checked: Checked<P>, origin: OriginStockInfo, known: readonly Shipment[]): Checked<P> {
  if (!checked.ok) return checked;
  const p = checked.payload;
  const issues: { path: string[]; message: string }[] = [];
  const batch = p.batch_number.trim();
  if (batchTaken(known, batch, p.shipment_id))
    issues.push({ path: ['batch_number'], message: messageInLanguage({ key: 'batchTaken', params: { batch } }) });
  if (origin.warehouse && origin.stock) {
    const asked = { smartboards: p.smartboard_quantity, brackets: p.bracket_quantity };
    for (const s of stockShortfalls(origin.warehouse, origin.stock, asked))
      issues.push({ path: [s.field], message: messageInLanguage(s.message) });
  }
  return issues.length ? failed(issues) : checked;
}
