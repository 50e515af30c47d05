// The code reader behind the scanners: the browser's own BarcodeDetector where it reads the
// formats asked for (Android Chrome), else the barcode-detector ponyfill (ZXing compiled to
// WebAssembly). Loaded with import() when scanning starts, never with a screen. The .wasm
// comes from this build (a ?url import, so the service worker precaches it with the app)
// rather than the library's default CDN: the tablet scans with no signal.
// Issue 28: the surat jalan's QR code (loadQrReader). Issue 42: a TV box's serial number as a
// 1D barcode (loadBarcodeReader(SERIAL_FORMATS)): Code 128 mostly, Code 39, EAN-13, or a QR code.
// The ponyfill reads in a worker of its own (scan-worker.ts) where the browser can send it frames
// (createImageBitmap): a read of a 720p frame takes 30 to 70 ms of ZXing, which on the main thread
// of a slow tablet held up the page between codes; where a worker cannot start, it reads here.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { ScanAnswer } from './scan-worker';

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

/** The one scan worker of the page, shared by every reader; null once it could not start. */
let scanWorker: Promise<Worker | null> | undefined;

function startScanWorker(): Promise<Worker | null> {
  scanWorker ??= new Promise((resolve) => {
    if (typeof Worker === 'undefined' || typeof createImageBitmap !== 'function') return resolve(null);
    try {
      const worker = new Worker(new URL('./scan-worker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('error', () => resolve(null), { once: true });
      // The worker reads a blank frame once it has loaded and compiled the reader; a reader that
      // cannot load there (a policy, an old browser) leaves the reading to the page.
      void (async () => {
        const bitmap = await createImageBitmap(new ImageData(1, 1));
        worker.addEventListener(
          'message',
          (event: MessageEvent<ScanAnswer>) => {
            if ('error' in event.data) {
              worker.terminate();
              resolve(null);
            } else resolve(worker);
          },
          { once: true },
        );
        worker.postMessage({ id: 0, wasm: wasmAddress(), formats: ['qr_code'], bitmap }, [bitmap]);
      })().catch(() => resolve(null));
    } catch {
      resolve(null);
    }
  });
  return scanWorker;
}

const wasmAddress = () => new URL(wasmUrl, window.location.origin).toString();

let nextRequest = 1;

/** A detector whose reads run in the scan worker: each frame sent as an ImageBitmap. */
function workerDetector(worker: Worker, formats: readonly BarcodeFormat[]): DetectorLike {
  const waiting = new Map<
    number,
    { resolve: (texts: { rawValue: string }[]) => void; reject: (e: Error) => void }
  >();
  worker.addEventListener('message', (event: MessageEvent<ScanAnswer>) => {
    const answer = event.data;
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if ('error' in answer) request.reject(new Error(answer.error));
    else request.resolve(answer.texts.map((rawValue) => ({ rawValue })));
  });
  return {
    async detect(source) {
      const bitmap = await createImageBitmap(source as ImageBitmapSource);
      const id = nextRequest++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, wasm: wasmAddress(), formats: [...formats], bitmap }, [bitmap]);
      });
    },
  };
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
      const native = await nativeDetector(formats);
      const worker = native ? null : await startScanWorker();
      const detector = native ?? (worker ? workerDetector(worker, formats) : await ponyfillDetector(formats));
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
