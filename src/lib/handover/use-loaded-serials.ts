// Issue 42: the serials loaded on a shipment as this device holds them: its tv_units in transit on
// the shipment (the shipping form's command put them there; the engine's collection, which waits
// for the late tv_units). A shipment with any is received by serial (receipt-serials.ts).
import { useMemo } from 'react';
import { useRxQuery } from '../hooks/use-rx-query';
import { useTablesArrived } from '../sync-engine';

const UNITS = ['tv_units'] as const;

export interface LoadedSerials {
  /** The loaded serials, sorted (empty: the shipment is received by counts). */
  loaded: readonly string[];
  /** The device has answered (the units have arrived and the query answered, or it failed). */
  settled: boolean;
}

export function useLoadedSerials(shipmentId: string): LoadedSerials {
  const units = useRxQuery('tv_units', { selector: { state: 'in_transit', shipment_id: shipmentId } });
  const arrived = useTablesArrived(UNITS);
  const loaded = useMemo(
    () =>
      units.rows
        .filter((u) => !u.deleted && u.shipment_id === shipmentId && u.state === 'in_transit')
        .map((u) => u.serial)
        .sort(),
    [units.rows, shipmentId],
  );
  return { loaded, settled: (units.ready && arrived) || !!units.error };
}
