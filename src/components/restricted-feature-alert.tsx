import { ShieldAlert } from 'lucide-react';
import type { Denial } from '../lib/session/access';
import { useT } from '../lib/i18n';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';

const MESSAGES = {
  permission: 'users.server.notAdmin',
  role: 'restricted.roleOnly',
} as const satisfies Record<Denial, string>;

/** Shown instead of a screen the user's role may not open (spec 6). */
export function RestrictedFeatureAlert({ reason, screen }: { reason: Denial; screen?: string }) {
  const t = useT();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4 md:p-6">
      {screen && <h1 className="text-2xl font-bold tracking-tight">{screen}</h1>}
      <Alert variant="destructive" data-testid="restricted-feature-alert" data-reason={reason}>
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>{t('restricted.title')}</AlertTitle>
        <AlertDescription>{t(MESSAGES[reason])}</AlertDescription>
      </Alert>
    </div>
  );
}
