// The audit trail's columns: when the device says it happened, when the server
// received it, who, where, what, and the outcome (with the refusal's message).
// Times on the clock of the entry's hub, with its zone (WIB, WITA; issue 30).
import type { TFunction } from 'i18next';
import type { DataColumn } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { commandLabel } from '../../lib/command-labels';
import { formatDateTime } from '../../lib/format-date';
import type { TimeZone } from '../../lib/time-zone';
import { auditMessage, type AuditEntry } from './audit-query';

export const auditColumns = (
  t: TFunction,
  zoneOf: (entry: AuditEntry) => TimeZone,
): DataColumn<AuditEntry>[] => [
  {
    id: 'issued_at',
    header: t('audit.columns.deviceTime'),
    value: (e) => e.issued_at,
    cell: (e) => formatDateTime(e.issued_at, zoneOf(e)),
    oneLine: true,
  },
  {
    id: 'received_at',
    header: t('audit.columns.serverTime'),
    value: (e) => e.received_at,
    cell: (e) => formatDateTime(e.received_at, zoneOf(e)),
    oneLine: true,
  },
  {
    id: 'actor',
    header: t('users.roles.hub_user'),
    value: (e) => e.actor_email ?? '',
    cell: (e) => (
      <span className="grid">
        <span>{e.actor_name ?? e.actor_email ?? '-'}</span>
        {e.actor_name && <span className="text-xs text-muted-foreground">{e.actor_email}</span>}
      </span>
    ),
  },
  { id: 'hub', header: t('common.hub'), value: (e) => e.hub_name ?? '-' },
  { id: 'type', header: t('common.action'), value: (e) => commandLabel(e.type) },
  {
    id: 'outcome',
    header: t('audit.columns.outcome'),
    value: (e) =>
      e.outcome === 'applied' ? t('audit.applied') : t('audit.rejectedWith', { message: auditMessage(e) }),
    cell: (e) =>
      e.outcome === 'applied' ? (
        <Badge variant="success">{t('audit.applied')}</Badge>
      ) : (
        <span className="grid gap-1">
          <Badge variant="danger">{t('common.rejected')}</Badge>
          {e.message && <span className="text-xs text-destructive">{auditMessage(e)}</span>}
        </span>
      ),
  },
];
