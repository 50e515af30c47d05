// The compression worker loads the library by URL; served from the app itself
// (and precached) rather than the library's default CDN, so it works offline.
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { IMAGE_COMPRESSION_OPTIONS } from './image-compression-options';

/**
 * Compresses a photo before it is queued for upload. The library (57 KB) is loaded on the
 * first photo, not at start: the first screen does not need it (issue 14, P5).
 */
export async function compressImage(file: Blob): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  const asFile = file instanceof File ? file : new File([file], 'image', { type: file.type });
  return imageCompression(asFile, {
    ...IMAGE_COMPRESSION_OPTIONS,
    libURL: new URL(compressionLibUrl, window.location.origin).toString(),
  });
}
