import { useEffect, useRef, type ReactNode } from 'react';
import { Package } from 'lucide-react';
import type { Container, Shipment, UploadEntry, Vehicle } from '../../../sync/pure';
import { ShipmentListItem } from '../../components/shipment-list-item';
import { StatusBadge } from '../../components/status-badge';
import type { StatusLooks } from '../../lib/shipments/shipment-status';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { useHubZones } from '../../lib/use-hub-zones';
import { DockTimeLine } from './dock-time-line';
import { arrivalWait, unloadingTime } from './dock-times';
import { vehicleLabel } from './use-master-data';
import { PendingBadge } from '../../components/pending-badge';
import type { PendingMarks } from '../../lib/pending-marks';
import { useIsPending } from '../../lib/use-outbox';
import { UploadThumbnails } from './upload-thumbnails';
import { ReceivedQuantities } from '../../components/receipt-marks';
import type { ReceivedCounts } from '../../lib/handover/receipt-marks';

export type ShipmentDates = 'etd-eta' | 'arrival' | 'unloading' | 'done' | 'departed';

/** Each date's label, and its test id (date-{name}, the same in every language). */
const DATE_LABEL = {
  etd: 'common.etd',
  eta: 'common.eta',
  berangkat: 'hubShipping.card.departed',
  tiba: 'common.arrived',
  'mulai-bongkar': 'hubShipping.card.unloadingStarted',
  selesai: 'hubShipping.card.finished',
} as const;
type DateName = keyof typeof DATE_LABEL;

function Dates({ shipment: s, dates }: { shipment: Shipment; dates: ShipmentDates }) {
  const t = useT();
  // Times on the clock of the hub where they happened, with its zone (issue 30).
  const zoneOf = useHubZones();
  const [from, to] = [zoneOf(s.origin_hub_id), zoneOf(s.destination_hub_id)];
  const items: [DateName, string][] = [];
  if (dates === 'etd-eta' || dates === 'departed') {
    if (s.etd) items.push(['etd', formatDate(s.etd)]);
    else items.push(['berangkat', formatDateTime(s.loading_date, from)]);
    if (s.eta) items.push(['eta', formatDate(s.eta)]);
  } else if (dates === 'arrival') {
    items.push(['tiba', formatDateTime(s.arrival_gdt, to)]);
  } else if (dates === 'unloading') {
    items.push(
      ['tiba', formatDateTime(s.arrival_gdt, to)],
      ['mulai-bongkar', formatDateTime(s.unloading_started_at, to)],
    );
  } else {
    items.push(
      ['tiba', formatDateTime(s.arrival_gdt, to)],
      ['selesai', formatDateTime(s.unloading_finished_at, to)],
    );
  }
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map(([name, value]) => (
        <div key={name} className="flex gap-1">
          <dt className="text-muted-foreground">{t(DATE_LABEL[name])}:</dt>
          <dd className="font-medium" data-testid={`date-${name}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface ShipmentCardProps {
  shipment: Shipment;
  vehicle?: Vehicle;
  container?: Container;
  statuses: StatusLooks;
  routeText?: string;
  dates: ShipmentDates;
  /** The screen's markers: the card reads its own (a change of another's leaves it alone). */
  pending: PendingMarks;
  now: number;
  uploads?: readonly UploadEntry[];
  actions?: ReactNode;
  /** The shipment a scanned surat jalan opened (issue 28): outlined and scrolled into view. */
  scanned?: boolean;
  /** Issue 41: what arrived, once received: "11/12 TV · 7 Bracket" and a mark per difference. */
  received?: ReceivedCounts;
}

/** One shipment bound for (or leaving) the hub: batch, vehicle or ship and container, quantities, dates. */
export function ShipmentCard({
  shipment: s,
  vehicle,
  container,
  statuses,
  routeText,
  dates,
  pending,
  now,
  uploads,
  actions,
  scanned = false,
  received,
}: ShipmentCardProps) {
  const t = useT();
  const waiting = useIsPending(pending, s.id);
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (scanned) item.current?.scrollIntoView?.({ block: 'center' });
  }, [scanned]);
  const transport = container
    ? t('hubShipping.card.shipAndContainer', {
        ship: container.vessel_name ?? vehicle?.nama_kapal ?? '-',
        container: container.container_number,
      })
    : vehicleLabel(vehicle);
  return (
    <ShipmentListItem
      ref={item}
      shipment={s}
      scanned={scanned}
      waiting={waiting}
      className=""
      testId="shipment-card"
    >
      <div className="flex flex-wrap items-start gap-3">
        <Package className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-60 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold" data-testid="shipment-batch">
              {s.batch_number}
            </span>
            <StatusBadge status={s.status} looks={statuses} />
            {waiting && <PendingBadge />}
            {scanned && (
              <span className="rounded-full bg-primary px-2 text-sm font-semibold text-primary-foreground">
                {t('hubShipping.card.scanned')}
              </span>
            )}
          </div>
          <p className="text-sm" data-testid="shipment-transport">
            {transport}
            {routeText && <span className="text-muted-foreground"> · {routeText}</span>}
          </p>
          <ReceivedQuantities shipment={s} received={received} testId="shipment-quantities" />
          <Dates shipment={s} dates={dates} />
          <DockTimeLine
            items={[
              {
                id: 'Menunggu bongkar',
                label: t('common.waitingToUnload'),
                span: arrivalWait(s, now),
              },
              { id: 'Bongkar', label: t('common.unloading'), span: unloadingTime(s, now) },
            ]}
          />
          {s.notes && (
            <p className="text-sm text-muted-foreground" data-testid="shipment-notes">
              {t('common.notesValue', { notes: s.notes })}
            </p>
          )}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      {uploads && <UploadThumbnails uploads={uploads} />}
    </ShipmentListItem>
  );
}
