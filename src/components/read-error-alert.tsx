// Local reads that failed (src/lib/read-errors.ts): said plainly above the screen, with a
// way out, instead of a screen that stays empty and looks as if there were no data.
import { memo, useSyncExternalStore } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { readErrors } from '../lib/read-errors';
import { useT } from '../lib/i18n';

export const ReadErrorAlert = memo(function ReadErrorAlert() {
  const t = useT();
  const errors = useSyncExternalStore(readErrors.subscribe, readErrors.current);
  if (errors.length === 0) return null;
  return (
    <Alert
      variant="destructive"
      data-testid="read-error-alert"
      className="rounded-none border-x-0 border-t-0"
    >
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{t('sync.readFailedTitle')}</AlertTitle>
      <AlertDescription>
        <p data-testid="read-error-message">{errors[0]!.message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </AlertDescription>
    </Alert>
  );
});
