// Issue 42, the counted receipt by serial: the TVs of a shipment loaded by serial are received by
// scanning them. As it goes the section shows what was loaded, scanned, missing and unexpected
// (figures and lists); "Pindai TV" opens the serial scanner (camera, keyboard-wedge scanner,
// typing; any serial is taken, one not loaded here as "lebih"; not a serial or scanned twice is
// refused there); each TV scanned is a row with a 44px toggle to mark it damaged and a 44px ✕ to
// take it out again. The form's TV counts follow (putSerials): Diterima = scanned, Rusak = marked.
import { lazy, Suspense, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ScanBarcode, X } from 'lucide-react';
import {
  receiptScanRule,
  serialExpectations,
  withDamagedToggled,
  withoutScanned,
  withScanned,
  type SerialReceipt,
} from '../../lib/handover/receipt-serials';
import { useT } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { Contained } from '../nested-dialog';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { putSerials, type ReceiptFormValues } from './receipt-form';

const SerialScannerDialog = lazy(() =>
  import('../serial-scanner').then((m) => ({ default: m.SerialScannerDialog })),
);

const FIGURES = ['expected', 'scanned', 'missing', 'unexpected'] as const;
// Each figure's label (one text, one key: "Terpindai" is the scanner's).
const FIGURE_LABEL = {
  expected: 'handover.receipt.serials.expected',
  scanned: 'serialScan.scanner.scanned',
  missing: 'handover.receipt.serials.missing',
  unexpected: 'handover.receipt.serials.unexpected',
} as const;

export function SerialReceiptSection({
  form,
  batch,
  disabled,
}: {
  form: UseFormReturn<ReceiptFormValues>;
  batch: string;
  disabled: boolean;
}) {
  const t = useT();
  const [scanning, setScanning] = useState(false);
  const serials = useWatch({ control: form.control, name: 'serials' });
  const tally = useMemo(() => (serials ? serialExpectations(serials) : null), [serials]);
  if (!serials || !tally) return null;

  // The scanner calls these between renders (a fast wedge): each reads the form's latest scan.
  const change = (next: (now: SerialReceipt) => SerialReceipt) => {
    const now = form.getValues('serials');
    if (now) putSerials(form, next(now));
  };
  const add = (serial: string) => change((now) => withScanned(now, serial));
  const remove = (serial: string) => change((now) => withoutScanned(now, serial));
  const toggle = (serial: string) => change((now) => withDamagedToggled(now, serial));

  const counts = {
    expected: serials.loaded.length,
    scanned: serials.received.length,
    missing: tally.missing.length,
    unexpected: tally.unexpected.length,
  };
  const damaged = new Set(serials.damaged);
  const notLoaded = new Set(tally.unexpected);
  return (
    <section className="grid gap-3" aria-labelledby="receipt-serials-title" data-testid="receipt-serials">
      <h3 id="receipt-serials-title" className="text-base font-semibold">
        {t('handover.receipt.serials.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('handover.receipt.serials.hint')}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FIGURES.map((figure) => (
          <div
            key={figure}
            className={cn(
              'grid gap-1 rounded-md border px-3 py-2',
              (figure === 'missing' || figure === 'unexpected') && counts[figure] > 0 && 'border-destructive',
            )}
          >
            <dt className="text-sm font-medium">{t(FIGURE_LABEL[figure])}</dt>
            <dd
              className="text-3xl font-extrabold tabular-nums"
              data-testid={`receipt-serial-${figure}`}
              data-count={counts[figure]}
            >
              {counts[figure]}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <Button
          type="button"
          size="lg"
          onClick={() => setScanning(true)}
          disabled={disabled}
          data-testid="receipt-serials-scan"
        >
          <ScanBarcode aria-hidden="true" />
          {t('hubShipping.serials.scan')}
        </Button>
      </div>

      <h4 id="receipt-serials-scanned" className="text-sm font-semibold">
        {t('handover.receipt.serials.list')}
      </h4>
      {serials.received.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('handover.receipt.serials.none')}</p>
      ) : (
        <ol
          className="grid max-h-80 gap-2 overflow-y-auto"
          aria-labelledby="receipt-serials-scanned"
          data-testid="receipt-serial-list"
        >
          {serials.received.map((serial) => {
            const isDamaged = damaged.has(serial);
            return (
              <li
                key={serial}
                className="flex flex-wrap items-center gap-2 rounded-md border pl-3"
                data-testid="receipt-serial"
                data-serial={serial}
                data-damaged={isDamaged}
              >
                <span className="grow font-mono text-base font-semibold break-all">{serial}</span>
                {notLoaded.has(serial) && (
                  <Badge variant="outline">{t('handover.receipt.serials.notLoaded')}</Badge>
                )}
                <Button
                  type="button"
                  variant={isDamaged ? 'destructive' : 'outline'}
                  aria-pressed={isDamaged}
                  aria-label={t('handover.receipt.serials.markDamaged', { serial })}
                  onClick={() => toggle(serial)}
                  disabled={disabled}
                >
                  {t('common.reason.rusak')}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('serialScan.scanner.remove', { serial })}
                  onClick={() => remove(serial)}
                  disabled={disabled}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}

      <SerialList
        id="receipt-serials-missing"
        title={t('handover.receipt.serials.missingList')}
        serials={tally.missing}
        testId="receipt-serial-missing-list"
      />
      <SerialList
        id="receipt-serials-unexpected"
        title={t('handover.receipt.serials.unexpectedList')}
        serials={tally.unexpected}
        testId="receipt-serial-unexpected-list"
      />

      {scanning && (
        <Contained>
          <Suspense fallback={null}>
            <SerialScannerDialog
              title={t('handover.receipt.serials.scannerTitle', { batch })}
              check={receiptScanRule}
              accepted={serials.received}
              target={serials.loaded.length}
              onAccept={add}
              onRemove={remove}
              onClose={() => setScanning(false)}
            />
          </Suspense>
        </Contained>
      )}
    </section>
  );
}

/** The missing or the unexpected serials, when there are any. */
function SerialList({
  id,
  title,
  serials,
  testId,
}: {
  id: string;
  title: string;
  serials: readonly string[];
  testId: string;
}) {
  if (serials.length === 0) return null;
  return (
    <div className="grid gap-1">
      <h4 id={id} className="text-sm font-semibold">
        {title}
      </h4>
      <ul className="flex max-h-48 flex-wrap gap-2 overflow-y-auto" aria-labelledby={id} data-testid={testId}>
        {serials.map((serial) => (
          <li key={serial} className="rounded-md border border-destructive px-2 py-1 font-mono text-base">
            {serial}
          </li>
        ))}
      </ul>
    </div>
  );
}
