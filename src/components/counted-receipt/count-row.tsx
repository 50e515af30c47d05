// The counted receipt's count row (issue 28): one item's row (what was sent, received, damaged),
// its two counts the form's own text fields (src/components/form-fields.tsx). Where the hub
// counts blind (issue 41) the received field opens empty and what was sent shows only once a
// count is entered, with the difference ("TV kurang 1", or "sesuai"). Issue 42: received by serial,
// the TV counts are shown, not typed (Diterima: the serials scanned, Rusak: those marked).
import { get, useWatch, type UseFormReturn } from 'react-hook-form';
import { parseCount, type ReceiptItem } from '../../lib/handover/receipt-draft';
import { useT } from '../../lib/i18n';
import { FormField } from '../form-field';
import { TextField } from '../form-fields';
import type { ReceiptFormValues } from './receipt-form';

/** What was sent, and in blind mode the difference once counted. */
function SentText({
  item,
  sent,
  received,
  blind,
}: {
  item: ReceiptItem;
  sent: number;
  received: string;
  blind: boolean;
}) {
  const t = useT();
  const label = t(`common.item.${item}`);
  if (!blind)
    return <span className="text-muted-foreground">{t('handover.receipt.sent', { count: sent })}</span>;
  const counted = parseCount(received);
  if (counted === null)
    return (
      <span className="text-muted-foreground" data-testid={`receipt-${item}-not-counted`}>
        {t('handover.receipt.notCountedYet')}
      </span>
    );
  const difference =
    counted < sent
      ? t('handover.receipt.discrepancyTitle.kurang', { item: label, quantity: sent - counted })
      : counted > sent
        ? t('handover.receipt.discrepancyTitle.lebih', { item: label, quantity: counted - sent })
        : t('handover.receipt.countMatches');
  return (
    <span data-testid={`receipt-${item}-difference`} role="status">
      <span className="text-muted-foreground">{t('handover.receipt.sent', { count: sent })}</span> ·{' '}
      <span className={counted === sent ? 'font-medium' : 'font-semibold text-destructive'}>
        {difference}
      </span>
    </span>
  );
}

export function CountRow({
  form,
  item,
  sent,
  blind,
  disabled,
  bySerial = false,
}: {
  form: UseFormReturn<ReceiptFormValues>;
  item: ReceiptItem;
  sent: number;
  blind: boolean;
  disabled: boolean;
  /** Issue 42: the counts are the scan's, shown (the form keeps them as the scan changes). */
  bySerial?: boolean;
}) {
  const t = useT();
  const label = t(`common.item.${item}`);
  const [received, damaged] = useWatch({
    control: form.control,
    name: [`${item}_received`, `${item}_damaged`],
  });
  const count = { inputMode: 'numeric', autoComplete: 'off', className: 'h-12 text-lg', disabled } as const;
  return (
    <div className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start" data-testid={`receipt-${item}`}>
      <p className="pt-2 text-sm">
        <span className="font-semibold">{label}</span>
        <br />
        <SentText item={item} sent={sent} received={received} blind={blind && !bySerial} />
      </p>
      {bySerial ? (
        <>
          <ShownCount
            form={form}
            field={`${item}_received`}
            label={t('handover.receipt.receivedLabel', { item: label })}
            value={received}
          />
          <ShownCount
            form={form}
            field={`${item}_damaged`}
            label={t('handover.receipt.damagedLabel', { item: label })}
            value={damaged}
          />
        </>
      ) : (
        <>
          <TextField
            form={form}
            name={`${item}_received`}
            id={`receipt-${item}-received`}
            label={t('handover.receipt.receivedLabel', { item: label })}
            {...count}
          />
          <TextField
            form={form}
            name={`${item}_damaged`}
            id={`receipt-${item}-damaged`}
            label={t('handover.receipt.damagedLabel', { item: label })}
            {...count}
          />
        </>
      )}
    </div>
  );
}

/** A count the scan sets: its figure, labelled like the typed one, with its message. */
function ShownCount({
  form,
  field,
  label,
  value,
}: {
  form: UseFormReturn<ReceiptFormValues>;
  field: `${ReceiptItem}_${'received' | 'damaged'}`;
  label: string;
  value: string;
}) {
  const t = useT();
  const id = `receipt-${field.replace('_', '-')}`;
  const error = (get(form.formState.errors, field) as { message?: string } | undefined)?.message || undefined;
  return (
    <FormField id={id} label={label} error={error} hint={t('handover.receipt.countFromSerials')}>
      <output
        id={id}
        className="flex h-12 items-center text-3xl font-extrabold tabular-nums"
        data-testid={`${id}-shown`}
        data-count={value}
        aria-invalid={error ? true : undefined}
      >
        {value}
      </output>
    </FormField>
  );
}
