// One audit entry in full: who, when (device and server), the outcome and its
// message, what was sent, and for a shipment its whole history.
import { ShipmentHistory } from '../../components/shipment-history';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../components/ui/sheet';
import { Row } from '../../components/sync-panel';
import { commandLabel } from '../../lib/command-labels';
import { formatDateTime } from '../../lib/format-date';
import type { TimeZone } from '../../lib/time-zone';
import type { AuditEntry } from './audit-query';
import * as M from './messages';

/** The shipment an entry is about, if any: named in its payload. */
export function shipmentOf(entry: AuditEntry): string | null {
  const id = entry.payload?.shipment_id;
  return typeof id === 'string' ? id : null;
}

export function AuditDetail({
  entry,
  zone,
  onClose,
}: {
  entry: AuditEntry | null;
  /** The entry's hub's zone: its times are shown on that clock. */
  zone: TimeZone;
  onClose: () => void;
}) {
  const shipmentId = entry ? shipmentOf(entry) : null;
  return (
    <Sheet open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto p-4 sm:max-w-lg" data-testid="audit-detail">
        {entry && (
          <>
            <SheetHeader>
              <SheetTitle>{commandLabel(entry.type)}</SheetTitle>
              <SheetDescription>{entry.actor_name ?? entry.actor_email ?? '-'}</SheetDescription>
            </SheetHeader>
            <dl className="divide-y text-sm">
              <Row label={M.COLUMN_USER} value={entry.actor_email ?? '-'} testId="audit-detail-user" />
              <Row label={M.COLUMN_HUB} value={entry.hub_name ?? '-'} testId="audit-detail-hub" />
              <Row
                label={M.COLUMN_DEVICE_TIME}
                value={formatDateTime(entry.issued_at, zone)}
                testId="audit-detail-issued"
              />
              <Row
                label={M.COLUMN_SERVER_TIME}
                value={formatDateTime(entry.received_at, zone)}
                testId="audit-detail-received"
              />
              <Row
                label={M.COLUMN_OUTCOME}
                value={
                  entry.outcome === 'applied'
                    ? M.APPLIED
                    : `${M.REJECTED}: ${entry.message ?? entry.code ?? ''}`
                }
                testId="audit-detail-outcome"
              />
            </dl>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">{M.PAYLOAD}</summary>
              <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-2 text-xs">
                {JSON.stringify(entry.payload, null, 2)}
              </pre>
            </details>
            {shipmentId && <ShipmentHistory shipmentId={shipmentId} />}
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
