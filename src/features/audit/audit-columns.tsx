// The audit trail's columns: when the device says it happened, when the server
// received it, who, where, what, and the outcome (with the refusal's message).
// Times on the clock of the entry's hub, with its zone (WIB, WITA; issue 30).
import type { DataColumn } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { commandLabel } from '../../lib/command-labels';
import { formatDateTime } from '../../lib/format-date';
import type { TimeZone } from '../../lib/time-zone';
import type { AuditEntry } from './audit-query';
import * as M from './messages';

export const auditColumns = (zoneOf: (entry: AuditEntry) => TimeZone): DataColumn<AuditEntry>[] => [
  {
    id: 'issued_at',
    header: M.COLUMN_DEVICE_TIME,
    value: (e) => e.issued_at,
    cell: (e) => formatDateTime(e.issued_at, zoneOf(e)),
  },
  {
    id: 'received_at',
    header: M.COLUMN_SERVER_TIME,
    value: (e) => e.received_at,
    cell: (e) => formatDateTime(e.received_at, zoneOf(e)),
  },
  {
    id: 'actor',
    header: M.COLUMN_USER,
    value: (e) => e.actor_email ?? '',
    cell: (e) => (
      <span className="grid">
        <span>{e.actor_name ?? e.actor_email ?? '-'}</span>
        {e.actor_name && <span className="text-xs text-muted-foreground">{e.actor_email}</span>}
      </span>
    ),
  },
  { id: 'hub', header: M.COLUMN_HUB, value: (e) => e.hub_name ?? '-' },
  { id: 'type', header: M.COLUMN_ACTION, value: (e) => commandLabel(e.type) },
  {
    id: 'outcome',
    header: M.COLUMN_OUTCOME,
    value: (e) => (e.outcome === 'applied' ? M.APPLIED : `${M.REJECTED}: ${e.message ?? ''}`),
    cell: (e) =>
      e.outcome === 'applied' ? (
        <Badge variant="success">{M.APPLIED}</Badge>
      ) : (
        <span className="grid gap-1">
          <Badge variant="danger">{M.REJECTED}</Badge>
          {e.message && <span className="text-xs text-destructive">{e.message}</span>}
        </span>
      ),
  },
];
