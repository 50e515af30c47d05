// The one way a form dialog validates and saves (with src/components/form-dialog.tsx
// and src/components/form-fields.tsx):
//   1. react-hook-form holds the values; the form's zod schema (the spec's
//      messages) validates them; every field's message stands under it at once,
//      the first invalid field takes the focus, and no toast repeats them (issue
//      29: a toast only when the form has no place to show the message);
//   2. `submit(values)` says what to send: a command (dispatched through the
//      sync engine, so it works offline; the command's own schema validates the
//      payload again and its messages come back onto the fields), or async work
//      of its own (an edge function call, online only), or null for nothing
//      (an edit that changes nothing), or the failure of a check it made itself
//      (a payload checked by its command's schema before sending);
//   3. while it saves, `saving` disables the buttons (spec 4.4); on success the
//      spec's toast, then onDone (and a reset to the defaults when asked: dialogs
//      that stay open, spec 4.4's warehouse dialog); work onDone returns (e.g. a
//      shipping form's photos put in the upload queue) keeps the buttons disabled
//      until it is done.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  useForm,
  type DefaultValues,
  type FieldErrors as HookFieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import type { CommandInput, CommandType } from '../../../sync/pure';
import type { Checked } from './check-command';
import type { Failed, FieldErrors } from './field-errors';
import { issueInLanguage } from '../i18n/server-message';
import { runCommand, showError } from './run-command';
import { useSyncEngine } from '../sync-engine';

export type WorkResult = { ok: true } | { ok: false; message: string; errors?: FieldErrors };

/** A command to send, its type and payload checked together at compile time. */
export type CommandSubmission = {
  [T in CommandType]: {
    command: T;
    payload: CommandInput<T>;
    /** The spec's success toast. */
    success?: string;
    /** The spec's failure toast for an unexpected error, given its message. */
    failure?: (message: string) => string;
    /**
     * Work the command needs done first, while saving (the counted receipt's signatures and
     * photos queued under the ids it names); its failure is toasted and nothing is sent.
     */
    before?: () => Promise<WorkResult>;
  };
}[CommandType];

export type Submission =
  | CommandSubmission
  | { run: () => Promise<WorkResult>; success?: string }
  /** Refused before anything is sent (e.g. by the command's own schema): the messages per field. */
  | Failed
  | null;

/**
 * What a form checked by its command's schema (checkCommand) sends: the check's
 * failure as it is (its messages onto the fields), else its payload as that command.
 */
export function sendChecked<T extends CommandType>(
  command: T,
  checked: Checked<CommandInput<T>>,
  toasts: Pick<CommandSubmission, 'success' | 'failure'> = {},
): Submission {
  if (!checked.ok) return checked;
  return { command, payload: checked.payload, ...toasts } as CommandSubmission;
}

export interface CommandFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>;
  /** The form's rules with the spec's messages. */
  schema?: z.ZodType;
  submit: (values: V) => Submission | Promise<Submission>;
  /** Payload field -> form field, where a command's field is named otherwise than the form's. */
  fieldOf?: Record<string, Path<V>>;
  /**
   * After success; `payload` is the command's payload when one was sent. A promise it
   * returns is awaited while still saving.
   */
  onDone?: (values: V, payload?: Record<string, unknown>) => void | Promise<void>;
  resetOnDone?: boolean;
  /**
   * What a change of any field takes away besides that field's own message (which
   * goes anyway): 'form' the form-wide message, 'all' every message (a form that
   * shows one message for all its fields, spec 5's 'Semua field harus diisi').
   */
  clearOnChange?: 'form' | 'all';
}

export interface CommandForm<V extends FieldValues> {
  form: UseFormReturn<V>;
  onSubmit: (event?: FormEvent) => Promise<void>;
  saving: boolean;
}

/**
 * After the messages are on screen: the focus on the first invalid control of the
 * form (in the order the user reads them), and the toast only when no message
 * shows inline (a payload field the form has no control for, a form-wide message
 * the form does not show).
 */
function revealErrors(form: HTMLFormElement | null, first: string): void {
  if (!form?.isConnected) {
    showError(first);
    return;
  }
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  const inline = [...form.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.trim());
  if (!inline) showError(first);
}

/** The messages of a schema of sync's (by key) in the device's language; others as they are. */
function inLanguage<V extends FieldValues>(resolver: Resolver<V>): Resolver<V> {
  const put = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const error = node as { message?: unknown };
    if (typeof error.message === 'string') error.message = issueInLanguage({ message: error.message });
    for (const [name, child] of Object.entries(node)) if (name !== 'ref' && name !== 'message') put(child);
  };
  return async (...args) => {
    const result = await resolver(...args);
    put(result.errors);
    return result;
  };
}

function firstMessage(errors: HookFieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (!error) continue;
    if (typeof error.message === 'string' && error.message) return error.message;
    const nested = firstMessage(error as HookFieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

export function useCommandForm<V extends FieldValues>(options: CommandFormOptions<V>): CommandForm<V> {
  const engine = useSyncEngine();
  const [saving, setSaving] = useState(false);
  // The form element of the last submit, and a request to reveal its messages once rendered.
  const formElement = useRef<HTMLFormElement | null>(null);
  const [reveal, setReveal] = useState<{ first: string } | null>(null);
  useEffect(() => {
    if (reveal) revealErrors(formElement.current, reveal.first);
  }, [reveal]);
  const form = useForm<V>({
    defaultValues: options.defaultValues,
    // revealErrors focuses the first invalid control on screen.
    shouldFocusError: false,
    resolver: options.schema ? inLanguage(zodResolver(options.schema as never) as unknown as Resolver<V>) : undefined,
  });

  const { clearOnChange } = options;
  useEffect(() => {
    if (!clearOnChange) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name) form.clearErrors(clearOnChange === 'all' ? undefined : 'root');
      },
    });
  }, [form, clearOnChange]);

  const showFieldErrors = (errors: FieldErrors) => {
    for (const [field, message] of Object.entries(errors)) {
      const name = (options.fieldOf?.[field] ?? field) as Path<V>;
      form.setError(field === 'form' ? 'root' : name, { type: 'server', message });
    }
  };

  const save = async (values: V) => {
    const submission = await options.submit(values);
    if (!submission) {
      await options.onDone?.(values);
      return;
    }
    if ('ok' in submission) {
      showFieldErrors(submission.errors);
      setReveal({ first: submission.first });
      return;
    }
    setSaving(true);
    try {
      if ('command' in submission) {
        const ready = (await submission.before?.()) ?? { ok: true };
        if (!ready.ok) {
          showError(ready.message);
          return;
        }
        const result = await runCommand(engine, submission.command, submission.payload, {
          success: submission.success,
          failure: submission.failure,
          inlineErrors: true,
        });
        if (!result.ok) {
          showFieldErrors(result.errors);
          // A refusal or an unexpected failure was toasted already; validation messages go inline.
          if (result.first) setReveal({ first: result.first });
          return;
        }
      } else {
        const result = await submission.run();
        if (!result.ok) {
          if (result.errors && Object.keys(result.errors).length) {
            showFieldErrors(result.errors);
            setReveal({ first: result.message });
          } else showError(result.message);
          return;
        }
        if (submission.success) toast.success(submission.success);
      }
      if (options.resetOnDone) form.reset(options.defaultValues);
      await options.onDone?.(values, 'command' in submission ? submission.payload : undefined);
    } finally {
      setSaving(false);
    }
  };

  const onSubmit = (event?: FormEvent) => {
    const target = event?.target;
    formElement.current = target instanceof Element ? target.closest('form') : null;
    // Without a schema react-hook-form clears only the messages of the fields it
    // registers; one of a value kept otherwise (a multi-select set with setValue, a
    // payload field the form has none for) would stay and hold up every later submit.
    if (!options.schema) form.clearErrors();
    return form.handleSubmit(save, (errors) => {
      const message = firstMessage(errors);
      if (message) setReveal({ first: message });
    })(event);
  };

  return { form, onSubmit, saving };
}
