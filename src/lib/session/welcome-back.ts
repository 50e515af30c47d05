// The sign-in's greeting (spec 2.3: a welcome toast; issue 41): "Selamat datang!" the first
// time a user signs in on this device, "Selamat datang kembali!" after. The device remembers
// who has signed in by a short hash of the e-mail (src/lib/session/storage-keys.ts).
import { SIGNED_IN_BEFORE_KEY } from './storage-keys';

/** FNV-1a, 32 bits, as hex: enough to tell this device's few users apart, and no address kept. */
function hashOf(email: string): string {
  let hash = 0x811c9dc5;
  for (const char of email.trim().toLowerCase()) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function remembered(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SIGNED_IN_BEFORE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Has this e-mail signed in on this device before? Remembers it for the next time either way. */
export function signedInBefore(email: string): boolean {
  const hash = hashOf(email);
  const known = remembered();
  const before = known.includes(hash);
  if (!before) {
    try {
      localStorage.setItem(SIGNED_IN_BEFORE_KEY, JSON.stringify([...known, hash].slice(-50)));
    } catch {
      // Storage full or refused: the next sign-in greets as a first one, nothing worse.
    }
  }
  return before;
}
