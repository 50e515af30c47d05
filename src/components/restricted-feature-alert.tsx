import { ShieldAlert } from 'lucide-react';
import type { Denial } from '../lib/access';
import { RESTRICTED_NO_PERMISSION, RESTRICTED_ROLE_ONLY, RESTRICTED_TITLE } from '../lib/messages';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';

const MESSAGES: Record<Denial, string> = {
  permission: RESTRICTED_NO_PERMISSION,
  role: RESTRICTED_ROLE_ONLY,
};

/** Shown instead of a screen the user's role may not open (spec 6). */
export function RestrictedFeatureAlert({ reason, screen }: { reason: Denial; screen?: string }) {
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4 md:p-6">
      {screen && <h1 className="text-2xl font-bold tracking-tight">{screen}</h1>}
      <Alert variant="destructive" data-testid="restricted-feature-alert" data-reason={reason}>
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>{RESTRICTED_TITLE}</AlertTitle>
        <AlertDescription>{MESSAGES[reason]}</AlertDescription>
      </Alert>
    </div>
  );
}
