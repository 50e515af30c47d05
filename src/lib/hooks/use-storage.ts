// navigator.storage: how much this origin uses, and whether the browser has
// promised not to evict it (persistent storage), with a way to ask.
import { useCallback, useEffect, useState } from 'react';

export interface StorageState {
  supported: boolean;
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

async function readStorage(): Promise<StorageState> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.estimate) return { supported: false };
  const [estimate, persisted] = await Promise.all([storage.estimate(), storage.persisted?.()]);
  return { supported: true, usage: estimate.usage, quota: estimate.quota, persisted };
}

export function useStorage(): {
  state: StorageState | null;
  askPersist: () => Promise<boolean>;
  refresh: () => void;
} {
  const [state, setState] = useState<StorageState | null>(null);
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    void readStorage().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [round]);

  const askPersist = useCallback(async () => {
    const granted = (await navigator.storage?.persist?.()) ?? false;
    refresh();
    return granted;
  }, [refresh]);

  return { state, askPersist, refresh };
}

/**
 * Asks the browser to keep this origin's storage (the outbox) from eviction,
 * unless it already has. Chromium answers without a prompt (from engagement,
 * an installed app); null where the browser has no such API.
 */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return null;
  if (await storage.persisted?.()) return true;
  return storage.persist();
}
