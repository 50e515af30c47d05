// Toasts raised inside a dialog belong to it (issue 29): a dialog opens a scope
// while it is open, the error toasts shown meanwhile (showError) are kept in
// it, and closing the dialog dismisses them, so a stale message never covers
// the next screen or dialog. Success toasts are not kept: they report what the
// dialog did and outlive it. Nested dialogs stack their scopes.
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
