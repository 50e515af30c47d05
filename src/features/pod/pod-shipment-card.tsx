// One container bound for a POD city (spec 2.10): batch number, status, ship
// name, container plate, ETA (OTW, dd MMM yyyy in Indonesian) or arrival date
// (Confirm Tiba), the quantities, and the step this tab takes it through.
import type { ReactNode } from 'react';
import { Ship } from 'lucide-react';
import type { Container, Shipment, Vehicle } from '../../../sync/pure';
import { PendingBadge } from '../../components/pending-badge';
import type { PendingMarks } from '../../lib/pending-marks';
import { useIsPending } from '../../lib/use-outbox';
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
      ? [t('handover.pod.card.eta'), formatDate(s.eta)]
      : [t('handover.pod.card.arrived'), formatDateTime(s.arrival_destination ?? s.arrival_gdt, zone)];
  return (
    <li
      className={`grid gap-2 rounded-lg border bg-card p-3 shadow-xs sm:grid-cols-[1fr_auto] sm:items-center${scanned ? ' ring-4 ring-primary' : ''}`}
      data-scanned={scanned || undefined}
      data-testid="pod-shipment"
      data-shipment-id={s.id}
      data-batch={s.batch_number}
      data-status={s.status}
      data-pending={waiting}
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Ship className="size-5 text-muted-foreground" aria-hidden="true" />
          <span className="font-semibold">{s.batch_number}</span>
          <StatusBadge status={s.status} looks={looks} />
          {waiting && <PendingBadge />}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t('handover.pod.card.ship')}</dt>
            <dd className="font-medium">{ship}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('handover.pod.card.container')}</dt>
            <dd className="font-medium">{plate}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{when[0]}</dt>
            <dd className="font-medium" data-testid="pod-date">
              {when[1]}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('handover.pod.card.quantity')}</dt>
            <dd className="font-medium tabular-nums" data-testid="pod-quantities">
              {t('handover.pod.card.quantities', {
                smartboard: s.smartboard_quantity,
                bracket: s.bracket_quantity,
              })}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap justify-end gap-2">{action}</div>
    </li>
  );
}
