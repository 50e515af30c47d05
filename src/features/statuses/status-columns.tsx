// The Status Shipment table's columns (spec 2.11): key, display label, a
// coloured preview. The actions menu comes from the page (admin only).
import type { TFunction } from 'i18next';
import type { ShipmentStatus } from '../../../sync/pure';
import type { DataColumn } from '../../components/data-table';
import { Badge } from '../../components/ui/badge';
import { statusLook, statusLooks } from '../../lib/shipments/shipment-status';

export const statusColumns = (t: TFunction): DataColumn<ShipmentStatus>[] => [
  {
    id: 'key',
    header: t('common.statusKey'),
    value: (s) => s.key,
    cell: (s) => <code className="font-mono text-sm">{s.key}</code>,
  },
  { id: 'label', header: t('common.displayLabel'), value: (s) => s.label },
  {
    id: 'preview',
    header: t('statusesScreen.columns.preview'),
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
