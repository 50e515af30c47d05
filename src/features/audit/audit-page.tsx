// The audit trail (/audit, admin and tower control; beyond the spec, issue 12):
// every command newest first, filtered by hub, user, action and date. Read from
// the server, which enforces who may read it; offline it says so.
import { useMemo, useState } from 'react';
import { RequiresConnection } from '../../components/needs-connection';
import { DataTable } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ScreenHeader } from '../../components/screen-header';
import { commandLabel } from '../../lib/command-labels';
import { formatDateTime } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { WIB, zoneOfHub } from '../../lib/time-zone';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { auditColumns } from './audit-columns';
import { AuditFiltersBar } from './audit-filters';
import { NO_FILTERS, type AuditEntry } from './audit-query';
import { AuditDetail } from './audit-detail';
import { useAuditTrail } from './use-audit-trail';

function AuditTrail() {
  const t = useT();
  const [filters, setFilters] = useState(NO_FILTERS);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const sortedHubs = useMemo(
    () => [...hubs.rows].sort((a, b) => a.name.localeCompare(b.name, 'id')),
    [hubs.rows],
  );
  // An entry's times on its hub's clock; one with no hub (an admin's) in WIB, the product's time.
  const zoneOf = useMemo(() => {
    const byId = new Map(hubs.rows.map((h) => [h.id, h]));
    return (e: AuditEntry) => (e.hub_id && byId.has(e.hub_id) ? zoneOfHub(byId.get(e.hub_id)) : WIB);
  }, [hubs.rows]);
  const columns = useMemo(() => auditColumns(t, zoneOf), [t, zoneOf]);
  const trail = useAuditTrail(filters);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  return (
    <div className="grid gap-4">
      <AuditFiltersBar filters={filters} hubs={sortedHubs} onChange={setFilters} />
      {trail.error && (
        <p className="text-sm text-destructive" role="alert">
          {t('audit.failed', { error: trail.error })}
        </p>
      )}
      {trail.loading && !trail.rows.length ? (
        <Spinner className="size-6" aria-label={t('screens.audit')} />
      ) : (
        <DataTable
          testId="audit-table"
          columns={columns}
          rows={trail.rows}
          rowId={(e) => e.id}
          emptyText={t('audit.empty')}
          csvName="audit-trail"
          caption={t('screens.audit')}
          onRowClick={setOpen}
          rowLabel={(e) =>
            t('audit.detailLabel', {
              what: commandLabel(e.type),
              when: formatDateTime(e.issued_at, zoneOf(e)),
            })
          }
        />
      )}
      <AuditDetail entry={open} zone={open ? zoneOf(open) : WIB} onClose={() => setOpen(null)} />
      {trail.hasMore && (
        <Button
          variant="outline"
          className="w-fit"
          disabled={trail.loadingMore}
          onClick={() => void trail.loadMore()}
        >
          {t('common.loadMore')}
        </Button>
      )}
    </div>
  );
}

export function AuditPage() {
  const t = useT();
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 p-4 md:p-6" data-testid="audit-page">
      <ScreenHeader title={t('screens.audit')} description={t('audit.description')} />
      <RequiresConnection>
        <AuditTrail />
      </RequiresConnection>
    </div>
  );
}
