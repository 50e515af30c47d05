// The frame of a dialog that is open while it is shown (the camera, the QR scanner, a handover
// document): its title and description, its body, its footer's buttons; Esc, the close button
// and a tap beside it call onClose. The dialog's own props (test id, classes, data attributes)
// go to its content. A form dialog is ./form-dialog.tsx.
import type { ComponentProps, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

export function DialogFrame({
  title,
  description,
  footer,
  chromeClassName,
  onClose,
  children,
  ...content
}: Omit<ComponentProps<typeof DialogContent>, 'title'> & {
  title: ReactNode;
  description: ReactNode;
  footer: ReactNode;
  /** The header's and footer's classes (e.g. hidden when printing). */
  chromeClassName?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent {...content}>
        <DialogHeader className={chromeClassName}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter className={chromeClassName}>{footer}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
