// The header search's second half (issue 26): after the results from the rows
// this device holds, online, the shipments only the server still has (closed
// before the retention window), read by search_shipments
// (src/lib/older-history.ts) a moment after the typing stops; offline a line
// that older records need a connection. A result is the answer itself (batch,
// route, carrier, vendor, date and status): no screen on the device holds it.
import { useEffect, useMemo, useState } from 'react';
import { History, Ship, WifiOff } from 'lucide-react';
import type { Hub } from '../../sync/pure';
import { formatDate } from '../lib/format-date';
import { useT } from '../lib/i18n';
import { readOlderShipments, type OlderShipment } from '../lib/older-history';
import type { StatusLooks } from '../lib/shipments/shipment-status';
import { useOnline } from '../lib/hooks/use-online';
import { useServerQuery } from '../lib/hooks/use-server-query';
import { StatusBadge } from './status-badge';

export const OLDER_SEARCH_LIMIT = 10;
const SETTLE_MS = 300;

function detailOf(s: OlderShipment, hubsById: ReadonlyMap<string, Hub>): string {
  const route = `${hubsById.get(s.origin_hub_id)?.name ?? '-'} → ${hubsById.get(s.destination_hub_id)?.name ?? '-'}`;
  const carrier = s.container_number ?? s.license_plate;
  const who = s.ship_name ?? s.vessel_name ?? s.driver_name;
  return [route, carrier, who, s.vendor_name, formatDate(s.created_at)].filter(Boolean).join(' · ');
}

export function SearchOlderResults({
  query,
  heldIds,
  hubsById,
  looks,
}: {
  query: string;
  /** The shipments this device holds (shown above already). */
  heldIds: ReadonlySet<string>;
  hubsById: ReadonlyMap<string, Hub>;
  looks: StatusLooks;
}) {
  const t = useT();
  const online = useOnline();
  const wanted = query.trim();
  const [asked, setAsked] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const server = useServerQuery(online && asked.length >= 2 ? `older-search:${asked}` : null, () =>
    readOlderShipments({ query: asked }, undefined, OLDER_SEARCH_LIMIT),
  );
  const hits = useMemo(() => (server.data ?? []).filter((s) => !heldIds.has(s.id)), [server.data, heldIds]);

  if (!online) {
    return (
      <p
        className="flex items-center gap-2 border-t px-2 pt-2 pb-1 text-xs text-muted-foreground"
        data-testid="search-older-offline"
      >
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        {t('tower.older.needsConnection')}
      </p>
    );
  }
  const settling = asked !== wanted || server.loading;
  return (
    <section
      className="grid gap-1 border-t pt-2"
      aria-label={t('tower.older.section')}
      data-testid="search-older"
    >
      <h3 className="flex items-center gap-2 px-2 text-xs font-semibold text-muted-foreground">
        <History className="size-4" aria-hidden="true" />
        {t('tower.older.serverTitle')}
      </h3>
      {server.error ? (
        <p className="px-2 text-xs text-destructive" role="alert">
          {t('tower.older.searchFailed', { error: server.error })}
        </p>
      ) : settling && hits.length === 0 ? (
        <p className="px-2 text-xs text-muted-foreground" data-testid="search-older-loading">
          {t('tower.older.searching')}
        </p>
      ) : hits.length === 0 ? (
        <p className="px-2 text-xs text-muted-foreground" data-testid="search-older-none">
          {t('tower.older.none')}
        </p>
      ) : (
        <ul className="grid" aria-label={t('tower.older.serverList')} data-testid="search-older-results">
          {hits.map((s) => (
            <li
              key={s.id}
              className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm"
              data-testid="search-older-hit"
            >
              <Ship className="size-4 shrink-0" aria-hidden="true" />
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium" data-testid="search-hit-title">
                  {s.batch_number}
                </span>
                <span className="truncate text-xs text-muted-foreground">{detailOf(s, hubsById)}</span>
              </span>
              <span className="shrink-0">
                <StatusBadge status={s.status} looks={looks} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
