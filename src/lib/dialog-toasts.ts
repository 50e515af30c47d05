// Toasts raised inside a dialog belong to it (issue 29): a dialog opens a scope
// while it is open, the error toasts shown meanwhile (showError) are kept in
// it, and closing the dialog dismisses them, so a stale message never covers
// the next screen or dialog. Success toasts are not kept: they report what the
// dialog did and outlive it. Nested dialogs stack their scopes.
//
// A toast and a dialog never fight (issue 41): a tap on a toast shown over an open dialog is
// the toast's (its Urungkan works, its close button closes it), never a tap "outside" the dialog
// that would close it and throw away what was typed (keepOpenOnToast); the toasts take pointer
// events while a modal dialog makes the rest of the page inert (src/components/ui/sonner.tsx);
// on phones and upright tablets a dialog keeps below the toasts' band (src/index.css).
import { toast } from 'sonner';

type ToastId = string | number;

const scopes: Set<ToastId>[] = [];

/** Opens a scope; the function returned closes it and dismisses its toasts. */
export function openToastScope(): () => void {
  const scope = new Set<ToastId>();
  scopes.push(scope);
  return () => {
    const at = scopes.lastIndexOf(scope);
    if (at >= 0) scopes.splice(at, 1);
    for (const id of scope) toast.dismiss(id);
  };
}

/** Keeps a toast in the innermost open dialog's scope (none open: it lives on its own). */
export function keepInDialog<T extends ToastId>(id: T): T {
  scopes.at(-1)?.add(id);
  return id;
}

/** Is this event's target inside the toasts (sonner's list)? */
function onToast(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('[data-sonner-toaster]');
}

/**
 * A dialog's onInteractOutside: a tap on a toast (or the focus moving to its button) is not a
 * tap outside the dialog; anything else goes on to `then` (the dialog's own handler, if any).
 */
export function keepOpenOnToast<E extends { target: EventTarget | null; preventDefault: () => void }>(
  then?: (event: E) => void,
): (event: E) => void {
  return (event) => {
    if (onToast(event.target)) event.preventDefault();
    else then?.(event);
  };
}
