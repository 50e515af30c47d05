/** Spec 5: quantity inputs parse to integers; what is not a number becomes 0. */
export function parseQuantity(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const n = Number.parseInt((value ?? '').trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}
