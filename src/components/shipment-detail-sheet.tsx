// Detail Shipment (spec 2.14), opened from a shipment row: loading date, ETA,
// vehicle, notes and the photos when there are any. Shared by the in-transit
// list and hub activity.
import type { ReactNode } from 'react';
import type { Container, Hub, Shipment, Vehicle } from '../../sync/pure';
import { formatDate, formatDateTime, formatNumber } from '../lib/format-date';
import { useT } from '../lib/i18n';
import type { StatusLooks } from '../lib/shipments/shipment-status';
import { zoneOfHub } from '../lib/time-zone';
import { StatusBadge } from './status-badge';
import { StoredImage } from './stored-image';
import { ShipmentCorrectionSection } from './shipment-correction-section';
import { ShipmentDiscrepancies } from './shipment-discrepancies';
import { ShipmentHistory } from './shipment-history';
import { ShipmentDocuments } from './handover/shipment-documents';
import { ReceiptMarks } from './receipt-marks';
import { receivedText } from '../lib/handover/receipt-marks';
import { useReceivedCounts } from '../lib/handover/use-received-counts';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from './ui/sheet';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function ShipmentDetailSheet({
  shipment: s,
  vehicle,
  container,
  hubsById,
  looks,
  onClose,
  children,
}: {
  shipment: Shipment;
  vehicle?: Vehicle;
  container?: Container;
  hubsById: ReadonlyMap<string, Hub>;
  looks: StatusLooks;
  onClose: () => void;
  /** More below the details (a shipment's history, for example). */
  children?: ReactNode;
}) {
  const t = useT();
  // Issue 41: what arrived, once received, with its marks.
  const received = useReceivedCounts([s]).get(s.id);
  const photos = [s.delivery_record_image_url, s.bast_image_url].filter((u): u is string => !!u);
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto p-6 sm:max-w-lg" data-testid="shipment-detail">
        <SheetHeader className="p-0">
          <SheetTitle>{t('tower.detail.title')}</SheetTitle>
          <SheetDescription>{s.batch_number}</SheetDescription>
        </SheetHeader>
        <dl className="grid gap-2">
          <Row label={t('common.status')}>
            <StatusBadge status={s.status} looks={looks} />
          </Row>
          <Row label={t('common.route')}>
            {hubsById.get(s.origin_hub_id)?.name ?? '-'} → {hubsById.get(s.destination_hub_id)?.name ?? '-'}
          </Row>
          <Row label={t('common.loadingDate')}>
            {formatDateTime(s.loading_date, zoneOfHub(hubsById.get(s.origin_hub_id)))}
          </Row>
          {s.etd && <Row label={t('common.etd')}>{formatDate(s.etd)}</Row>}
          <Row label={t('common.eta')}>{formatDate(s.eta)}</Row>
          <Row label={t('common.vehicle')}>
            {vehicle
              ? vehicle.nama_kapal
                ? `${vehicle.nama_kapal} · ${vehicle.license_plate}`
                : vehicle.license_plate
              : '-'}
          </Row>
          {vehicle?.driver_name && <Row label={t('verify.signer.driver')}>{vehicle.driver_name}</Row>}
          {container && (
            <Row label={t('common.container')}>
              {container.container_number}
              {container.shipping_line ? ` · ${container.shipping_line}` : ''}
            </Row>
          )}
          <Row label={t('common.quantity')}>
            {t('tower.detail.quantityValue', {
              tv: formatNumber(s.smartboard_quantity),
              bracket: formatNumber(s.bracket_quantity),
            })}
          </Row>
          {received && (
            <Row label={t('handover.discrepancies.received')}>
              <div className="grid gap-1" data-testid="detail-received">
                <span>{receivedText(received)}</span>
                <ReceiptMarks marks={received.marks} />
              </div>
            </Row>
          )}
          <Row label={t('common.notes')}>{s.notes ?? '-'}</Row>
        </dl>
        {photos.length > 0 && (
          <div className="grid grid-cols-2 gap-2" data-testid="shipment-photos">
            {photos.map((url, i) => (
              // The column names the object; the bucket is private (issue 40): a signed URL.
              <StoredImage
                key={url}
                value={url}
                alt={i === 0 ? t('tower.detail.deliveryPhoto') : t('tower.detail.bastPhoto')}
                className="aspect-square w-full rounded-md border object-cover"
              />
            ))}
          </div>
        )}
        {/* Its surat jalan, BAST, signatures and discrepancy photos (issue 28). */}
        <ShipmentDocuments shipmentId={s.id} timeZone={zoneOfHub(hubsById.get(s.origin_hub_id))} />
        {/* Tower control and admin: correct its counts or void it while on its way (issue 29). */}
        <ShipmentCorrectionSection shipment={s} />
        <ShipmentDiscrepancies shipmentId={s.id} batch={s.batch_number} hubsById={hubsById} />
        {children}
        {/* Its transitions in order (admin and tower control; online). */}
        <ShipmentHistory shipmentId={s.id} version={s.change_xid} />
      </SheetContent>
    </Sheet>
  );
}
