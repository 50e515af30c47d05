// A message by key (issue 39): what a refusal says, as a key of the server's messages
// (server-texts.ts; public.app_messages on the server) and its parameters.
// A parameter that is itself a message ({key, params}: a conflict's "what", a discrepancy's
// item) is put in the device's language too. The screens show it with t(); the Indonesian
// sentence the server made goes along as the text for anything that has no key (an older
// server's answer, an error that is not a refusal).
import { SERVER_TEXTS } from './server-texts';

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the server's messages: 'vehicleNotReady', 'handover.noteTooLong'. */
export type MessageKey = Paths<typeof SERVER_TEXTS>;

export interface KeyedMessage {
  key: string;
  params?: Record<string, MessageParam>;
}

export type MessageParam = string | number | boolean | null | KeyedMessage;

function isParam(value: unknown): value is MessageParam {
  return (
    value === null || ['string', 'number', 'boolean'].includes(typeof value) || keyedMessage(value) !== null
  );
}

/** The {key, params} of an answer or a stored row, or null when it carries none. */
export function keyedMessage(value: unknown): KeyedMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || key === '') return null;
  if (params === undefined || params === null) return { key };
  if (typeof params !== 'object' || Array.isArray(params)) return { key };
  const kept: Record<string, MessageParam> = {};
  for (const [name, param] of Object.entries(params)) if (isParam(param)) kept[name] = param;
  return { key, params: kept };
}

function textOf(key: string): string | null {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], SERVER_TEXTS);
  return typeof found === 'string' ? found : null;
}

/** The Indonesian sentence of a message (as public.message_text makes it on the server). */
export function messageText(message: KeyedMessage): string {
  const template = textOf(message.key) ?? message.key;
  return Object.entries(message.params ?? {}).reduce((text, [name, param]) => {
    const value = param !== null && typeof param === 'object' ? messageText(param) : String(param ?? '');
    return text.split(`{{${name}}}`).join(value);
  }, template);
}

type KeyTree<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : KeyTree<T[K], `${P}${K}.`>;
};

function keysOf(tree: object, prefix = ''): unknown {
  return Object.fromEntries(
    Object.entries(tree).map(([name, value]) => [
      name,
      typeof value === 'string' ? `${prefix}${name}` : keysOf(value as object, `${prefix}${name}.`),
    ]),
  );
}

/**
 * The server's messages as their keys, by the same names (KEY.handover.noteTooLong is
 * 'handover.noteTooLong'): a command's zod schema gives these as its messages, so a failed
 * check names its key (issueMessage) and each screen says it in its own language.
 */
export const KEY = keysOf(SERVER_TEXTS) as KeyTree<typeof SERVER_TEXTS>;

/** Whether `key` names one of the server's messages. */
export const isMessageKey = (key: string): key is MessageKey => textOf(key) !== null;

/**
 * The message of a zod issue of a command's schema: its message is a key (KEY), and a custom
 * issue's params are the key's parameters. Null for zod's own words (a schema without ours).
 */
export function issueMessage(issue: { message: string; params?: Record<string, unknown> }): KeyedMessage | null {
  return isMessageKey(issue.message) ? keyedMessage({ key: issue.message, params: issue.params }) : null;
}

/** A zod issue in Indonesian: its key's sentence, or zod's own words as they came. */
export function issueText(issue: { message: string; params?: Record<string, unknown> }): string {
  const keyed = issueMessage(issue);
  return keyed ? messageText(keyed) : issue.message;
}

/** A message of the device's own, typed by its key. */
export function keyed(key: MessageKey, params?: Record<string, MessageParam>): KeyedMessage {
  return params ? { key, params } : { key };
}
