// The statuses of this device's view as every screen shows them (see shipment-status.ts).
import { useMemo } from 'react';
import { statusLooks, type StatusLooks } from './shipment-status';
import { ALL_ROWS, useRxQuery } from '../hooks/use-rx-query';

/** The statuses of this device's view, by key (reactive: a sync brings the admin's changes). */
export function useStatusLooks(): StatusLooks {
  const { rows } = useRxQuery('shipment_statuses', ALL_ROWS);
  return useMemo(() => statusLooks(rows), [rows]);
}
