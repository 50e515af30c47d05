import { useT } from '../lib/i18n';
import { cn } from '../lib/utils';
import { Spinner } from './ui/spinner';

/** Shown while the session (and later the profile) is still being read, or a screen's code loads. */
export function FullPageLoader({ message, className }: { message?: string; className?: string }) {
  const t = useT();
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-svh flex-col items-center justify-center gap-3', className)}
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{message ?? t('common.loading')}</p>
    </div>
  );
}

/** Inside the shell, while a screen's code loads (from the service worker's cache when offline). */
export function ScreenLoader() {
  return <FullPageLoader className="min-h-[50svh] p-6" />;
}
