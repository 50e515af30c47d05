// The frame of a dialog that is open while it is shown (the camera, the QR scanner, a handover
// document): its title and description, its body, its footer's buttons; Esc, the close button
// and a tap beside it call onClose. Its footer stays in view while a long body scrolls. The dialog's own props (test id, classes, data attributes)
// go to its content. A form dialog is ./form-dialog.tsx.
import type { ComponentProps, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  stickyFooterScrollPadding,
} from './ui/dialog';
import { cn } from '../lib/utils';

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
      <DialogContent {...content} className={cn(stickyFooterScrollPadding, content.className)}>
        <DialogHeader className={chromeClassName}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter sticky className={chromeClassName}>
          {footer}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
