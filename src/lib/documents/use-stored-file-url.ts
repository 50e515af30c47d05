// The URL to show a stored file with (issue 40): the tablet's own copy (the upload queue keeps
// the bytes of what it took or made, also after the upload) as an object URL, which works
// offline; else, online, a short-lived signed URL (stored-file.ts). null while neither is at hand.
import { useEffect, useState } from 'react';
import { objectPathOf, signedFileUrl } from './stored-file';
import { useSyncEngine } from '../sync-engine';
import { useOnline } from '../hooks/use-online';

export function useStoredFileUrl(value: string | null | undefined): string | null {
  const engine = useSyncEngine();
  const online = useOnline();
  const path = value ? objectPathOf(value) : null;
  // The URL found for which path (a URL of another path is never shown).
  const [found, setFound] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!path) return;
    const setUrl = (url: string | null) => setFound({ path, url });
    let cancelled = false;
    let objectUrl: string | null = null;
    void (async () => {
      const own = await engine?.local.store.uploads.get(path).catch(() => undefined);
      if (cancelled) return;
      if (own) {
        objectUrl = URL.createObjectURL(new Blob([own.bytes], { type: own.mime }));
        return setUrl(objectUrl);
      }
      if (!online) return;
      const signed = await signedFileUrl(path);
      if (!cancelled) setUrl(signed);
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [engine, online, path]);
  return path && found?.path === path ? found.url : null;
}
