// Object URLs for image thumbnails. Upload entries come back from IndexedDB as
// new objects on every change, so they are keyed by their path and size; a
// picked file by the file itself. The few URLs a shift makes are kept (the
// bytes stay on the device until sign-out anyway, spec'd by docs/sync.md).
import type { UploadEntry } from '../../../sync/pure';

const byKey = new Map<string, string>();
const byBlob = new WeakMap<Blob, string>();

export function uploadThumbnail(entry: Pick<UploadEntry, 'path' | 'bytes' | 'mime'>): string {
  const key = `${entry.path}:${entry.bytes.byteLength}`;
  let url = byKey.get(key);
  if (!url) {
    url = URL.createObjectURL(new Blob([entry.bytes], { type: entry.mime }));
    byKey.set(key, url);
  }
  return url;
}

export function blobThumbnail(blob: Blob): string {
  let url = byBlob.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    byBlob.set(blob, url);
  }
  return url;
}
