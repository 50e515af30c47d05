// Issue 41: what arrived of each received shipment on this device (src/lib/handover/
// receipt-marks.ts), from the `discrepancies` collection: offline like every read, and at once
// after a Selesai Bongkar on this tablet (its prediction writes the discrepancy rows).
import { useMemo } from 'react';
import type { Shipment } from '../../../sync/pure';
import { useRxQuery } from '../hooks/use-rx-query';
import { receivedCounts, type ReceivedCounts } from './receipt-marks';

/** Received counts by shipment id, for the received ones among `shipments`. */
export function useReceivedCounts(shipments: readonly Shipment[]): ReadonlyMap<string, ReceivedCounts> {
  const ids = useMemo(
    () => [...new Set(shipments.filter((s) => s.selesai_bongkar).map((s) => s.id))].sort(),
    [shipments],
  );
  const { rows } = useRxQuery(
    'discrepancies',
    ids.length ? { selector: { shipment_id: { $in: ids } } } : null,
  );
  return useMemo(() => {
    const map = new Map<string, ReceivedCounts>();
    for (const s of shipments) {
      const counts = receivedCounts(s, rows);
      if (counts) map.set(s.id, counts);
    }
    return map;
  }, [shipments, rows]);
}
