import { useState, type ComponentProps } from 'react';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** A button running one async action; disabled while it runs (spec 4.4: a saving flag disables the buttons). */
export function ActionButton({
  onAction,
  children,
  disabled,
  busyLabel,
  ...props
}: Omit<ComponentProps<typeof Button>, 'onClick'> & {
  onAction: () => Promise<unknown>;
  /** Shown instead of the children while the action runs, e.g. 'Processing...'. */
  busyLabel?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...props}
      disabled={disabled || busy}
      onClick={() => {
        setBusy(true);
        void onAction().finally(() => setBusy(false));
      }}
    >
      {busy && <Spinner />}
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}
