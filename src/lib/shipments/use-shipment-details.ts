// What a list of shipment cards shows beside the shipments: their vehicles,
// their containers (sea shipments) and, where asked, their photo uploads.
import type { MangoQuery } from 'rxdb';
import { useMemo } from 'react';
import type { Container, Shipment } from '../../../sync/pure';
import { useRxByIds, useRxQuery } from '../hooks/use-rx-query';

export function useShipmentDetails(shipments: readonly Shipment[]) {
  const vehicles = useRxByIds(
    'vehicles',
    shipments.map((s) => s.vehicle_id),
  );
  const ids = [...new Set(shipments.map((s) => s.id))].sort();
  const { rows: containerRows } = useRxQuery(
    'containers',
    ids.length ? ({ selector: { shipment_id: { $in: ids } } } as MangoQuery<Container>) : null,
  );
  const containers = useMemo(() => new Map(containerRows.map((c) => [c.shipment_id, c])), [containerRows]);
  return { vehicles, containers };
}
