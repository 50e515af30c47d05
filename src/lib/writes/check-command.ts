// Forms validate by the command schemas themselves (sync's CATALOGUE, with the
// spec's messages), so a form and the command it sends can never disagree.
// Errors are keyed by the payload field they belong to; 'form' holds those of
// no single field.
import { COMMANDS, type CommandInput, type CommandType } from '../../../sync/pure';
import type { z } from 'zod';
import { issueInLanguage } from '../i18n/server-message';
import { failed, type Failed } from './field-errors';

export type Checked<P> = { ok: true; payload: P } | Failed;

/** Validates a payload with its command's schema; the first message per field. */
export function checkCommand<T extends CommandType>(
  type: T,
  payload: CommandInput<T>,
): Checked<CommandInput<T>> {
  const result = (COMMANDS[type].schema as z.ZodType).safeParse(payload);
  if (result.success) return { ok: true, payload };
  return failed(result.error.issues.map((i) => ({ path: i.path.map(String), message: issueInLanguage(i) })));
}
