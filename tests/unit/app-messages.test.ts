// Issue 39, messages by key: the server's sentences (public.app_messages) are the catalogue's
// Indonesian `server` texts, and every key a command function refuses with is one of them,
// with English beside it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { APP_MESSAGES_FILE, appMessages, appMessagesSql } from '../support/app-messages';

const functionsDir = join('supabase', 'schemas', 'functions');
const keys = new Set(appMessages().map(([key]) => key));

/** The message keys the SQL names: cmd_reject's second argument, and the helpers' messages. */
function keysInSql(): Array<{ file: string; key: string }> {
  const found: Array<{ file: string; key: string }> = [];
  for (const file of readdirSync(functionsDir)) {
    const text = readFileSync(join(functionsDir, file), 'utf8').replace(/--[^\n]*/g, '');
    for (const m of text.matchAll(/cmd_reject\(\s*'[a-z_]+',\s*'([^']+)'/g)) found.push({ file, key: m[1]! });
    // The helpers that take a message take its key as their last literal argument.
    for (const m of text.matchAll(
      /public\.(?:cmd_uuid|cmd_uuid_or_null|cmd_req_text|cmd_date|cmd_quantity|handover_name)\([^;]*?,\s*'([^']+)'\)/g,
    ))
      found.push({ file, key: m[1]! });
  }
  return found;
}

function enText(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en.server);
}

describe('the server messages by key', () => {
  it('the data file holds exactly the catalogue (npm run messages:sql writes it)', () => {
    expect(readFileSync(APP_MESSAGES_FILE, 'utf8')).toBe(appMessagesSql());
  });

  it('every key the command functions refuse with is in the catalogue, in English too', () => {
    const used = keysInSql();
    expect(used.length).toBeGreaterThan(150);
    const unknown = used.filter(({ key }) => !keys.has(key));
    expect(unknown).toEqual([]);
    const noEnglish = used.filter(({ key }) => typeof enText(key) !== 'string');
    expect(noEnglish).toEqual([]);
  });

  it('no command function refuses with a sentence', () => {
    const sentences = keysInSql().filter(({ key }) => /\s/.test(key));
    expect(sentences).toEqual([]);
  });
});
