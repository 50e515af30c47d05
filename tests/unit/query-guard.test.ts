// The gateway's guard for /rest/v1 (supabase/local/query-guard.ts) against hand-written cases:
// how deep a select embeds, which filters are regular expressions, and what is refused.
import { describe, expect, it } from 'vitest';
import { embedDepth, queryRefusal, usesRegex } from '../../supabase/local/query-guard';

const refusal = (method: string, path: string) =>
  queryRefusal(method, new URL(`http://gateway${path}`))?.message ?? null;

describe('embedDepth', () => {
  it('counts nested parentheses, not quoted ones', () => {
    expect(embedDepth('id,name')).toBe(0);
    expect(embedDepth('id,warehouses(id)')).toBe(1);
    expect(embedDepth('id,warehouses(id,hubs(id)),vendors(id)')).toBe(2);
    expect(embedDepth('a(b(c(d)))')).toBe(3);
    expect(embedDepth('"we(ird"(id)')).toBe(1);
  });
});

describe('usesRegex', () => {
  it('finds match and imatch as a filter, negated, or in an or/and list', () => {
    expect(usesRegex('full_name', 'match.^a')).toBe(true);
    expect(usesRegex('full_name', 'not.imatch.^a')).toBe(true);
    expect(usesRegex('or', '(email.eq.x,full_name.imatch.^a)')).toBe(true);
    expect(usesRegex('not.and', '(full_name.match.a)')).toBe(true);
    expect(usesRegex('full_name', 'eq.match.me')).toBe(false);
    expect(usesRegex('or', '(email.eq.a.match.b)')).toBe(false);
    expect(usesRegex('email', 'like.*match.*')).toBe(false);
  });
});

describe('queryRefusal', () => {
  it('refuses a function called otherwise than POST, and any filter, order or page on its answer', () => {
    expect(refusal('POST', '/rest/v1/rpc/pull_round')).toBeNull();
    expect(refusal('POST', '/rest/v1/rpc/pull_round?select=*')).toBeNull();
    expect(refusal('GET', '/rest/v1/rpc/dm_trim?value=x')).toMatch(/POST/);
    expect(refusal('POST', '/rest/v1/rpc/dm_trim?pgrst_scalar=like.*a*')).toMatch(/pgrst_scalar/);
    expect(refusal('POST', '/rest/v1/rpc/otw_destination?label=like.*a*')).toMatch(/label/);
    expect(refusal('POST', '/rest/v1/rpc/x?order=a')).toMatch(/order/);
  });

  it('refuses embedding deeper than two levels and regular expressions, on any table', () => {
    expect(refusal('GET', '/rest/v1/hubs?select=id,warehouses(id,hubs(id))')).toBeNull();
    expect(refusal('GET', '/rest/v1/hubs?select=id,warehouses(id,hubs(id,warehouses(id)))')).toMatch(
      /embedded/,
    );
    expect(refusal('GET', '/rest/v1/profiles?select=id&full_name=match.a')).toMatch(/Regular/);
    expect(refusal('GET', '/rest/v1/profiles?select=id&email=eq.a&limit=5')).toBeNull();
  });
});
