// A shipment's card in a list (a hub's lists, a POD's): the item with the shipment's data
// attributes (id, batch, status, pending) and the ring of the one a scanned surat jalan opened.
import type { ReactNode, Ref } from 'react';

export function ShipmentListItem({
  shipment: s,
  scanned,
  waiting,
  className,
  testId,
  ref,
  children,
}: {
  shipment: { id: string; batch_number: string; status: string };
  scanned: boolean;
  waiting: boolean;
  /** The card's layout; the frame is the same everywhere. */
  className: string;
  testId: string;
  ref?: Ref<HTMLLIElement>;
  children: ReactNode;
}) {
  return (
    <li
      ref={ref}
      className={`list-card grid gap-2 rounded-lg border bg-card p-3 shadow-xs${className ? ` ${className}` : ''}${scanned ? ' ring-4 ring-primary' : ''}`}
      data-scanned={scanned || undefined}
      data-testid={testId}
      data-shipment-id={s.id}
      data-batch={s.batch_number}
      data-status={s.status}
      data-pending={waiting}
    >
      {children}
    </li>
  );
}
