// Form errors keyed by the field they belong to ('form' for those of no single
// field), from zod issues: the first message per field, and the first overall
// for the destructive toast.
import { t } from '../i18n';

export type FieldErrors = Record<string, string>;

export interface Failed {
  ok: false;
  errors: FieldErrors;
  first: string;
}

export function failed(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  // Read when a check fails: in the device's language (issue 30).
  fallback = t('server.invalidCommand'),
): Failed {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, first: issues[0]?.message ?? fallback };
}
