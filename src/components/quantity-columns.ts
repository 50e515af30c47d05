// The TV and bracket quantity columns of the shipment and movement tables (In-Transit, Hub
// Activity): sorted by the number, shown formatted.
import { formatNumber } from '../lib/format-date';
import type { DataColumn } from './data-table';

interface Quantities {
  smartboard_quantity: number;
  bracket_quantity: number;
}

export function quantityColumns<R extends Quantities>(
  tvHeader: string,
  bracketHeader: string,
): DataColumn<R>[] {
  const column = (id: string, header: string, of: (r: R) => number): DataColumn<R> => ({
    id,
    header,
    value: of,
    cell: (r) => formatNumber(of(r)),
    className: 'tabular-nums',
  });
  return [
    column('tv', tvHeader, (r) => r.smartboard_quantity),
    column('bracket', bracketHeader, (r) => r.bracket_quantity),
  ];
}
