// "Nothing here" is a claim about tables: it is shown only once they have arrived on this device
// (issue 29). Until then, on a new device's first sync, a skeleton stands in its place. `tables`
// are the ones the message speaks of (every table this device reads unless said).
import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import type { TableName } from '../../sync/pure';
import { useTablesArrived } from '../lib/sync-engine';
import { Skeleton } from './ui/skeleton';

export function EmptyState({
  children,
  testId = 'empty-state',
  tables = 'all',
}: {
  children: ReactNode;
  testId?: string;
  tables?: readonly TableName[] | 'all';
}) {
  const arrived = useTablesArrived(tables);
  if (!arrived) return <Skeleton className="min-h-32 w-full" data-testid={`${testId}-loading`} />;
  return (
    <div
      className="flex min-h-32 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground"
      data-testid={testId}
    >
      <Inbox className="size-6" aria-hidden="true" />
      {children}
    </div>
  );
}
