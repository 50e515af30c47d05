// The counted receipt's count row (issue 28): one item's row (what was sent, received, damaged),
// its two counts the form's own text fields (src/components/form-fields.tsx). Where the hub
// counts blind (issue 41) the received field opens empty and what was sent shows only once a
// count is entered, with the difference ("TV kurang 1", or "sesuai").
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { parseCount, type ReceiptItem } from '../../lib/handover/receipt-draft';
import { useT } from '../../lib/i18n';
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
}: {
  form: UseFormReturn<ReceiptFormValues>;
  item: ReceiptItem;
  sent: number;
  blind: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const label = t(`common.item.${item}`);
  const received = useWatch({ control: form.control, name: `${item}_received` });
  const count = { inputMode: 'numeric', autoComplete: 'off', className: 'h-12 text-lg', disabled } as const;
  return (
    <div className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start" data-testid={`receipt-${item}`}>
      <p className="pt-2 text-sm">
        <span className="font-semibold">{label}</span>
        <br />
        <SentText item={item} sent={sent} received={received} blind={blind} />
      </p>
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
    </div>
  );
}
