// High-contrast mode (issue 29: legible in sunlight at a dock): a per-device choice kept in
// localStorage (works offline, survives sign-out) and shown as data-contrast="high" on <html>,
// which switches the theme's tokens in src/index.css (black text, dark borders, solid badges).
import { useCallback, useSyncExternalStore } from 'react';
import { HIGH_CONTRAST_KEY } from './session/storage-keys';

const listeners = new Set<() => void>();

export function readHighContrast(): boolean {
  try {
    return localStorage.getItem(HIGH_CONTRAST_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Puts the stored choice on <html>: main.tsx calls it before the first render. */
export function applyHighContrast(on: boolean = readHighContrast()): void {
  if (on) document.documentElement.dataset.contrast = 'high';
  else delete document.documentElement.dataset.contrast;
}

export function setHighContrast(on: boolean): void {
  try {
    if (on) localStorage.setItem(HIGH_CONTRAST_KEY, 'on');
    else localStorage.removeItem(HIGH_CONTRAST_KEY);
  } catch {
    // Storage refused (private mode): the choice holds until the page closes.
  }
  applyHighContrast(on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== HIGH_CONTRAST_KEY) return;
    applyHighContrast();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const current = () => document.documentElement.dataset.contrast === 'high';

export function useHighContrast(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, current, () => false);
  return [on, useCallback((next: boolean) => setHighContrast(next), [])];
}
