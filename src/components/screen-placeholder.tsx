import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';
import { SCREEN_COMING } from '../lib/messages';
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card';

/** Stands in, inside the app shell, for a screen that is not built yet. */
export function ScreenPlaceholder({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4 p-4 md:p-6" data-testid="screen-placeholder">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
      <Card>
        <CardHeader className="flex flex-row items-center gap-3">
          <Construction className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description ?? SCREEN_COMING}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </div>
  );
}
