// Location with evidence (issue 28): where this device's user allows it, evidence photos and
// documents carry the tablet's coordinates and their accuracy to the server (attach_document).
// A per-device choice (Settings), kept in localStorage like high contrast and the language,
// which asks the browser's permission when switched on; the capture itself never prompts
// (counted-receipt/receipt-documents.ts knownLocation()).
import { useCallback, useSyncExternalStore } from 'react';
import { EVIDENCE_LOCATION_KEY } from '../session/storage-keys';

const listeners = new Set<() => void>();

/** Is the device's setting on? */
export function locationAllowed(): boolean {
  try {
    return localStorage.getItem(EVIDENCE_LOCATION_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setLocationAllowed(on: boolean): void {
  try {
    if (on) localStorage.setItem(EVIDENCE_LOCATION_KEY, 'on');
    else localStorage.removeItem(EVIDENCE_LOCATION_KEY);
  } catch {
    // Storage refused (private mode): nothing is kept.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === EVIDENCE_LOCATION_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLocationAllowed(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, locationAllowed, () => false);
  return [on, useCallback((next: boolean) => setLocationAllowed(next), [])];
}

/** What the browser answered when asked for the position. */
export type LocationAnswer = 'granted' | 'denied' | 'unavailable' | 'unsupported';

/** The answer of a GeolocationPositionError (PERMISSION_DENIED is 1). */
export function answerOfError(error: { code: number }): LocationAnswer {
  return error.code === 1 ? 'denied' : 'unavailable';
}

/**
 * Asks the browser for the position once (its permission prompt, if it has not decided yet):
 * granted when it gives one, denied when it refuses, unavailable when it cannot tell.
 */
export function askLocation(timeoutMs = 15_000): Promise<LocationAnswer> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator))
    return Promise.resolve('unsupported');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) => resolve(answerOfError(error)),
      { timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** The browser's standing decision on location, where it tells ('prompt' until asked). */
export async function locationPermission(): Promise<PermissionState | 'unknown'> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
