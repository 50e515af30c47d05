// The one way to build a form dialog (with src/lib/writes/use-command-form.ts and
// ./form-fields.tsx): a titled dialog around a form, Batal and the submit
// button in the footer, both disabled while saving (spec 4.4), the submit
// button showing a spinner and, where the spec gives one, its saving label
// ('Menyimpan...'). A nested dialog's submit never submits the one beneath. The footer stays
// in view at the dialog's foot while a long form scrolls.
// Closing it puts the focus back on what opened it and takes away the error
// toasts raised while it was open (issue 29). useFormDialog wires the three: the form, its
// fields and the dialog's props (closed when the command is done, unless onDone says otherwise).
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { openToastScope } from '../lib/dialog-toasts';
import { useT } from '../lib/i18n';
import { cn } from '../lib/utils';
import { useReturnFocus } from '../lib/return-focus';
import { useCommandForm, type CommandFormOptions } from '../lib/writes/use-command-form';
import { useFormFields } from './form-fields';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterScrollPadding,
} from './ui/dialog';
import { Spinner } from './ui/spinner';

export interface FormDialogProps {
  title: string;
  description?: ReactNode;
  /** data-testid of the dialog's content. */
  testId?: string;
  /** data-form of the dialog's content: which of several forms it is (e.g. a hub's shipping form). */
  dataForm?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  submitLabel?: string;
  /** Shown on the submit button while saving, e.g. 'Menyimpan...' (spec 2.5). */
  savingLabel?: string;
  cancelLabel?: string;
  submitTestId?: string;
  /** Wider dialogs for long forms. */
  className?: string;
  /** Below the fields, above the buttons: e.g. a form-level error. */
  footerNote?: ReactNode;
  /**
   * A tap beside the dialog leaves it open (issue 41): for a form whose loss costs a worker
   * most (counts, names, signatures); Batal, the close button and Esc still close it.
   */
  keepOnOutsideTap?: boolean;
  children: ReactNode;
}

export function FormDialog({
  title,
  description,
  testId,
  dataForm,
  onClose,
  onSubmit,
  saving,
  submitLabel,
  savingLabel,
  cancelLabel,
  submitTestId,
  className,
  footerNote,
  keepOnOutsideTap,
  children,
}: FormDialogProps) {
  const t = useT();
  const returnFocus = useReturnFocus(true);
  useEffect(() => openToastScope(), []);
  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent
        data-testid={testId}
        data-form={dataForm}
        className={cn(stickyFooterScrollPadding, className)}
        onCloseAutoFocus={returnFocus}
        onPointerDownOutside={keepOnOutsideTap ? (event) => event.preventDefault() : undefined}
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            onSubmit(event);
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? (
              <DialogDescription>{description}</DialogDescription>
            ) : (
              <DialogDescription className="sr-only">{title}</DialogDescription>
            )}
          </DialogHeader>
          {children}
          {footerNote}
          <DialogFooter sticky data-testid="form-dialog-footer">
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button type="submit" disabled={saving} data-testid={submitTestId}>
              {saving && <Spinner />}
              {saving && savingLabel ? savingLabel : (submitLabel ?? t('common.save'))}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A form dialog's parts: the form (useCommandForm), its fields (useFormFields) and the props the
 * FormDialog takes from them (`<FormDialog title=… {...dialog}>`). Without an onDone of its own,
 * the dialog closes once the command is done.
 */
export function useFormDialog<V extends FieldValues>(
  options: CommandFormOptions<V> & { onClose: () => void },
) {
  const { onClose, ...formOptions } = options;
  const { form, onSubmit, saving } = useCommandForm<V>({ onDone: () => onClose(), ...formOptions });
  const Field = useFormFields(form);
  return { form, Field, dialog: { onSubmit, saving, onClose } };
}
