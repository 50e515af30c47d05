// A shipment's card on a hub's own lists (Dalam Perjalanan, Tiba, Sedang Bongkar, Selesai,
// what left the hub, a shipment's page): its vehicle or ship and container from the list's
// details, and the hub screen's statuses, pending marks and clock.
import type { ComponentProps } from 'react';
import type { Shipment } from '../../../sync/pure';
import { useT } from '../../lib/i18n';
import { useShipmentDetails } from '../../lib/shipments/use-shipment-details';
import { useHubScope } from './hub-scope';
import { ShipmentCard, type ShipmentCardProps } from './shipment-card';

type Details = ReturnType<typeof useShipmentDetails>;

export function HubShipmentCard({
  shipment: s,
  details,
  route,
  ...card
}: Omit<ShipmentCardProps, 'vehicle' | 'container' | 'statuses' | 'routeText' | 'pending' | 'now'> & {
  details: Details;
  /** The route as the card tells it: where it goes ('to'), or where it came from ('from'). */
  route: 'to' | 'from';
}) {
  const t = useT();
  const { master, pending, now } = useHubScope();
  const nameOf = (hubId: string) => master.hubsById.get(hubId)?.name ?? '-';
  return (
    <ShipmentCard
      shipment={s}
      vehicle={details.vehicles.get(s.vehicle_id)}
      container={details.containers.get(s.id)}
      statuses={master.statuses}
      routeText={
        route === 'to'
          ? t('hubShipping.card.to', { hub: nameOf(s.destination_hub_id) })
          : t('hubShipping.card.from', { hub: nameOf(s.origin_hub_id) })
      }
      pending={pending}
      now={now}
      {...card}
    />
  );
}

/** A hub list of shipment cards, their vehicles and containers read once for the whole list. */
export function HubShipmentList({
  shipments,
  testId,
  card,
}: {
  shipments: readonly Shipment[];
  testId: string;
  /** A card's own props: its route, its dates, and what else the list shows on it. */
  card: (s: Shipment) => Omit<ComponentProps<typeof HubShipmentCard>, 'shipment' | 'details'>;
}) {
  const details = useShipmentDetails(shipments);
  return (
    <ul className="grid gap-2" data-testid={testId}>
      {shipments.map((s) => (
        <HubShipmentCard key={s.id} shipment={s} details={details} {...card(s)} />
      ))}
    </ul>
  );
}
