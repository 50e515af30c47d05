// Per-client rate limits on Auth, as Supabase Auth (GoTrue) keeps them: a
// token bucket per client IP and endpoint class; a request that finds its
// bucket empty is answered 429 over_request_rate_limit before any work.
//
// GoTrue's defaults (config.toml [auth.rate_limit], "per 5 minutes per IP"):
// sign_in_sign_ups = 30 (POST /signup, POST /token?grant_type=password) and
// token_refresh = 150 (POST /token?grant_type=refresh_token). Its buckets hold
// 30 requests (a burst) and refill at limit / 300 s. Here a bucket holds
// min(30, limit), so a small configured limit is honoured at once (GoTrue keeps
// the burst of 30 whatever the limit: supabase/auth#2333).
import type { Context } from 'hono';
import { clientAddress } from './client-address';
import { authErrors } from './errors';

export interface RateLimits {
  /** Sign-ins with a password, sign-ups and password changes, per client IP per 5 minutes. */
  signInSignUps: number;
  /** Refresh-token grants, per client IP per 5 minutes. */
  tokenRefresh: number;
}

/** Supabase Auth's defaults (what `npm start` uses unless told otherwise). */
export const DEFAULT_RATE_LIMITS: RateLimits = { signInSignUps: 30, tokenRefresh: 150 };

const WINDOW_SECONDS = 300;
const GOTRUE_BURST = 30;
/** Buckets untouched this long are full again and forgotten. */
const IDLE_MS = WINDOW_SECONDS * 1000;
const MAX_KEYS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly perMs: number;

  constructor(
    limitPer5Minutes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.capacity = Math.max(1, Math.min(GOTRUE_BURST, limitPer5Minutes));
    this.perMs = limitPer5Minutes / (WINDOW_SECONDS * 1000);
  }

  /** Takes one token for key; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.perMs)
      : this.capacity;
    if (tokens < 1) {
      if (bucket) bucket.at = now;
      if (bucket) bucket.tokens = tokens;
      return false;
    }
    this.buckets.delete(key); // re-inserted last: the map stays ordered by last use
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > MAX_KEYS) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at < IDLE_MS && this.buckets.size <= MAX_KEYS) break;
      this.buckets.delete(key);
    }
  }
}

export type LimitClass = keyof RateLimits;

export function rateLimiter(limits: RateLimits) {
  const buckets: Record<LimitClass, TokenBuckets> = {
    signInSignUps: new TokenBuckets(limits.signInSignUps),
    tokenRefresh: new TokenBuckets(limits.tokenRefresh),
  };
  /** Throws GoTrue's 429 when this client's bucket for the class is empty. */
  return (c: Context, kind: LimitClass): void => {
    if (!buckets[kind].take(clientAddress(c))) throw authErrors.rateLimited();
  };
}
