// The Status Shipment table's columns (spec 2.11): key, display label, a
// coloured preview. The actions menu comes from the page (admin only).
import type { ShipmentStatus } from '../../../sync/pure';
import type { DataColumn } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { statusLook, statusLooks } from '../../lib/shipment-status';
import { COLUMN_KEY, COLUMN_LABEL, COLUMN_PREVIEW } from './messages';

export const statusColumns: DataColumn<ShipmentStatus>[] = [
  {
    id: 'key',
    header: COLUMN_KEY,
    value: (s) => s.key,
    cell: (s) => <code className="font-mono text-sm">{s.key}</code>,
  },
  { id: 'label', header: COLUMN_LABEL, value: (s) => s.label },
  {
    id: 'preview',
    header: COLUMN_PREVIEW,
    value: (s) => s.color,
    sortable: false,
    cell: (s) => {
      const look = statusLook(statusLooks([s]), s.key);
      return (
        <Badge variant={look.color} data-testid="status-preview" data-status-color={look.color}>
          {look.label}
        </Badge>
      );
    },
  },
];
