// The audit trail for the current filters: the first page from the server,
// then older pages on demand (keyset on seq, so new arrivals never shift them).
import { useCallback, useMemo, useState } from 'react';
import { useServerQuery } from '../../lib/hooks/use-server-query';
import { PAGE_SIZE, readAuditPage, type AuditEntry, type AuditFilters } from './audit-query';

export function useAuditTrail(filters: AuditFilters) {
  const key = JSON.stringify(filters);
  const first = useServerQuery(key, () => readAuditPage(filters));
  const [older, setOlder] = useState<{ key: string; rows: AuditEntry[]; done: boolean }>({
    key,
    rows: [],
    done: false,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const extra = useMemo(() => (older.key === key ? older : { key, rows: [], done: false }), [older, key]);
  const rows = useMemo(() => [...(first.data ?? []), ...extra.rows], [first.data, extra.rows]);
  const hasMore = (first.data?.length ?? 0) === PAGE_SIZE && !extra.done;

  const loadMore = useCallback(async () => {
    const last = rows[rows.length - 1];
    if (!last) return;
    setLoadingMore(true);
    try {
      const page = await readAuditPage(filters, last.seq);
      setOlder({ key, rows: [...extra.rows, ...page], done: page.length < PAGE_SIZE });
      setMoreError(null);
    } catch (error) {
      setMoreError((error as Error).message);
    } finally {
      setLoadingMore(false);
    }
  }, [rows, filters, key, extra.rows]);

  const reload = useCallback(() => {
    setOlder({ key, rows: [], done: false });
    first.reload();
  }, [first, key]);

  return {
    rows,
    loading: first.loading,
    error: first.error ?? moreError,
    hasMore,
    loadingMore,
    loadMore,
    reload,
  };
}
