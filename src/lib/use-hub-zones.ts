// The time zone of each hub on this device (./time-zone.ts), for screens that
// show a time that crosses hubs without holding the hubs themselves (a hub's
// shipment cards). Unknown until the hubs have arrived: then the time is shown
// on the device's clock, without a zone.
import { useMemo } from 'react';
import { zoneOfHub, type TimeZone } from './time-zone';
import { ALL_ROWS, useRxQuery } from './hooks/use-rx-query';

export function useHubZones(): (hubId: string | null | undefined) => TimeZone | undefined {
  const { rows } = useRxQuery('hubs', ALL_ROWS);
  return useMemo(() => {
    const byId = new Map(rows.map((h) => [h.id, h]));
    return (hubId) => {
      const hub = hubId ? byId.get(hubId) : undefined;
      return hub ? zoneOfHub(hub) : undefined;
    };
  }, [rows]);
}
