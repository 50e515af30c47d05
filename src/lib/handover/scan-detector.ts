// The QR reader behind the scanner (issue 28): the browser's own BarcodeDetector where it
// reads QR codes (Android Chrome), else the barcode-detector ponyfill (ZXing compiled to
// WebAssembly). Loaded with import() when scanning starts, never with a screen. The .wasm
// comes from this build (a ?url import, so the service worker precaches it with the app)
// rather than the library's default CDN: the tablet scans with no signal.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export interface QrReader {
  /** The texts of the QR codes in the frame (none found: an empty list). */
  read(source: HTMLVideoElement | ImageBitmap | HTMLCanvasElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options?: { formats: string[] }): DetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<DetectorLike> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  const wasm = new URL(wasmUrl, window.location.origin).toString();
  // Compiled now (a failure to fetch it shows here, not as a scanner that never finds a code).
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

let reader: Promise<QrReader> | undefined;

/** The reader, made once per page; a failure to load is not kept (the next start tries again). */
export function loadQrReader(): Promise<QrReader> {
  reader ??= (async () => {
    const detector = (await nativeDetector()) ?? (await ponyfillDetector());
    return {
      async read(source) {
        const found = await detector.detect(source);
        return found.map((code) => code.rawValue).filter((text) => text.length > 0);
      },
    } satisfies QrReader;
  })().catch((error: unknown) => {
    reader = undefined;
    throw error;
  });
  return reader;
}
