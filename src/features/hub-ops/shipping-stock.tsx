// Issue 29: the shipping forms show the stock at the origin (the hub's first
// warehouse, where the shipment's negative row goes) after this device's own
// pending work, know the batch numbers the device has seen, and show a summary
// before sending: the first press of Kirim checks the form and shows what will
// be sent (the fields locked), the second sends it; Ubah goes back.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { availableStock, firstWarehouseOf, type Shipment } from '../../../sync/pure';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber } from '../../lib/format-date';
import { useT } from '../../lib/i18n';
import { useTablesArrived } from '../../lib/sync-engine';
import { useRxQuery } from '../../lib/hooks/use-rx-query';
import { useHubScope } from './hub-scope';
import type { OriginStockInfo } from './shipping-checks';

const BALANCES = ['stock_balances'] as const;

/** The origin warehouse and its stock as this device holds it (with its pending work). */
export function useOriginStock(hubId: string): OriginStockInfo & { ready: boolean } {
  const { master } = useHubScope();
  const warehouse = useMemo(() => firstWarehouseOf(master.warehouses, hubId), [master.warehouses, hubId]);
  const query = useMemo(() => (warehouse ? { selector: { id: warehouse.id } } : null), [warehouse]);
  const balances = useRxQuery('stock_balances', query);
  const arrived = useTablesArrived(BALANCES);
  const ready = master.ready && arrived && (!warehouse || balances.ready);
  return { warehouse, stock: ready ? availableStock(balances.rows[0]) : undefined, ready };
}

/** The shipments this device knows with the batch number typed (to refuse one already used). */
export function useShipmentsWithBatch(batch: string): readonly Shipment[] {
  const trimmed = batch.trim();
  const query = useMemo(() => (trimmed ? { selector: { batch_number: trimmed } } : null), [trimmed]);
  return useRxQuery('shipments', query).rows;
}

/** 'Stok tersedia di Gudang Karawang: Smartboard 270 · Bracket 270', a skeleton until known. */
export function OriginStock({ origin }: { origin: OriginStockInfo & { ready: boolean } }) {
  const t = useT();
  const figure = (n: number | undefined, testId: string) => (
    <strong className="tabular-nums" data-testid={testId}>
      {n === undefined ? '–' : formatNumber(n)}
    </strong>
  );
  const smartboards = figure(origin.stock?.smartboards, 'origin-stock-smartboard');
  const brackets = figure(origin.stock?.brackets, 'origin-stock-bracket');
  return (
    <div
      className="rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="origin-stock"
      data-ready={origin.ready}
    >
      {!origin.ready ? (
        <>
          <Skeleton className="h-5 w-2/3" />
          <span className="sr-only">{t('hubShipping.stock.loading')}</span>
        </>
      ) : !origin.warehouse ? (
        t('hubShipping.stock.noWarehouse')
      ) : (
        <span>
          {t('hubShipping.stock.availableIn')} <strong>{origin.warehouse.name}</strong>:{' '}
          {t('hubShipping.stock.smartboard')} {smartboards} · {t('common.item.bracket')} {brackets}
        </span>
      )}
    </div>
  );
}

/**
 * The summary's photos: how many, and (issue 41) which of the form's two are missing, marked
 * so a worker sees it before sending (the spec's photo rules decide whether it may go).
 */
export function PhotosSummary({ count, slots }: { count: number; slots: readonly [string, string] }) {
  const t = useT();
  const missing = slots.slice(count);
  return (
    <>
      {t('hubShipping.form.photoCount', { n: count })}
      {missing.length > 0 && (
        <span className="block font-semibold text-destructive" data-testid="summary-missing">
          {t('hubShipping.summary.missing', { items: missing.join(', ') })}
        </span>
      )}
    </>
  );
}

/** What will be sent, as label and value, shown before the second press of Kirim. */
export function ShippingSummary({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  const t = useT();
  return (
    <section
      className="grid gap-2 rounded-md border-2 border-primary p-3 text-sm"
      data-testid="shipping-summary"
      aria-label={t('hubShipping.summary.title')}
      role="status"
    >
      <h3 className="font-semibold">{t('hubShipping.summary.title')}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Kirim twice: the first press shows the summary when the form would pass its
 * checks (else the form's own submit shows the messages), the second sends.
 */
export function useReviewStep(options: {
  onSubmit: (event?: FormEvent) => Promise<void>;
  passes: () => boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [review, setReview] = useState(false);
  const submit = (event?: FormEvent) => {
    if (review || !options.passes()) return options.onSubmit(event);
    setReview(true);
    return Promise.resolve();
  };
  return {
    review,
    submit,
    /** Batal while editing; Ubah (and Esc) back to the form while reviewing. */
    close: () => (review ? setReview(false) : options.onClose()),
    labels: review
      ? { submitLabel: t('hubShipping.summary.confirmSend'), cancelLabel: t('hubShipping.summary.back') }
      : {},
  };
}
