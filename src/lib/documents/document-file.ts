// Handing a document to the tablet's user (issue 28): share it (the system's share sheet,
// with the file, where the browser can) or download it, and open it in a tab. Works
// offline with the bytes on the device.

/** Can the browser share this file (Android Chrome, Safari)? */
export function canShareFile(file: File): boolean {
  return typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });
}

/** Saves the file through a download link. */
export function downloadFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has its bytes once started; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The share sheet with the file where the browser has one for files, else a download.
 * Resolves how it went; a share the user cancels is not an error.
 */
export async function shareOrDownload(file: File): Promise<'shared' | 'downloaded' | 'cancelled'> {
  if (canShareFile(file)) {
    try {
      await navigator.share({ files: [file], title: file.name });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and the like: fall back to a download.
    }
  }
  downloadFile(file, file.name);
  return 'downloaded';
}

/** Opens the bytes in a new tab (the browser's PDF or image viewer). */
export function openBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  if (!tab) downloadFile(blob, name);
  setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
}
