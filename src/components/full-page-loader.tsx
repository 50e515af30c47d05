import { LOADING_MESSAGE } from '../lib/messages';
import { Spinner } from './ui/spinner';

/** Shown while the session (and later the profile) is still being read. */
export function FullPageLoader({ message = LOADING_MESSAGE }: { message?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh flex-col items-center justify-center gap-3"
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{message}</p>
    </div>
  );
}
