// The i18n catalogues as flat maps (issue 30): key path -> text, for the tests that compare the
// two languages (the catalogue unit test, the language e2e files).
export type Tree = { [key: string]: string | Tree };

/** Every text of a catalogue (or a part of one) by its dotted key. */
export function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(tree as Tree)) {
    if (typeof value === 'string') out.set(`${prefix}${name}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${name}.`)) out.set(k, v);
  }
  return out;
}

/** A message parameter: a value, or a message of its own by key (a conflict's `what`). */
export type MessageParams = Record<string, unknown>;

function isKeyed(value: unknown): value is { key: string; params?: MessageParams } {
  return typeof value === 'object' && value !== null && 'key' in value && typeof value.key === 'string';
}

/** The sentence of a key with its parameters, as a catalogue's `server` part gives it (nested keys too). */
export function render(tree: object, key: string, params: MessageParams = {}): string {
  const template = leaves(tree).get(key);
  if (template === undefined) throw new Error(`no text for ${key}`);
  return Object.entries(params).reduce((out, [name, value]) => {
    const shown = isKeyed(value) ? render(tree, value.key, value.params) : String(value ?? '');
    return out.split(`{{${name}}}`).join(shown);
  }, template);
}
