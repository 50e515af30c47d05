// Pindai Surat Jalan (issue 28): the rear camera (rear-camera.tsx, as the shipping forms'
// photos) read for a QR code on every frame; a Dermaga surat jalan opens
// /terima/<shipment id>, anything else is said plainly and scanning goes on. The reader
// (and its WebAssembly) loads when the dialog opens. Typing the batch number is the fallback.
// Issue 40: given onCode, the same camera reads a document's code for "Periksa Dokumen".
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { findShipments, theShipment } from '../lib/handover/find-shipment';
import { parseShipmentQr, type ShipmentQr } from '../lib/documents/qr-payload';
import { useT } from '../lib/i18n';
import { ALL_ROWS, useRxQuery } from '../lib/hooks/use-rx-query';
import { Button } from './ui/button';
import { DialogFrame } from './dialog-frame';
import { Input } from './ui/input';
import { ScanningCamera, useCodeReads, type FrameRead } from './rear-camera';

/** The surat jalan's code: a QR code, read on every frame. */
async function loadQrReads(): Promise<FrameRead> {
  const { loadQrReader } = await import('../lib/handover/scan-detector');
  const reader = await loadQrReader();
  return (video) => reader.read(video);
}

/**
 * The typed fallback: part of a batch number, a plate or a container number of a shipment on
 * this device (issue 41); the one it means opens, several are offered to choose from.
 */
function BatchEntry({ onFound }: { onFound: (shipmentId: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [required, setRequired] = useState(false);
  const shipments = useRxQuery('shipments', asked ? ALL_ROWS : null);
  const vehicles = useRxQuery('vehicles', asked ? ALL_ROWS : null);
  const containers = useRxQuery('containers', asked ? ALL_ROWS : null);
  const ready = shipments.ready && vehicles.ready && containers.ready;
  const found = useMemo(
    () =>
      asked && ready
        ? findShipments(asked, shipments.rows, new Map(vehicles.rows.map((v) => [v.id, v])), containers.rows)
        : null,
    [asked, ready, shipments.rows, vehicles.rows, containers.rows],
  );
  const one = found && asked ? theShipment(found, asked) : null;
  useEffect(() => {
    if (one) onFound(one.id);
  }, [one, onFound]);
  const error = required
    ? t('handover.scan.batchRequired')
    : found && found.length === 0
      ? t('handover.scan.batchNotFound', { batch: asked })
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const batch = text.trim();
    setRequired(!batch);
    setAsked(batch || null);
  }

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <label htmlFor="scan-batch" className="text-sm font-medium">
        {t('handover.scan.batchLabel')}
      </label>
      <div className="flex gap-2">
        <Input
          id="scan-batch"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAsked(null);
          }}
          placeholder={t('handover.scan.batchPlaceholder')}
          autoComplete="off"
          className="h-12 text-base"
          aria-invalid={!!error}
          aria-describedby={error ? 'scan-batch-error' : undefined}
        />
        <Button type="submit" size="lg" className="h-12">
          {t('common.open')}
        </Button>
      </div>
      {error && (
        <p id="scan-batch-error" className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      {found && found.length > 1 && !one && (
        <div className="grid gap-1" data-testid="scan-batch-choices">
          <p className="text-sm" role="status">
            {t('handover.scan.batchChoose', { n: found.length })}
          </p>
          <ul className="grid max-h-56 gap-1 overflow-y-auto">
            {found.slice(0, 8).map(({ shipment, plate }) => (
              <li key={shipment.id}>
                <Button
                  type="button"
                  variant="outline"
                  className="h-auto min-h-11 w-full justify-start text-left"
                  onClick={() => onFound(shipment.id)}
                  data-testid="scan-batch-choice"
                >
                  <span className="font-semibold">{shipment.batch_number}</span>
                  {plate && <span className="text-muted-foreground">{plate}</span>}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

export function QrScannerDialog({
  onClose,
  onCode,
}: {
  onClose: () => void;
  /** Issue 40: hand the code over (Periksa Dokumen) instead of opening the shipment. */
  onCode?: (qr: ShipmentQr) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [wrongCode, setWrongCode] = useState(false);
  const [open] = useState(() => (shipmentId: string, batch?: string | null) => {
    onClose();
    navigate(`/terima/${shipmentId}${batch ? `?batch=${encodeURIComponent(batch)}` : ''}`);
  });
  const [found] = useState(() => (qr: ShipmentQr) => {
    if (!onCode) return open(qr.shipmentId, qr.batchNumber);
    onClose();
    onCode(qr);
  });
  // A Dermaga code ends the reading (answered true); anything else is said, and reading goes on.
  const [read] = useState(() => (texts: string[]) => {
    const qr = texts.map(parseShipmentQr).find((q) => q !== null);
    if (qr) found(qr);
    else setWrongCode(true);
    return !!qr;
  });
  const { webcam, state } = useCodeReads(loadQrReads, read);

  return (
    <DialogFrame
      data-testid="qr-scanner"
      className="sm:max-w-2xl"
      title={onCode ? t('common.scanDocumentQr') : t('common.scanDeliveryNote')}
      description={onCode ? t('verify.scanDescription') : t('handover.scan.description')}
      footer={
        <Button type="button" variant="outline" size="lg" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      }
      onClose={onClose}
    >
      {cameraError ? (
        <p className="text-sm text-destructive" role="alert">
          {t('common.cameraFailed', { reason: cameraError })}
        </p>
      ) : (
        <ScanningCamera
          webcam={webcam}
          label={t('handover.scan.description')}
          onUnavailable={setCameraError}
          lineClassName="size-40"
        />
      )}
      <p className="text-sm" role="status" data-testid="qr-scanner-state" data-state={state}>
        {state === 'loading'
          ? t('handover.scan.starting')
          : state === 'failed'
            ? t('handover.scan.scannerFailed')
            : t('handover.scan.looking')}
      </p>
      {wrongCode && (
        <p className="text-base font-medium text-destructive" role="alert" data-testid="qr-not-dermaga">
          {t('handover.scan.notDermaga')}
        </p>
      )}
      {!onCode && <BatchEntry onFound={open} />}
    </DialogFrame>
  );
}
