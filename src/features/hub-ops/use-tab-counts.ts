// What each hub tab holds, for its count (issue 29): the vehicles of the two queue tabs (Sedang
// Muat with those waiting for their shipping form) and the shipments of the three inbound ones.
// A tab whose rows are not read yet has no count, never a 0 that is not a fact.
import { useMemo } from 'react';
import type { HubRouteConfig, TabSlug } from '../../lib/hub-routes';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { inboundShipments, type ShipmentTab } from './hub-queries';
import type { HubFloor } from './use-hub-vehicles';

export type TabCounts = Partial<Record<TabSlug, number>>;

function useInboundCount(
  hubId: string | undefined,
  config: HubRouteConfig,
  tab: ShipmentTab,
): number | undefined {
  const { rows, ready } = useRxQuery(
    'shipments',
    hubId && config.tabs.includes(tab) ? inboundShipments(hubId, tab) : null,
  );
  return ready ? rows.length : undefined;
}

export function useTabCounts(hubId: string | undefined, config: HubRouteConfig, floor: HubFloor): TabCounts {
  const otw = useInboundCount(hubId, config, 'otw');
  const arrival = useInboundCount(hubId, config, 'arrival');
  const unloading = useInboundCount(hubId, config, 'unloading');
  const ready = floor.ready ? floor.queued.length : undefined;
  const loading = floor.ready ? floor.loading.length + floor.awaiting.length : undefined;
  // One object while the numbers stay: the memoized tab bar renders only when a count changes.
  return useMemo(
    () => ({ otw, arrival, unloading, ready, loading }),
    [otw, arrival, unloading, ready, loading],
  );
}
