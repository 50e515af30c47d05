// A refusal in the device's language by its key (issue 39): the server (public.cmd_reject) and
// the device's own refusals (sync/message.ts) name a key of the catalogue's `server` messages
// and its parameters; a parameter that is a message itself is put in the language first.
// Without a key (a row stored by an older release, an error that is not a refusal) the text is
// shown as it came, through localize() until the device's own messages carry keys too.
import type { KeyedMessage, MessageParam } from '../../../sync/pure';
import { i18n, t } from './index';
import { localize } from './localize';

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
  return (key && keyedText(key)) ?? localize(text);
}
