import { Badge } from './ui/badge';
import { statusLook, type StatusLooks } from '../lib/shipments/shipment-status';

/** A shipment status as every screen shows it: the admin's label and colour, or the key in words. */
export function StatusBadge({ status, looks }: { status: string; looks: StatusLooks }) {
  const look = statusLook(looks, status);
  return (
    <Badge variant={look.color} data-testid="shipment-status" data-status-color={look.color}>
      {look.label}
    </Badge>
  );
}
