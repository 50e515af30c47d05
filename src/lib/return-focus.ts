// Focus goes back to what opened a dialog once it closes (issue 29). The dialogs
// here are opened from state, not from a Radix Trigger, so Radix has nothing to
// return the focus to and leaves it on the page. The opener is read as the
// dialog first renders: the focused control, or, for a menu's item (gone once
// the menu closes), the button that opened the menu.
import { useState } from 'react';

function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger instanceof HTMLElement) return trigger;
  }
  return active;
}

/**
 * The opener of a dialog while `open`; the handler returned is the content's
 * onCloseAutoFocus: it puts the focus back on the opener (when still on the page).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const [state, setState] = useState(() => ({
    open,
    opener: open && typeof document !== 'undefined' ? openerOf(document.activeElement) : null,
  }));
  // Opened again (a dialog that stays mounted): the new opener, read while rendering.
  if (state.open !== open) setState({ open, opener: open ? openerOf(document.activeElement) : state.opener });
  return (event: Event) => {
    const opener = state.opener;
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}
