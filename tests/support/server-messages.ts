// Every refusal text the server's command functions can answer with, read from the migrations
// (issue 30: the device shows a refusal from the catalogue's key whose Indonesian text it is).
// A message is a string literal passed to cmd_reject or to a helper that hands its text on to
// cmd_reject (p_message, p_refusal, p_what, undo_moved_on's cases); format()'s %s become sample
// values, and cmd_reject_conflict's two endings are added to its p_what.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MIGRATIONS = path.join(import.meta.dirname, '../../supabase/migrations');

/** Functions whose string arguments are refusal texts. */
const MESSAGE_CALLS = [
  'cmd_reject',
  'cmd_uuid',
  'cmd_uuid_or_null',
  'cmd_req_text',
  'cmd_date',
  'cmd_quantity',
  'cmd_int_between',
  'cmd_shipment_quantity',
  'cmd_vehicle_at_hub',
  'cmd_reject_conflict',
];

function stripComments(sql: string): string {
  return sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
}

/** The text between `name(` and its closing parenthesis (quotes respected). */
function argumentsOf(sql: string, start: number): string {
  let depth = 0;
  let quoted = false;
  for (let i = start; i < sql.length; i += 1) {
    const c = sql[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth += 1;
    else if (!quoted && c === ')') {
      depth -= 1;
      if (depth === 0) return sql.slice(start, i + 1);
    }
  }
  return sql.slice(start);
}

function literals(text: string): string[] {
  return [...text.matchAll(/'((?:[^']|'')*)'/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
}

/** A refusal text, not a payload key, a code or a command type. */
function isMessage(literal: string): boolean {
  return /\s/.test(literal) && /^[A-Z]/.test(literal);
}

let sample = 0;
function fill(template: string): string {
  return template.replace(/%s/g, () => `Contoh${(sample += 1)}`);
}

export interface ServerMessage {
  file: string;
  message: string;
}

export function serverMessages(): ServerMessage[] {
  const found = new Map<string, ServerMessage>();
  const add = (file: string, message: string) => found.set(message, { file, message });
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) {
    const sql = stripComments(readFileSync(path.join(MIGRATIONS, file), 'utf8'));
    for (const name of MESSAGE_CALLS) {
      const call = new RegExp(`public\\.${name}\\s*\\(`, 'g');
      for (const match of sql.matchAll(call)) {
        const args = argumentsOf(sql, match.index + match[0].length - 1);
        if (/^\(\s*p_\w+\s+(text|jsonb|uuid|public)/.test(args)) continue; // its definition
        for (const literal of literals(args).filter(isMessage)) {
          if (name === 'cmd_reject_conflict') {
            add(file, `${literal} oleh admin@dermaga.test pada 26 Nov 2026 14:05 WIB`);
            add(file, `${literal} (status sekarang: Sedang Bongkar).`);
          } else if (literal.endsWith(' ')) {
            // The head of a concatenation: '<what> oleh ' || who || ' pada ' || the time.
            add(file, `${literal}admin@dermaga.test pada 26 Nov 2026 14:05 WIB`);
          } else add(file, fill(literal));
        }
      }
    }
    // undo_moved_on: its refusals are the branches of one case.
    const undo = sql.indexOf('function public.undo_moved_on(');
    if (undo >= 0) {
      const body = sql.slice(undo, sql.indexOf('$$;', undo));
      for (const literal of literals(body).filter(isMessage)) add(file, fill(literal));
    }
  }
  return [...found.values()];
}
