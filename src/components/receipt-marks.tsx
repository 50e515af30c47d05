// Issue 41: a received shipment's marks, one per shortage, surplus or damage ("Kurang 1 TV",
// "Rusak 2 Bracket"), on the hub's Selesai cards, the POD's, the shipment detail and the
// dashboard's hub cards. The spec's words (kurang, lebih, rusak) through the catalogue.
import { markText, type ReceiptMark, type ReceivedCounts } from '../lib/handover/receipt-marks';
import { useT } from '../lib/i18n';

export function ReceiptMarks({
  marks,
  testId = 'receipt-marks',
}: {
  marks: readonly ReceiptMark[];
  testId?: string;
}) {
  const t = useT();
  if (marks.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap gap-1"
      aria-label={t('handover.discrepancies.marksLabel')}
      data-testid={testId}
    >
      {marks.map((m) => (
        <li
          key={`${m.item}-${m.reason}`}
          className="rounded-md bg-destructive px-2 py-0.5 text-sm font-semibold text-white"
          data-testid="receipt-mark"
          data-reason={m.reason}
          data-item={m.item}
        >
          {markText(m)}
        </li>
      ))}
    </ul>
  );
}

/** One item's count: "11/12" where what arrived differs from what was sent, else "12". */
export function ItemCount({ sent, received }: { sent: number; received?: number }) {
  if (received === undefined || received === sent)
    return <span className="font-medium tabular-nums">{sent}</span>;
  return (
    <span className="font-medium tabular-nums" data-received={received} data-sent={sent}>
      {received}/{sent}
    </span>
  );
}

/** A shipment's TV and bracket counts on one line ("11/12 TV · 7 Bracket"), with what arrived
 *  once it is received, then its marks. */
export function ReceivedQuantities({
  shipment: s,
  received,
  testId,
}: {
  shipment: { smartboard_quantity: number; bracket_quantity: number };
  received: ReceivedCounts | undefined;
  testId: string;
}) {
  const t = useT();
  return (
    <>
      <p className="text-sm" data-testid={testId}>
        <ItemCount sent={s.smartboard_quantity} received={received?.smartboard.received} />{' '}
        {t('common.item.smartboard')} ·{' '}
        <ItemCount sent={s.bracket_quantity} received={received?.bracket.received} />{' '}
        {t('common.item.bracket')}
      </p>
      {received && <ReceiptMarks marks={received.marks} />}
    </>
  );
}
