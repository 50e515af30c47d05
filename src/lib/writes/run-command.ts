// The folder src/lib/writes: every write of the screens. A command and its toasts (this file), the
// form pattern (use-command-form.ts, check-command.ts, field-errors.ts, master-data-forms.ts),
// what only the server can do (server-action.ts) and the Urungkan offer (undo-offer.ts).
//
// Every write of the screens: engine.dispatch, then the spec's toasts.
// ValidationFailed carries the spec's messages (shown inline by a form, which
// asks for no toast repeating them; else as a toast); CommandRefused (the device already knows the server would
// refuse) and anything unexpected become the destructive toast titled 'Error'.
import { toast } from 'sonner';
import {
  CommandRefused,
  ValidationFailed,
  type Change,
  type CommandInput,
  type CommandType,
  type SyncEngine,
} from '../../../sync/pure';
import { keepInDialog } from '../dialog-toasts';
import { failed, type FieldErrors } from './field-errors';
import { t } from '../i18n';
import { errorInLanguage, messageInLanguage, serverMessage } from '../i18n/server-message';

export type CommandResult =
  | { ok: true; changes: Change[]; /** The command's id (an undo names it). */ id: string }
  /** `first`: the first validation message, when the caller shows them itself (inlineErrors). */
  | { ok: false; errors: FieldErrors; first?: string };

/**
 * The destructive 'Error' toast, with a text in the device's language; raised inside a dialog,
 * it goes when the dialog closes.
 */
export function showError(description: string): void {
  keepInDialog(toast.error(t('common.errorTitle'), { description }));
}

export async function runCommand<T extends CommandType>(
  engine: SyncEngine | null,
  type: T,
  payload: CommandInput<T>,
  options: {
    success?: string;
    failure?: (message: string) => string;
    /** Runs once the effect is on screen, before it is stored (a screen that moves on after the tap). */
    onShown?: () => void;
    /** A form shows the validation messages under its fields: no toast repeating them (issue 29). */
    inlineErrors?: boolean;
  } = {},
): Promise<CommandResult> {
  if (!engine) {
    showError(t('lib.command.databaseNotReady'));
    return { ok: false, errors: {} };
  }
  try {
    const { changes, id } = await engine.dispatch(type, payload, { onShown: options.onShown });
    if (options.success) toast.success(options.success);
    return { ok: true, changes, id };
  } catch (error) {
    if (error instanceof ValidationFailed) {
      const checked = failed(
        error.issues.map((i) => ({
          path: i.path ? i.path.split('.') : [],
          message: i.keyed ? messageInLanguage(i.keyed) : i.message,
        })),
      );
      if (!options.inlineErrors) showError(checked.first);
      return { ok: false, errors: checked.errors, first: checked.first };
    }
    if (error instanceof CommandRefused) {
      // By its key (issue 39), in the device's language; a text of the device's own as it is.
      showError(serverMessage(error.keyed, error.message));
      return { ok: false, errors: {} };
    }
    console.error(`${type} failed`, error);
    const message = errorInLanguage(error);
    showError(options.failure ? options.failure(message) : message);
    return { ok: false, errors: {} };
  }
}
