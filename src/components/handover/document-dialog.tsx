// The frame of a handover document's dialog (issue 28): the surat jalan after a shipping form
// (surat-jalan-dialog.tsx) and the BAST after a counted receipt
// (counted-receipt/bast-dialog.tsx). The tablet makes the PDF from what it holds (offline too):
// while it is made the dialog says so, if it cannot be made it says that, and once made it
// shows the document's own actions. Its state is on the dialog (a data attribute) for tests.
import type { ReactNode } from 'react';
import { DialogFrame } from '../dialog-frame';
import { Spinner } from '../ui/spinner';

export type DocumentState = 'making' | 'made' | 'failed';

export function DocumentDialog({
  testId,
  stateAttribute,
  state,
  title,
  description,
  making,
  failed,
  className = 'sm:max-w-lg',
  chromeClassName,
  footer,
  children,
  onClose,
}: {
  testId: string;
  /** The data attribute that carries the state, e.g. `data-bast`. */
  stateAttribute: `data-${string}`;
  state: DocumentState;
  title: string;
  description: string;
  /** Said while the PDF is made. */
  making: string;
  /** Said when it could not be made. */
  failed: string;
  className?: string;
  /** The header's and footer's classes (e.g. hidden when printing). */
  chromeClassName?: string;
  footer: ReactNode;
  /** What the made document offers (shown once made). */
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    <DialogFrame
      data-testid={testId}
      {...{ [stateAttribute]: state }}
      className={className}
      chromeClassName={chromeClassName}
      title={title}
      description={description}
      footer={footer}
      onClose={onClose}
    >
      {state === 'making' && (
        <p className="flex items-center gap-2" role="status">
          <Spinner />
          {making}
        </p>
      )}
      {state === 'failed' && (
        <p className="text-destructive" role="alert">
          {failed}
        </p>
      )}
      {state === 'made' && children}
    </DialogFrame>
  );
}
