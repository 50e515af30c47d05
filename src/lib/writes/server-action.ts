// Actions that only the server can do (status procedures, user functions):
// `asWork` turns one into the form pattern's async work (useCommandForm shows
// the toasts); `runServerAction` runs one outside a form (a delete
// confirmation): the success toast or the destructive 'Error' toast with the
// server's message (spec 8: failures are shown and logged, never retried).
import { toast } from 'sonner';
import { showError } from './run-command';
import type { WorkResult } from './use-command-form';

export async function asWork(action: () => Promise<unknown>, failure: string): Promise<WorkResult> {
  try {
    await action();
    return { ok: true };
  } catch (error) {
    console.error(failure, error);
    return { ok: false, message: (error as Error)?.message || failure };
  }
}

export async function runServerAction(
  action: () => Promise<unknown>,
  texts: { success: string; failure: string },
  after?: () => void,
): Promise<boolean> {
  const result = await asWork(action, texts.failure);
  if (!result.ok) {
    showError(result.message);
    return false;
  }
  toast.success(texts.success);
  after?.();
  return true;
}
