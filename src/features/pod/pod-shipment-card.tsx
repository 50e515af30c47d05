// One container bound for a POD city (spec 2.10): batch number, status, ship
// name, container plate, ETA (OTW, dd MMM yyyy in Indonesian) or arrival date
// (Confirm Tiba), the quantities, and the step this tab takes it through.
import type { ReactNode } from 'react';
import { Ship } from 'lucide-react';
import type { Container, Shipment, Vehicle } from '../../../sync/pure';
import { PendingBadge } from '../../components/pending-badge';
import type { PendingMarks } from '../../lib/pending-marks';
import { useIsPending } from '../../lib/use-outbox';
import { ShipmentListItem } from '../../components/shipment-list-item';
import { StatusBadge } from '../../components/status-badge';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import type { StatusLooks } from '../../lib/shipments/shipment-status';
import type { TimeZone } from '../../lib/time-zone';
import type { PodTab } from './pod-queries';

export function PodShipmentCard({
  shipment: s,
  vehicle,
  container,
  tab,
  looks,
  pending,
  zone,
  action,
  scanned = false,
}: {
  shipment: Shipment;
  vehicle?: Vehicle;
  container?: Container;
  tab: PodTab;
  looks: StatusLooks;
  /** The screen's markers: the card reads its own. */
  pending: PendingMarks;
  /** The POD city's zone: the arrival is shown on its clock (WITA in Makassar). */
  zone?: TimeZone;
  action: ReactNode;
  /** The shipment a scanned surat jalan opened (issue 28). */
  scanned?: boolean;
}) {
  const t = useT();
  const waiting = useIsPending(pending, s.id);
  const ship = container?.vessel_name ?? vehicle?.nama_kapal ?? '-';
  const plate = container?.container_number ?? vehicle?.license_plate ?? '-';
  const when =
    tab === 'otw'
      ? [t('common.eta'), formatDate(s.eta)]
      : [t('common.arrived'), formatDateTime(s.arrival_destination ?? s.arrival_gdt, zone)];
  const facts: readonly (readonly [string, string, string, string | undefined])[] = [
    [t('common.ship'), ship, 'font-medium', undefined],
    [t('common.container'), plate, 'font-medium', undefined],
    [when[0]!, when[1]!, 'font-medium', 'pod-date'],
    [
      t('common.quantity'),
      t('handover.pod.card.quantities', { smartboard: s.smartboard_quantity, bracket: s.bracket_quantity }),
      'font-medium tabular-nums',
      'pod-quantities',
    ],
  ];
  return (
    <ShipmentListItem
      shipment={s}
      scanned={scanned}
      waiting={waiting}
      className="sm:grid-cols-[1fr_auto] sm:items-center"
      testId="pod-shipment"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Ship className="size-5 text-muted-foreground" aria-hidden="true" />
          <span className="font-semibold">{s.batch_number}</span>
          <StatusBadge status={s.status} looks={looks} />
          {waiting && <PendingBadge />}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {facts.map(([label, value, className, testId]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={className} data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex flex-wrap justify-end gap-2">{action}</div>
    </ShipmentListItem>
  );
}
