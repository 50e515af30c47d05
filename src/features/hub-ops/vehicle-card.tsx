import type { ReactNode } from 'react';
import { Anchor, Truck } from 'lucide-react';
import { vehicleBadge, type Vehicle, type VehicleBadge } from '../../../sync/pure';
import { Badge } from '../../components/ui/badge';
import { DockTimeLine } from './dock-time-line';
import { loadingTime, queueWait } from './dock-times';
import { PendingBadge } from '../../components/pending-badge';
import type { PendingMarks } from '../../lib/pending-marks';
import { useT } from '../../lib/i18n';
import { useIsPending } from '../../lib/use-outbox';

const BADGE_VARIANT: Record<VehicleBadge, 'warning' | 'info' | 'success' | 'secondary'> = {
  'Sedang Muat': 'warning',
  'Siap Muat': 'info',
  Ready: 'success',
  'Tidak Aktif': 'secondary',
};

/** The badge's text (spec 4.1) in the device's language. */
const BADGE_KEY = {
  'Sedang Muat': 'hubOps.page.tabs.loading',
  'Siap Muat': 'hubOps.page.tabs.ready',
  Ready: 'common.ready',
  'Tidak Aktif': 'common.inactive',
} as const satisfies Record<VehicleBadge, string>;

/** One vehicle in a hub's queue: plate (or container and ship), who, its badge (spec 4.1), dock times. */
export function VehicleCard({
  vehicle,
  vendorName,
  typeName,
  hubName,
  pending,
  now,
  actions,
}: {
  vehicle: Vehicle;
  vendorName?: string;
  typeName?: string;
  hubName?: string;
  /** The screen's markers: the card reads its own (a change of another's leaves it alone). */
  pending: PendingMarks;
  now: number;
  actions?: ReactNode;
}) {
  const t = useT();
  const waiting = useIsPending(pending, vehicle.id);
  const badge = vehicleBadge(vehicle);
  const sea = !!vehicle.nama_kapal;
  const Icon = sea ? Anchor : Truck;
  const details = [
    vendorName,
    sea ? vehicle.nama_pelayaran : typeName,
    sea ? null : vehicle.driver_name,
    hubName,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 shadow-xs list-card"
      data-testid="vehicle-card"
      data-vehicle-id={vehicle.id}
      data-plate={vehicle.license_plate}
      data-pending={waiting}
    >
      <Icon className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-60 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold" data-testid="vehicle-plate">
            {vehicle.license_plate}
          </span>
          {sea && <span className="text-sm text-muted-foreground">{vehicle.nama_kapal}</span>}
          <Badge variant={BADGE_VARIANT[badge]} data-testid="vehicle-badge">
            {t(BADGE_KEY[badge])}
          </Badge>
          {waiting && <PendingBadge />}
        </div>
        {details.length > 0 && (
          <p className="truncate text-sm text-muted-foreground">{details.join(' · ')}</p>
        )}
        <DockTimeLine
          items={[
            { id: 'Antri', label: t('hubOps.dock.queue'), span: queueWait(vehicle, now) },
            { id: 'Muat', label: t('hubOps.dock.loading'), span: loadingTime(vehicle, now) },
          ]}
        />
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </li>
  );
}
