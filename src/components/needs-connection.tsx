import type { ReactNode } from 'react';
import { WifiOff } from 'lucide-react';
import { useT } from '../lib/i18n';
import { useOnline } from '../lib/hooks/use-online';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';

/** Says plainly that the device is offline and what needs the connection. */
export function OfflineNotice({ description }: { description?: string }) {
  const t = useT();
  return (
    <Alert data-testid="needs-connection">
      <WifiOff aria-hidden="true" />
      <AlertTitle>{t('connection.title')}</AlertTitle>
      <AlertDescription>{description ?? t('connection.description')}</AlertDescription>
    </Alert>
  );
}

/**
 * For screens that truly need the server (users, status procedures, audit
 * trail): offline they show the notice instead of failing silently.
 */
export function RequiresConnection({ children }: { children: ReactNode }) {
  const online = useOnline();
  return online ? <>{children}</> : <OfflineNotice />;
}
