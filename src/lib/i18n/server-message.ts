// A message in the device's language by its key (issue 39): the server (public.cmd_reject) and
// the device's own refusals and schema checks (sync/message.ts) name a key of the catalogue's
// `server` messages and its parameters; a parameter that is a message itself is put in the
// language first. Without a key (a row stored by an older release, an error that is not a
// refusal) the text is shown as it came.
import { issueMessage, keyedMessage, type KeyedMessage, type MessageParam } from '../../../sync/pure';
import { i18n, t } from './index';

function paramText(param: MessageParam): string {
  if (param === null) return '';
  if (typeof param === 'object') return keyedText(param) ?? param.key;
  return String(param);
}

function keyedText(message: KeyedMessage): string | null {
  const path = `server.${message.key}`;
  if (!i18n.exists(path)) return null;
  const values = Object.fromEntries(
    Object.entries(message.params ?? {}).map(([name, p]) => [name, paramText(p)]),
  );
  return (t as unknown as (key: string, values: Record<string, string>) => string)(path, values);
}

/** What a refusal says, in the device's language: by its key when it has one, else its text. */
export function serverMessage(key: KeyedMessage | null | undefined, text: string | null | undefined): string {
  return (key && keyedText(key)) ?? text ?? '';
}

/** A message by key in the device's language (its key's text as it is when the key is unknown). */
export function messageInLanguage(message: KeyedMessage): string {
  return keyedText(message) ?? message.key;
}

/** A zod issue in the device's language: a command schema's by its key, another's as it came. */
export function issueInLanguage(issue: { message: string; params?: Record<string, unknown> }): string {
  const keyed = issueMessage(issue);
  return keyed ? messageInLanguage(keyed) : issue.message;
}

/**
 * An error in the device's language: a refusal of the server's functions (PostgREST's `hint`
 * holds public.cmd_reject's {key, params}) or of a command (CommandRefused's `keyed`) by its
 * key; anything else by its message.
 */
export function errorInLanguage(error: unknown): string {
  if (error === null || error === undefined) return '';
  if (typeof error !== 'object') return String(error);
  const { keyed, hint, message } = error as { keyed?: unknown; hint?: unknown; message?: unknown };
  let found = keyedMessage(keyed);
  if (!found && typeof hint === 'string' && hint.startsWith('{')) {
    try {
      found = keyedMessage(JSON.parse(hint));
    } catch {
      found = null;
    }
  }
  return serverMessage(found, typeof message === 'string' ? message : String(error));
}
