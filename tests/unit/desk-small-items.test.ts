// Issue 41, point 9: when the sync panel says "no connection" in words, and who is welcomed back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError } from '../../src/components/sync-health';
import { DEVICE_STORAGE_KEYS, SIGNED_IN_BEFORE_KEY } from '../../src/lib/session/storage-keys';
import { signedInBefore } from '../../src/lib/session/welcome-back';

describe('isNetworkError', () => {
  it("the network's failures, as each browser words them, or any error while offline", () => {
    for (const lastError of [
      'probe: TypeError: Failed to fetch',
      'TypeError: NetworkError when attempting to fetch resource.',
      'TypeError: Load failed',
      'fetch failed',
    ])
      expect(isNetworkError({ online: true, lastError }), lastError).toBe(true);
    expect(isNetworkError({ online: false, lastError: 'probe: 503' })).toBe(true);
  });

  it("a server's answer or no error at all is not the network's", () => {
    expect(isNetworkError({ online: true, lastError: 'probe: JWT expired' })).toBe(false);
    expect(isNetworkError({ online: true, lastError: null })).toBe(false);
    expect(isNetworkError({ online: false, lastError: null })).toBe(false);
  });
});

describe('signedInBefore', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('false the first time an e-mail signs in on the device, true after; no address kept', () => {
    const map = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    });
    expect(signedInBefore('Cikarang@Demo.local')).toBe(false);
    expect(signedInBefore('cikarang@demo.local ')).toBe(true);
    expect(signedInBefore('makassar@demo.local')).toBe(false);
    expect(signedInBefore('makassar@demo.local')).toBe(true);
    const kept = map.get(SIGNED_IN_BEFORE_KEY)!;
    expect(JSON.parse(kept)).toHaveLength(2);
    expect(kept).not.toContain('demo.local');
    // A sign-out leaves the memory (a device key).
    expect(DEVICE_STORAGE_KEYS).toContain(SIGNED_IN_BEFORE_KEY);
  });

  it('a broken memory counts as none', () => {
    vi.stubGlobal('localStorage', { getItem: () => '{not json', setItem: () => undefined });
    expect(signedInBefore('admin@demo.local')).toBe(false);
  });
});
