import { useState, type ComponentProps } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

/** A button running one async action; disabled while it runs (spec 4.4: a saving flag disables the buttons). */
export function ActionButton({
  onAction,
  children,
  disabled,
  ...props
}: Omit<ComponentProps<typeof Button>, 'onClick'> & { onAction: () => Promise<unknown> }) {
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
      {children}
    </Button>
  );
}
