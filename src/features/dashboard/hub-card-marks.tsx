// Issue 41 on the dashboard's hub cards: the open shortages, surpluses and damages of the
// shipments received at the hub, summed by item and reason ("Kurang 1 TV"), until tower control
// resolves them (Selisih terbuka below lists each). From the local discrepancies: offline.
import { useMemo } from 'react';
import { ReceiptMarks } from '../../components/receipt-marks';
import { openMarksOfHub } from '../../lib/handover/receipt-marks';
import { useRxQuery } from '../../lib/hooks/use-rx-query';

export function HubCardMarks({ hubId }: { hubId: string }) {
  const { rows } = useRxQuery('discrepancies', { selector: { destination_hub_id: hubId, status: 'open' } });
  const marks = useMemo(() => openMarksOfHub(rows, hubId), [rows, hubId]);
  return <ReceiptMarks marks={marks} testId="hub-marks" />;
}
