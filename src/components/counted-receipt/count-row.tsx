// The counted receipt's fields (issue 28): a labelled text field with its message, and one
// item's row (what was sent, received, damaged). Where the hub counts blind (issue 41) the
// received field opens empty and what was sent shows only once a count is entered, with the
// difference ("TV kurang 1", or "sesuai").
import { parseCount, type CountField, type ReceiptItem } from '../../lib/handover/receipt-draft';
import { useT } from '../../lib/i18n';
import { Input } from '../ui/input';

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  disabled,
  numeric,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  disabled: boolean;
  numeric?: boolean;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        className="h-12 text-lg"
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

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
  const label = t(`handover.receipt.itemLabel.${item}`);
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
  item,
  sent,
  counts,
  errors,
  blind,
  disabled,
  onChange,
}: {
  item: ReceiptItem;
  sent: number;
  counts: Record<CountField, string>;
  errors: Record<string, string>;
  blind: boolean;
  disabled: boolean;
  onChange: (field: CountField, value: string) => void;
}) {
  const t = useT();
  const label = t(`handover.receipt.itemLabel.${item}`);
  return (
    <div className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-start" data-testid={`receipt-${item}`}>
      <p className="pt-2 text-sm">
        <span className="font-semibold">{label}</span>
        <br />
        <SentText item={item} sent={sent} received={counts[`${item}_received`]} blind={blind} />
      </p>
      <TextField
        id={`receipt-${item}-received`}
        label={t('handover.receipt.receivedLabel', { item: label })}
        value={counts[`${item}_received`]}
        error={errors[`${item}_received`]}
        onChange={(value) => onChange(`${item}_received`, value)}
        disabled={disabled}
        numeric
      />
      <TextField
        id={`receipt-${item}-damaged`}
        label={t('handover.receipt.damagedLabel', { item: label })}
        value={counts[`${item}_damaged`]}
        error={errors[`${item}_damaged`]}
        onChange={(value) => onChange(`${item}_damaged`, value)}
        disabled={disabled}
        numeric
      />
    </div>
  );
}
