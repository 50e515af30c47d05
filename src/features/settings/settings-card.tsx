// One card of the Settings screen: its title, what it is for where that needs saying, and its
// content (test id `settings-{id}`).
import type { ReactNode } from 'react';
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
