// The row of figure cards at the top of a list screen (Inventory Master, In-Transit, Hub
// Activity): a label, a whole number in Indonesian digits, an icon when there is one, and a
// placeholder instead of the figure while its tables have not arrived. Cards of another shape
// (In-Transit's TV and Bracket pair) come as children, in the same grid.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format-date';
import { cn } from '../lib/utils';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card';
import { Skeleton } from './ui/skeleton';

export interface StatCard {
  label: string;
  value: number;
  testId: string;
  icon?: LucideIcon;
}

export function StatCards({
  items,
  ready = true,
  className,
  children,
}: {
  items: readonly StatCard[];
  ready?: boolean;
  /** The grid's columns, e.g. 'grid-cols-3'. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3', className)}>
      {items.map(({ label, value, testId, icon: Icon }) => (
        <Card key={testId}>
          <CardHeader className="flex flex-row items-center justify-between pb-0">
            <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
            {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
          </CardHeader>
          <CardContent>
            {ready ? (
              <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
                {formatNumber(value)}
              </span>
            ) : (
              <Skeleton className="h-8 w-20" />
            )}
          </CardContent>
        </Card>
      ))}
      {children}
    </div>
  );
}
