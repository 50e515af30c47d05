// The code reader behind the scanners: the browser's own BarcodeDetector where it reads the
// formats asked for (Android Chrome), else the barcode-detector ponyfill (ZXing compiled to
// WebAssembly). Loaded with import() when scanning starts, never with a screen. The .wasm
// comes from this build (a ?url import, so the service worker precaches it with the app)
// rather than the library's default CDN: the tablet scans with no signal.
// Issue 28: the surat jalan's QR code (loadQrReader). Issue 42: a TV box's serial number as a
// 1D barcode (loadBarcodeReader(SERIAL_FORMATS)): Code 128 mostly, Code 39, EAN-13, or a QR code.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export type BarcodeFormat = 'qr_code' | 'code_128' | 'code_39' | 'ean_13' | 'ean_8' | 'upc_a' | 'itf';

/** The formats a serial number comes in on a box (issue 42). */
export const SERIAL_FORMATS: readonly BarcodeFormat[] = ['code_128', 'code_39', 'ean_13', 'qr_code'];
/** The 1D ones among them (the serial scanner reads these on every frame, QR less often). */
export const LINEAR_FORMATS: readonly BarcodeFormat[] = ['code_128', 'code_39', 'ean_13'];

export interface QrReader {
  /** The texts of the codes in the frame (none found: an empty list). */
  read(source: HTMLVideoElement | ImageBitmap | HTMLCanvasElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options?: { formats: string[] }): DetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDetector(formats: readonly BarcodeFormat[]): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    return formats.every((f) => supported.includes(f)) ? new Native({ formats: [...formats] }) : null;
  } catch {
    return null;
  }
}

async function ponyfillDetector(formats: readonly BarcodeFormat[]): Promise<DetectorLike> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  const wasm = new URL(wasmUrl, window.location.origin).toString();
  // Compiled now (a failure to fetch it shows here, not as a scanner that never finds a code).
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...formats] });
}

const readers = new Map<string, Promise<QrReader>>();

/**
 * A reader of these formats, made once per page; a failure to load is not kept (the next start
 * tries again).
 */
export function loadBarcodeReader(formats: readonly BarcodeFormat[]): Promise<QrReader> {
  const key = [...formats].sort().join(',');
  let reader = readers.get(key);
  if (!reader) {
    reader = (async () => {
      const detector = (await nativeDetector(formats)) ?? (await ponyfillDetector(formats));
      return {
        async read(source) {
          const found = await detector.detect(source);
          return found.map((code) => code.rawValue).filter((text) => text.length > 0);
        },
      } satisfies QrReader;
    })().catch((error: unknown) => {
      readers.delete(key);
      throw error;
    });
    readers.set(key, reader);
  }
  return reader;
}

/** The QR reader of the surat jalan scanner (issue 28). */
export function loadQrReader(): Promise<QrReader> {
  return loadBarcodeReader(['qr_code']);
}
