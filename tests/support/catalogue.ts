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
