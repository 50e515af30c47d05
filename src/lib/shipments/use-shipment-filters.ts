// The list filters of In-Transit and Hub Activity, read from and written to the
// address (./shipment-filters.ts): a change replaces the history entry, so Back
// leaves the screen rather than stepping through each choice.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readFilters, writeFilters, type ShipmentFilters } from './shipment-filters';

export function useShipmentFilters(): [ShipmentFilters, (change: Partial<ShipmentFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const change = useCallback(
    (next: Partial<ShipmentFilters>) => setParams((prev) => writeFilters(prev, next), { replace: true }),
    [setParams],
  );
  return [filters, change];
}
