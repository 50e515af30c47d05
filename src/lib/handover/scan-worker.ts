// The barcode reader off the main thread (issue 42): the scanners' ZXing reader (the
// barcode-detector ponyfill, WebAssembly) decodes here, in a dedicated worker, the frames the
// page sends as ImageBitmaps, so a slow tablet's page keeps drawing, beeping and taking the
// wedge's keys while a frame is read (scan-detector.ts starts it; npm run bench: serial scan).
// One message a frame: { id, formats, bitmap }; the answer { id, texts } or { id, error }.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';

export interface ScanRequest {
  id: number;
  /** The .wasm's address, as the page's build has it (precached: offline too). */
  wasm: string;
  formats: string[];
  bitmap: ImageBitmap;
}

export type ScanAnswer = { id: number; texts: string[] } | { id: number; error: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest>) => void) | null;
  postMessage(answer: ScanAnswer): void;
};

let prepared: Promise<unknown> | undefined;
const detectors = new Map<string, BarcodeDetector>();

function detectorFor(formats: string[]): BarcodeDetector {
  const key = [...formats].sort().join(',');
  let detector = detectors.get(key);
  if (!detector) {
    detector = new BarcodeDetector({ formats: formats as never });
    detectors.set(key, detector);
  }
  return detector;
}

scope.onmessage = (event) => {
  const { id, wasm, formats, bitmap } = event.data;
  prepared ??= prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
    },
    fireImmediately: true,
  });
  void prepared
    .then(() => detectorFor(formats).detect(bitmap))
    .then(
      (found) => scope.postMessage({ id, texts: found.map((code) => code.rawValue) }),
      (error: unknown) => {
        // A reader that failed to load is tried again with the next frame.
        prepared = undefined;
        scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      },
    )
    .finally(() => bitmap.close());
};
