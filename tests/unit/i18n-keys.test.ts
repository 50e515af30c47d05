// Issue 39: one key per text, and no key that no code reads. The code is read as text: a key is
// read where its whole path stands as a string in src/ or sync/, where a template builds it from
// a parent's path (`common.item.${item}`), or, for the server's own texts (`server.*`), where
// sync/ or the database's functions name it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { leaves, type Tree } from '../support/catalogue';

const ROOT = join(__dirname, '../..');
const CATALOGUE = /^src\/lib\/i18n\/(.*-(id|en)|id|en)\.ts$|^sync\/server-texts\.ts$/;

function sources(folder: string): string[] {
  return (readdirSync(join(ROOT, folder), { recursive: true }) as string[])
    .map((f) => `${folder}/${f}`)
    .filter((f) => /\.(ts|tsx|sql)$/.test(f) && !CATALOGUE.test(f));
}

const code = ['src', 'sync', 'supabase/functions', 'supabase/schemas']
  .flatMap(sources)
  .map((f) => readFileSync(join(ROOT, f), 'utf8'))
  .join('\n');
/** Parents whose children a template names: `common.item.${item}` gives `common.item.`. */
const built = [...code.matchAll(/`([A-Za-z_.]+)\.\$\{/g)].map((m) => `${m[1]}.`);

function isRead(key: string): boolean {
  if ([`'${key}'`, `"${key}"`, `\`${key}\``].some((quoted) => code.includes(quoted))) return true;
  if (built.some((parent) => key.startsWith(parent))) return true;
  if (!key.startsWith('server.')) return false;
  const own = key.slice('server.'.length);
  return [`KEY.${own}`, `'${own}'`, `"${own}"`].some((named) => code.includes(named));
}

/**
 * Texts that stand under two keys on purpose: each key is read by a template over its own set
 * (a menu entry and a screen's title, a hub tab and a POD tab or a command's name), or it is the
 * server's own text, a word inside its sentences.
 */
const TWO_KEYS: readonly (readonly string[])[] = [
  ['users.server.textNotAllowed', 'server.textNotAllowed'],
  ['screens.vendors', 'lib.nav.vendors'],
  ['screens.audit', 'lib.nav.audit'],
  ['hubOps.page.titles.karawang', 'lib.nav.hubPages.karawang'],
  ['hubOps.page.titles.cikarang', 'lib.nav.hubPages.cikarang'],
  ['hubOps.page.tabs.otw', 'handover.pod.tabs.otw'],
  ['hubOps.page.tabs.arrival', 'lib.commands.confirm_arrival'],
  ['hubOps.page.tabs.unloading', 'handover.pod.tabs.unloading'],
  ['common.item.smartboard', 'server.handover.itemWord.smartboard'],
];

describe('the catalogues by key (issue 39)', () => {
  const idLeaves = leaves(id as unknown as Tree);
  const enLeaves = leaves(en as unknown as Tree);

  it('hold no key that no code reads', () => {
    expect(idLeaves.size).toBeGreaterThan(1000);
    expect([...idLeaves.keys()].filter((key) => !isRead(key))).toEqual([]);
  });

  it('hold each text (the same in both languages) under one key, but for the listed pairs', () => {
    const byText = new Map<string, string[]>();
    for (const [key, text] of idLeaves) {
      const both = JSON.stringify([text, enLeaves.get(key)]);
      byText.set(both, [...(byText.get(both) ?? []), key]);
    }
    const twice = [...byText.values()].filter((keys) => keys.length > 1).map((keys) => [...keys].sort());
    const allowed = TWO_KEYS.map((keys) => [...keys].sort());
    expect(twice.filter((keys) => !allowed.some((a) => a.join() === keys.join()))).toEqual([]);
    // Each allowed pair still is one (a pair that parted is taken off the list).
    for (const keys of allowed) expect(twice, keys.join()).toContainEqual(keys);
  });

  it('find a key no code reads, and a text under two keys', () => {
    expect(isRead('common.save')).toBe(true);
    expect(isRead('common.item.bracket')).toBe(true);
    expect(isRead('server.chooseWarehouse')).toBe(true);
    expect(isRead('common.noSuchKey')).toBe(false);
  });
});
