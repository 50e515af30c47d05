// The device's and the server's messages from the same keys (issue 30). Commands, forms' zod
// schemas and the server's refusals speak Bahasa Indonesia (sync/messages.ts, the migrations'
// cmd_reject): localize() finds the catalogue key whose Indonesian text a message is (with the
// values a template such as 'Kendaraan {{plate}} tidak aktif.' carries) and answers it in the
// device's language; a text with no key is shown as it came.
import { currentLanguage, DEFAULT_LANGUAGE, t } from './index';
import { id } from './id';

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${name}`, value] as [string, string]]
      : leaves(value, `${prefix}${name}.`),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let exact: Map<string, string> | null = null;
let templates: Template[] = [];

function build(): Map<string, string> {
  if (exact) return exact;
  exact = new Map();
  const found: Template[] = [];
  // The server's words first: where two keys share a text, the refusal's key wins.
  const all = [...leaves(id.server as Tree, 'server.'), ...leaves(id as unknown as Tree)];
  for (const [key, text] of all) {
    if (!text.includes('{{')) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const names: string[] = [];
    const source = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    found.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  // A template that starts with a value ({{what}} oleh ...) matches last: a more literal one
  // says more about the message.
  templates = found.sort(
    (a, b) => Number(a.pattern.source.startsWith('^(')) - Number(b.pattern.source.startsWith('^(')),
  );
  return exact;
}

export interface MessageKey {
  key: string;
  values: Record<string, string>;
}

/** The catalogue key (and its values) whose Indonesian text `message` is, or null. */
export function messageKey(message: string): MessageKey | null {
  const table = build();
  const key = table.get(message);
  if (key) return { key, values: {} };
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, index) => {
      // A value that is itself a message (a conflict's "what") is localized too.
      values[name] = localize(match[index + 1] ?? '');
    });
    return { key: template.key, values };
  }
  return null;
}

/** A message of the device or the server, in the device's language (as it came when no key has it). */
export function localize(message: string | null | undefined): string {
  if (!message) return message ?? '';
  if (currentLanguage() === DEFAULT_LANGUAGE) return message;
  const found = messageKey(message);
  if (!found) return message;
  return (t as unknown as (key: string, values: Record<string, string>) => string)(found.key, found.values);
}
