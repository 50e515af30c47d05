// A destructive confirmation on the alert-dialog primitive: the action runs
// while both buttons are disabled; the dialog closes when it succeeds and stays
// open (the caller shows why) when it fails. Closing it puts the focus back on
// what opened it and takes away the error toasts raised while it was open.
import { useEffect, useState } from 'react';
import { openToastScope } from '../lib/dialog-toasts';
import { useT } from '../lib/i18n';
import { useReturnFocus } from '../lib/return-focus';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Spinner } from './ui/spinner';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Resolves true when done (the dialog closes), false to keep it open. */
  onConfirm: () => Promise<boolean>;
  /** data-testid of the dialog's content. */
  testId?: string;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus(open);
  useEffect(() => (open ? openToastScope() : undefined), [open]);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent data-testid={testId} onCloseAutoFocus={returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel ?? t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy}
            onClick={(event) => {
              event.preventDefault(); // close only when the action succeeded
              setBusy(true);
              void onConfirm()
                .then((done) => done && onOpenChange(false))
                .finally(() => setBusy(false));
            }}
          >
            {busy && <Spinner className="size-4" aria-hidden="true" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Asks before deleting `target` (none: closed); the deletion resolves true to close. */
export function ConfirmDelete<T>({
  target,
  onClose,
  title,
  description,
  confirmLabel,
  onDelete,
}: {
  target: T | null;
  onClose: () => void;
  title: string;
  description: (target: T) => string;
  /** The confirm button's words, if not Delete's. */
  confirmLabel?: string;
  onDelete: (target: T) => Promise<boolean>;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={target !== null ? description(target) : ''}
      confirmLabel={confirmLabel ?? t('common.delete')}
      onConfirm={() => (target !== null ? onDelete(target) : Promise.resolve(true))}
    />
  );
}
