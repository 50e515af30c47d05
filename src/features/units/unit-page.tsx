// /unit/:serial, "Nomor Seri" (issue 42, find a unit): where a TV is now and its whole path,
// hub to hub (who handed it over, on which shipment, when), read from the server online
// (src/lib/serials/unit-path.ts). Offline, or before the answer, what this tablet holds: the
// local tv_units row (its hub, its open shipment), and plainly that the whole path needs a
// connection. Opened from the header search with a serial number.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Barcode, WifiOff } from 'lucide-react';
import { normalizeSerial, type Hub, type Shipment } from '../../../sync/pure';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { useOnline } from '../../lib/hooks/use-online';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useServerQuery } from '../../lib/hooks/use-server-query';
import { readUnitPath, type UnitEvent, type UnitState } from '../../lib/serials/unit-path';

interface Place {
  state: UnitState;
  hubName: string | null;
  batch: string | null;
}

function StateLine({ place }: { place: Place }) {
  const t = useT();
  return (
    <p
      className="flex flex-wrap items-center gap-2 text-lg"
      data-testid="unit-state"
      data-state={place.state}
    >
      <Badge
        variant={
          place.state === 'missing' || place.state === 'damaged' || place.state === 'removed'
            ? 'destructive'
            : 'secondary'
        }
        className="text-sm"
      >
        {t(`unit.state.${place.state}`)}
      </Badge>
      {(place.state === 'in_stock' ||
        place.state === 'damaged' ||
        place.state === 'delivered' ||
        place.state === 'removed') &&
        place.hubName && <span>{place.hubName}</span>}
      {place.state !== 'in_stock' && place.state !== 'removed' && place.batch && (
        <span>{t('unit.onShipment', { batch: place.batch })}</span>
      )}
    </p>
  );
}

function EventLine({ event }: { event: UnitEvent }) {
  const t = useT();
  const values = {
    hub: event.hub_name ?? '-',
    batch: event.batch_number ?? '-',
    origin: event.origin_hub_name ?? '-',
    destination: event.destination_hub_name ?? '-',
  };
  return (
    <li className="grid gap-0.5 border-l-2 pl-3" data-testid="unit-event" data-kind={event.kind}>
      <span className="font-medium">{t(`unit.event.${event.kind}`, values)}</span>
      <span className="text-sm text-muted-foreground">
        {formatDateTime(event.at)}
        {event.by ? ` · ${t('unit.by', { who: event.by })}` : ''}
      </span>
    </li>
  );
}

/** What this tablet holds of the unit: its row, its hub's and its shipment's names. */
function useLocalPlace(serial: string | null): { place: Place | null; ready: boolean } {
  const units = useRxQuery('tv_units', serial ? { selector: { serial } } : null);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const shipments = useRxQuery('shipments', ALL_ROWS);
  return useMemo(() => {
    const unit = units.rows.find((u) => !u.deleted);
    if (!unit) return { place: null, ready: units.ready };
    const hub: Hub | undefined = hubs.rows.find((h) => h.id === unit.hub_id);
    const shipment: Shipment | undefined = shipments.rows.find((s) => s.id === unit.shipment_id);
    return {
      place: { state: unit.state, hubName: hub?.name ?? null, batch: shipment?.batch_number ?? null },
      ready: true,
    };
  }, [units.rows, units.ready, hubs.rows, shipments.rows]);
}

export function UnitPage() {
  const t = useT();
  const online = useOnline();
  const raw = useParams().serial ?? '';
  const serial = normalizeSerial(raw);
  const local = useLocalPlace(serial);
  const server = useServerQuery(serial ? `unit-path:${serial}` : null, () => readUnitPath(serial!));
  const path = online && !server.loading && !server.error ? server.data : undefined;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" data-testid="unit-page">
      <div className="grid gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Barcode aria-hidden="true" />
          {t('unit.title', { serial: serial ?? raw })}
        </h1>
        <p className="text-muted-foreground">{t('unit.description')}</p>
      </div>
      {serial === null ? (
        <p className="text-destructive" role="alert" data-testid="unit-invalid">
          {t('server.serial.invalid', { serial: raw })}
        </p>
      ) : path === null ? (
        <p role="status" data-testid="unit-not-found">
          {t('server.serial.notFound', { serial })}
        </p>
      ) : path ? (
        <>
          <StateLine
            place={{
              state: path.state,
              hubName: path.hub_name,
              batch: path.events.findLast((e) => e.shipment_id === path.shipment_id)?.batch_number ?? null,
            }}
          />
          <section className="grid gap-2" aria-labelledby="unit-history">
            <h2 id="unit-history" className="text-lg font-semibold">
              {t('tower.history.title')}
            </h2>
            <ol className="grid gap-3" data-testid="unit-events">
              {path.events.map((e, i) => (
                <EventLine key={`${e.at}:${i}`} event={e} />
              ))}
            </ol>
          </section>
        </>
      ) : (
        <>
          {!online ? (
            <Alert data-testid="unit-offline">
              <WifiOff aria-hidden="true" />
              <AlertTitle>{t('connection.title')}</AlertTitle>
              <AlertDescription>{t('unit.offline')}</AlertDescription>
            </Alert>
          ) : server.error ? (
            <p className="text-destructive" role="alert">
              {t('unit.failed', { error: server.error })}
            </p>
          ) : (
            <p className="flex items-center gap-2" role="status">
              <Spinner />
              {t('unit.loading')}
            </p>
          )}
          {local.place ? (
            <StateLine place={local.place} />
          ) : (
            local.ready && (
              <p className="text-muted-foreground" data-testid="unit-not-held">
                {t('unit.notHeld')}
              </p>
            )
          )}
        </>
      )}
    </div>
  );
}
