// The server's messages by key (issue 39): public.app_messages holds the catalogue's
// Indonesian `server` texts (sync/server-texts.ts), so a refusal's default sentence is
// made from the same words the device shows. `npm run messages:sql` writes them to
// supabase/schemas/data/app_messages.sql; tests/unit/app-messages.test.ts fails when the file
// and the catalogue differ (then run it, and add a migration with the changed rows).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_TEXTS } from '../../sync/server-texts';

type Tree = { readonly [key: string]: string | Tree };

/** Every [key, text] of the server's catalogue, keys dotted ('handover.noteTooLong'). */
export function appMessages(tree: Tree = SERVER_TEXTS, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${name}`, value] as [string, string]]
      : appMessages(value, `${prefix}${name}.`),
  );
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The rows as one upsert, as the schema's data file and a migration hold them. */
export function appMessagesSql(rows = appMessages()): string {
  const values = rows.map(([key, text]) => `  (${quote(key)}, ${quote(text)})`).join(',\n');
  return (
    '-- Written by `npm run messages:sql` from sync/server-texts.ts (tables/app_messages.sql).\n' +
    `insert into public.app_messages (key, text) values\n${values}\n` +
    'on conflict (key) do update set text = excluded.text;\n'
  );
}

export const APP_MESSAGES_FILE = resolve('supabase/schemas/data/app_messages.sql');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(APP_MESSAGES_FILE, appMessagesSql());
  console.log(`wrote ${APP_MESSAGES_FILE}`);
}
