// One card of the Settings screen: its title, what it is for where that needs saying, and its
// content (test id `settings-{id}`).
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

export function SettingsCard({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  /** The content's layout, e.g. 'grid gap-3 text-sm'. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={`settings-${id}`}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/** A card of settings kept on the server (attention thresholds, the working set): their rows,
 *  the button that opens their dialog (online, once they are read), and why not offline. */
export function ServerSettingsCard({
  id,
  title,
  description,
  rows,
  changeLabel,
  offlineText,
  online,
  loaded,
  onChange,
  children,
}: {
  id: string;
  title: string;
  description: string;
  rows: ReactNode;
  changeLabel: string;
  offlineText: string;
  online: boolean;
  loaded: boolean;
  onChange: () => void;
  /** The dialog, while it is open. */
  children: ReactNode;
}) {
  return (
    <SettingsCard id={id} title={title} description={description} className="grid gap-3 text-sm">
      <dl className="divide-y">{rows}</dl>
      <Button variant="outline" className="w-fit" disabled={!online || !loaded} onClick={onChange}>
        {changeLabel}
      </Button>
      {!online && <p className="text-muted-foreground">{offlineText}</p>}
      {children}
    </SettingsCard>
  );
}
