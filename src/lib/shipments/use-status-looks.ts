// The statuses of this device's view as every screen shows them (see shipment-status.ts).
import { useMemo } from 'react';
import { statusLooks, type StatusLooks } from './shipment-status';
import { useRxQuery } from '../hooks/use-rx-query';

const ALL = { selector: {} };

/** The statuses of this device's view, by key (reactive: a sync brings the admin's changes). */
export function useStatusLooks(): StatusLooks {
  const { rows } = useRxQuery('shipment_statuses', ALL);
  return useMemo(() => statusLooks(rows), [rows]);
}
