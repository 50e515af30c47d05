// One audit entry in full: who, when (device and server), the outcome and its
// message, what was sent, and for a shipment its whole history.
import { ShipmentHistory } from '../../components/shipment-history';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../components/ui/sheet';
import { Row } from '../../components/sync-panel';
import { commandLabel } from '../../lib/command-labels';
import { formatDateTime } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import type { TimeZone } from '../../lib/time-zone';
import { auditMessage, type AuditEntry } from './audit-query';

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
  const t = useT();
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
              <Row
                label={t('users.roles.hub_user')}
                value={entry.actor_email ?? '-'}
                testId="audit-detail-user"
              />
              <Row label={t('common.hub')} value={entry.hub_name ?? '-'} testId="audit-detail-hub" />
              <Row
                label={t('audit.columns.deviceTime')}
                value={formatDateTime(entry.issued_at, zone)}
                testId="audit-detail-issued"
              />
              <Row
                label={t('audit.columns.serverTime')}
                value={formatDateTime(entry.received_at, zone)}
                testId="audit-detail-received"
              />
              <Row
                label={t('audit.columns.outcome')}
                value={
                  entry.outcome === 'applied'
                    ? t('audit.applied')
                    : t('audit.rejectedWith', { message: auditMessage(entry) || (entry.code ?? '') })
                }
                testId="audit-detail-outcome"
              />
            </dl>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">{t('audit.payload')}</summary>
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
