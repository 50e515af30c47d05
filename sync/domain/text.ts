// Text rules shared by the derivations. Each has a twin in SQL
// (supabase/schemas/functions/domain_rules.sql) that behaves the same on
// any input: lower case is ASCII-only (no locale), trimming is JavaScript's.

/** JavaScript's trim; public.dm_trim removes the same characters. */
export const dmTrim = (value: string): string => value.trim();

/** ASCII letters to lower case, nothing else (public.dm_lower). */
export const asciiLower = (value: string): string => value.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Letters and digits only, ASCII lower case; null when none are left (public.dm_slug). */
export function slug(value: string | null | undefined): string | null {
  const s = asciiLower((value ?? '').replace(/[^A-Za-z0-9]/g, ''));
  return s === '' ? null : s;
}

/** Case-insensitive (ASCII) "contains" (public.dm_contains). */
export function containsText(haystack: string | null | undefined, needle: string): boolean {
  if (haystack == null) return false;
  return asciiLower(haystack).includes(asciiLower(needle));
}
