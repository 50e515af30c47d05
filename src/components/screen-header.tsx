import type { ReactNode } from 'react';

/** A screen's title, what it is for, and its main actions on the right. */
export function ScreenHeader({
  title,
  description,
  actions,
  alignEnd = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The actions level with the column's foot rather than its top. */
  alignEnd?: boolean;
  /** More under the title and description (the data's freshness, the scanner). */
  children?: ReactNode;
}) {
  return (
    <header className={`flex flex-wrap ${alignEnd ? 'items-end' : 'items-start'} justify-between gap-3`}>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
        {children}
      </div>
      {actions}
    </header>
  );
}
