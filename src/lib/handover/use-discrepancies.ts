// Issue 28: the discrepancies on this device (the `discrepancies` collection, which the server
// scopes to admin, tower control and the shipment's hubs), with what the screens show beside
// them: the shipments' batch numbers and the names of the users this device knows (its own
// user; an admin's device holds every profile). The receipts are not replicated (docs in
// supabase/schemas/tables/shipment_receipts.sql), so a reporter this device cannot name is the
// receiving hub's staff. Offline like every read: a resolve shows at once from its prediction.
import { useMemo } from 'react';
import type { Discrepancy } from '../../../sync/pure';
import { useSignedIn } from '../session/session';
import { useTablesArrived } from '../sync-engine';
import { ALL_ROWS, useRxByIds, useRxQuery, useStoredRows } from '../hooks/use-rx-query';

// The list names each discrepancy's shipment by its batch number: until both tables have
// arrived, "none open" or a row without its batch would be a false fact on a first sync.
const TABLES = ['discrepancies', 'shipments'] as const;

export interface DiscrepancyContext {
  /** Batch number by shipment id. */
  batches: ReadonlyMap<string, string>;
  /** Display name by user id: the signed-in user and every profile on this device. */
  names: ReadonlyMap<string, string>;
}

export interface Discrepancies extends DiscrepancyContext {
  rows: Discrepancy[];
  /** The collection has arrived and answered (an empty list then means none). */
  ready: boolean;
}

/** Every discrepancy on this device, with their context. */
export function useDiscrepancies(): Discrepancies {
  const { rows, ready } = useRxQuery('discrepancies', ALL_ROWS);
  const arrived = useTablesArrived(TABLES);
  const context = useDiscrepancyContext(rows);
  return { rows, ready: ready && arrived, ...context };
}

/** The batch numbers, receipts and names the rows refer to. */
export function useDiscrepancyContext(rows: readonly Discrepancy[]): DiscrepancyContext {
  const { profile } = useSignedIn();
  const shipments = useRxByIds(
    'shipments',
    rows.map((d) => d.shipment_id),
  );
  const profiles = useStoredRows('profiles');
  const batches = useMemo(
    () => new Map([...shipments.values()].map((s) => [s.id, s.batch_number])),
    [shipments],
  );
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of profiles.rows) {
      if (p.user_id && !p.deleted) map.set(p.user_id, p.full_name || p.email || p.user_id);
    }
    map.set(profile.userId, profile.fullName || profile.email);
    return map;
  }, [profiles.rows, profile.userId, profile.fullName, profile.email]);
  return { batches, names };
}
