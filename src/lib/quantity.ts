/** Spec 5: quantity inputs parse to integers; what is not a number becomes 0. */
export function parseQuantity(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const n = Number.parseInt((value ?? '').trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * Issue 29: a count as typed, for the forms that refuse a fraction with its own
 * message instead of cutting it: empty or not a number is 0 (spec 5), a decimal
 * comma reads as a point, a fraction stays a fraction.
 */
export function parseCount(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const text = (value ?? '').trim().replace(',', '.');
  if (text === '') return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}
