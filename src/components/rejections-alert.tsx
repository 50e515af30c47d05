// Actions the server refused (a late Confirm Tiba on another tablet, a vehicle
// no longer free...): the view has already gone back to the server's state;
// this says what happened until the user dismisses it (docs/sync.md).
import { memo } from 'react';
import { CircleAlert, X } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { formatDateTime } from '../lib/format-date';
import { useRejections, useSyncEngine } from '../lib/sync-engine';
import { useT } from '../lib/i18n';
import { serverMessage } from '../lib/i18n/server-message';

const SHOWN = 5;

/** Memoized (no props): it renders when the rejections change, not with the screen around it. */
export const RejectionsAlert = memo(function RejectionsAlert() {
  const t = useT();
  const engine = useSyncEngine();
  const rejections = useRejections();
  if (rejections.length === 0) return null;
  return (
    <Alert variant="destructive" data-testid="rejections-alert">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{t('sync.rejectedTitle')}</AlertTitle>
      <AlertDescription>
        <ul className="grid w-full gap-1">
          {rejections.slice(0, SHOWN).map((r) => (
            <li key={r.commandId} className="flex items-center justify-between gap-2" data-testid="rejection">
              <span>
                <span className="font-medium" data-testid="rejection-message">
                  {serverMessage(r.key, r.message)}
                </span>{' '}
                <span className="text-xs opacity-80">({formatDateTime(r.at)})</span>
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('common.close')}
                onClick={() => void engine?.dismissConflict(r.commandId)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
});
