// What the gateway does not ask PostgREST (a hunt for one request that ties up the server,
// 2026-12-03). The app reads through its functions (POST /rest/v1/rpc/<name>) and a few plain
// selects; none of it filters a function's answer, embeds more than one level, or matches a
// regular expression. Each of those let one signed-in user's request work for seconds:
//   * a filter on what a function answers: `?pgrst_scalar=like.*a…b*` over a function that
//     returns its input made PostgreSQL run LIKE over a text as long as the body (seconds, and
//     LIKE never looks at the statement timeout);
//   * embedding nested deeper (hubs -> shipments -> hubs -> …): a hub user's 318-character URL
//     built a 16 MB answer in 11 s with 423 MB in its backend, one level more 717 MB;
//   * a regular expression filter (`match`, `imatch`): backtracking until authenticated's 8 s
//     timeout; ten at once held every connection of PostgREST's pool (issue 38's request).
// So: a function is called with POST and at most `select`; `select` nests at most two levels;
// no filter is a regular expression. Refused with 400 and PostgREST's error shape, before
// anything reaches PostgREST.
import type { Context, MiddlewareHandler } from 'hono';

/** How deep `select` may embed: a(b(c)) is two levels. */
export const MAX_EMBED_DEPTH = 2;

/** How deeply parentheses nest in a select list (a quoted name's parentheses do not count). */
export function embedDepth(select: string): number {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (const ch of select) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') deepest = Math.max(deepest, ++depth);
    else if (!quoted && ch === ')') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * Whether a filter uses a regular expression operator: `col=match.…`, `col=not.imatch.…`, or
 * one of the conditions of an `or`/`and` list (`or=(a.eq.1,b.match.…)`).
 */
export function usesRegex(key: string, value: string): boolean {
  if (/^(not\.)?(or|and)$/i.test(key)) return /(^|[(,])\s*[^(),.]+\.(not\.)?i?match\./i.test(value);
  return /^(not\.)?i?match\./i.test(value);
}

function refuse(c: Context, message: string, hint: string | null = null) {
  return c.json({ code: 'PGRST100', details: null, hint, message }, 400);
}

/** Why a /rest/v1 request is not forwarded, or null when it is. */
export function queryRefusal(method: string, url: URL): { message: string; hint: string | null } | null {
  const path = url.pathname.replace(/^\/rest\/v1/, '');
  if (path.startsWith('/rpc/')) {
    if (method !== 'POST') {
      return { message: 'Functions are called with POST here', hint: 'Send the arguments as a JSON body.' };
    }
    const other = [...url.searchParams.keys()].find((k) => k !== 'select');
    if (other !== undefined) {
      return {
        message: `A function's answer is not filtered, ordered or paged here ("${other.slice(0, 40)}")`,
        hint: null,
      };
    }
  }
  for (const [key, value] of url.searchParams) {
    if (key === 'select' && embedDepth(value) > MAX_EMBED_DEPTH) {
      return { message: `Resources are embedded at most ${MAX_EMBED_DEPTH} levels deep here`, hint: null };
    }
    if (key !== 'select' && usesRegex(key, value)) {
      return { message: 'Regular expression filters (match, imatch) are not served here', hint: null };
    }
  }
  return null;
}

/** The gateway's guard for /rest/v1 (gateway.ts). */
export function queryGuard(): MiddlewareHandler {
  return async (c, next) => {
    const refusal = queryRefusal(c.req.method, new URL(c.req.url));
    if (refusal) return refuse(c, refusal.message, refusal.hint);
    return next();
  };
}
