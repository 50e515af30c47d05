// Issue 42, "loading by scanning" on the shipping forms: at a hub that tracks TVs by serial, Jumlah
// Smartboard is the number of serials scanned into the truck (shown, not typed). "Pindai TV" opens
// the serial scanner (camera one box after another, a keyboard-wedge scanner, typing), each code
// checked at once against this device's units (./serial-loading.ts: offline); the serials stand
// in the form in scan order, each with a ✕ (44px, gloves) to take it out again. The form sends
// them as tv_serials. A hub that does not track serials keeps the typed quantity (useTvSerials
// says so, and the form shows its QuantityFields as before).
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { ScanBarcode, X } from 'lucide-react';
import type { Hub } from '../../../sync/pure';
import { FormField } from '../../components/form-field';
import { Contained } from '../../components/nested-dialog';
import { Button } from '../../components/ui/button';
import { ALL_ROWS, useRxQuery } from '../../lib/hooks/use-rx-query';
import { useT } from '../../lib/i18n';
import { loadScanRule, loadsBySerial, unitsBySerial, withoutSerial } from './serial-loading';

const SerialScannerDialog = lazy(() =>
  import('../../components/serial-scanner').then((m) => ({ default: m.SerialScannerDialog })),
);

/** A shipping form's values with the truck's serials (empty where the hub does not track them). */
export interface SerialValues extends FieldValues {
  smartboard_quantity: number | string;
  tv_serials: string[];
}

/**
 * Whether this form loads TVs by serial, and the serials to send (undefined: the hub does not
 * track them, the typed quantity goes as before).
 */
export function tvSerialsOf(hub: Hub, values: { tv_serials: string[] }): string[] | undefined {
  return loadsBySerial(hub) ? values.tv_serials : undefined;
}

/**
 * Jumlah Smartboard as the serials scanned: the count, "Pindai TV", the serials with their ✕,
 * the field's messages (those of the quantity: stock, nothing empty; and of the list), and the
 * scanner while it is open.
 */
export function TvSerialsField<V extends SerialValues>({
  form,
  hub,
  idPrefix,
  disabled,
}: {
  form: UseFormReturn<V>;
  hub: Hub;
  idPrefix: string;
  disabled: boolean;
}) {
  const t = useT();
  const [scanning, setScanning] = useState(false);
  const watched = useWatch({ control: form.control, name: 'tv_serials' as Path<V> }) as string[] | undefined;
  const serials = useMemo(() => watched ?? [], [watched]);
  // Every unit this device holds (its hub's stock, its open shipments): what a code is checked by.
  const units = useRxQuery('tv_units', ALL_ROWS);
  const bySerial = useMemo(() => unitsBySerial(units.rows), [units.rows]);
  const check = useMemo(() => loadScanRule(hub.id, bySerial, serials), [hub.id, bySerial, serials]);

  // Stable across scans, so the memoized rows of the list (SerialRow) are not drawn again when
  // one serial is added: a 200-TV truck would otherwise redraw 200 rows for each code.
  const put = useCallback(
    (next: string[]) => {
      form.setValue('tv_serials' as Path<V>, next as PathValue<V, Path<V>>);
      form.setValue('smartboard_quantity' as Path<V>, next.length as PathValue<V, Path<V>>);
      // Only when there is one to clear: clearErrors draws the whole shipping form again.
      const errors = form.formState.errors as Record<string, unknown>;
      if (errors.tv_serials || errors.smartboard_quantity)
        form.clearErrors(['tv_serials', 'smartboard_quantity'] as Path<V>[]);
    },
    [form],
  );
  const add = useCallback(
    (serial: string) => {
      const now = form.getValues('tv_serials' as Path<V>) as string[];
      if (!now.includes(serial)) put([...now, serial]);
    },
    [form, put],
  );
  const remove = useCallback(
    (serial: string) => put(withoutSerial(form.getValues('tv_serials' as Path<V>) as string[], serial)),
    [form, put],
  );

  const id = `${idPrefix}-smartboard`;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const error = errors.smartboard_quantity?.message || errors.tv_serials?.message || undefined;
  return (
    <div className="grid gap-2" data-testid="tv-serials" data-ready={units.ready}>
      <FormField
        id={id}
        label={t('common.smartboardQuantity')}
        error={error}
        hint={t('hubShipping.serials.hint')}
      >
        <div className="flex flex-wrap items-center gap-3">
          <output
            id={id}
            className="min-w-12 text-4xl font-extrabold tabular-nums"
            data-testid="tv-serial-count"
            data-count={serials.length}
            aria-invalid={error ? true : undefined}
          >
            {serials.length}
          </output>
          <Button
            type="button"
            size="lg"
            onClick={() => setScanning(true)}
            // Not before this device's units are read (tv_units opens late): a code judged
            // against none would be refused as not in stock.
            disabled={disabled || !units.ready}
            data-testid="tv-serials-scan"
          >
            <ScanBarcode aria-hidden="true" />
            {t('hubShipping.serials.scan')}
          </Button>
        </div>
      </FormField>
      {serials.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('hubShipping.serials.none')}</p>
      ) : (
        <ol
          className="flex max-h-60 flex-wrap gap-2 overflow-y-auto"
          aria-label={t('hubShipping.serials.list')}
          data-testid="tv-serial-list"
        >
          {serials.map((serial) => (
            <SerialRow key={serial} serial={serial} onRemove={remove} disabled={disabled} />
          ))}
        </ol>
      )}
      {scanning && (
        <Contained>
          <Suspense fallback={null}>
            <SerialScannerDialog
              title={`${t('hubShipping.serials.scan')} · ${hub.name}`}
              check={check}
              accepted={serials}
              onAccept={add}
              onRemove={remove}
              onClose={() => setScanning(false)}
            />
          </Suspense>
        </Contained>
      )}
    </div>
  );
}

/** One serial of the truck's list with its ✕; drawn again only when its own props change. */
const SerialRow = memo(function SerialRow({
  serial,
  onRemove,
  disabled,
}: {
  serial: string;
  onRemove: (serial: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <li className="flex items-center gap-1 rounded-md border pl-3 font-mono text-base">
      <span data-testid="tv-serial">{serial}</span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={t('serialScan.scanner.remove', { serial })}
        onClick={() => onRemove(serial)}
        disabled={disabled}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
});
