// The Urungkan offer of a floor action (issue 29, docs/sync.md "Undo"): one way for every
// step that moves a truck or a shipment. The action runs as any command (runCommand), and
// its success toast carries Urungkan for ten seconds, a glove-sized button (44px). Urungkan
// withdraws the command if it never left the device, else sends its inverse; when that is no
// longer possible the device says why at once (an error toast), or the server's refusal
// comes back like any other (the rejection toasts: "Tidak dapat diurungkan: ...").
// One offer at a time, for the latest action: the next floor action takes the same toast over
// (its words, its Urungkan, ten seconds again) rather than stacking another on it. A stack's
// older offers sat behind the newest, out of a glove's reach, and each new toast restacked
// and animated them all on the tablet's cores while the next tap waited (issue 43, P3).
import type { CSSProperties } from 'react';
import { toast } from 'sonner';
import { UNDO_WINDOW_MS, type CommandInput, type CommandType, type SyncEngine } from '../../../sync/pure';
import { t } from '../i18n';
import { errorInLanguage } from '../i18n/server-message';
import { runCommand, showError, type CommandResult } from './run-command';

/** The offer's button, in the device's language (issue 30). */
export function undoLabel(): string {
  return t('lib.commands.undo_command');
}

/** Sonner's action button is 24px high: at least 44px for a gloved thumb. */
const UNDO_BUTTON_STYLE: CSSProperties = {
  height: '2.75rem',
  minWidth: '2.75rem',
  paddingInline: '1rem',
  fontSize: '1rem',
  fontWeight: 600,
};

/** Withdraws or reverses the command; the screen puts itself back with `onUndone`. */
export async function undoCommand(
  engine: SyncEngine,
  commandId: string,
  onUndone?: () => void,
): Promise<boolean> {
  try {
    await engine.undo(commandId);
  } catch (error) {
    showError(errorInLanguage(error));
    return false;
  }
  onUndone?.();
  toast.success(t('lib.undo.undone'), { id: `undone-${commandId}` });
  return true;
}

/** The one toast that offers Urungkan (sonner updates a toast of the same id in place). */
export const UNDO_OFFER_ID = 'undo-offer';

/** The success toast of a floor action, with Urungkan while the offer lasts (replacing an earlier offer). */
export function offerUndo(
  engine: SyncEngine,
  commandId: string,
  message: string,
  onUndone?: () => void,
): void {
  toast.success(message, {
    id: UNDO_OFFER_ID,
    // Which command the offer is for now (data-testid, for the tests).
    testId: `undo-offer-${commandId}`,
    duration: UNDO_WINDOW_MS,
    action: {
      label: undoLabel(),
      onClick: () => void undoCommand(engine, commandId, onUndone),
    },
    actionButtonStyle: UNDO_BUTTON_STYLE,
  });
}

/** runCommand for a floor action: its success toast offers Urungkan (no other success toast). */
export async function runWithUndo<T extends CommandType>(
  engine: SyncEngine | null,
  type: T,
  payload: CommandInput<T>,
  options: {
    success: string;
    failure?: (message: string) => string;
    onShown?: () => void;
    /** After an undo: what the screen does to show what it showed before (a tab, a dialog). */
    onUndone?: () => void;
  },
): Promise<CommandResult> {
  const result = await runCommand(engine, type, payload, {
    failure: options.failure,
    onShown: options.onShown,
  });
  if (result.ok && engine) offerUndo(engine, result.id, options.success, options.onUndone);
  return result;
}
