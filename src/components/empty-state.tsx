import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

export function EmptyState({ children, testId = 'empty-state' }: { children: ReactNode; testId?: string }) {
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
