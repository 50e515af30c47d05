// Every request the app makes (Auth, PostgREST, Storage, through supabase-js's one fetch) ends
// within a bound. Without one, a request whose answer never comes (a dock's Wi-Fi dropping
// the way back, a hotspot switching cells) waits for the platform's own limit: undici's is
// 300 s, and a token refresh stuck there kept a tablet from syncing for five minutes (seen in
// the short soak: a tablet stuck, the run converging only after 298 s). Past the bound the
// request fails like a dropped connection, and the engine retries as it does for any
// transient failure (docs/sync.md). It lives here, not in sync/, so the
// first screen's client does not pull sync's schemas (and zod) into the entry chunk. A photo upload gets longer: on a slow uplink its bytes
// may take a minute.
export const REQUEST_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 180_000;

function isUpload(input: RequestInfo | URL, init?: RequestInit): boolean {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return (method === 'POST' || method === 'PUT') && url.includes('/storage/v1/object/');
}

/** A fetch for createClient({ global: { fetch } }) that aborts a request past its bound. */
export function fetchWithTimeout(
  base: typeof fetch = (...args) => fetch(...args),
  bounds: { requestMs?: number; uploadMs?: number } = {},
): typeof fetch {
  return (input, init) => {
    const ms = isUpload(input, init)
      ? (bounds.uploadMs ?? UPLOAD_TIMEOUT_MS)
      : (bounds.requestMs ?? REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(ms);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return base(input, { ...init, signal });
  };
}
