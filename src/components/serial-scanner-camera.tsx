// The serial scanner's camera (issue 42): the rear camera (react-webcam, as the QR scanner) read
// for 1D barcodes continuously, frame by frame (src/lib/handover/frame-reads.ts), so a code is
// found within a frame or two of being shown (npm run bench: serial scan). The codes of each
// read go to onCodes; the caller drops a code still held in view (HeldCodes). The reader (and
// its WebAssembly) loads when the camera opens. No camera, or the camera refused: onUnavailable
// says why.
import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { ScanLine } from 'lucide-react';
import { startFrameReads } from '../lib/handover/frame-reads';
import { useT } from '../lib/i18n';

const VIDEO = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } } as const;
const QR_EVERY = 3;

export type ReaderState = 'loading' | 'scanning' | 'failed';

/**
 * Reads the video for barcodes until unmounted (src/lib/handover/frame-reads.ts): the linear
 * formats on every read; a QR code on every QR_EVERY-th (finding a QR code in a frame of bars
 * costs more than reading the bars: measured in ZXing, 70 ms against 30 ms a frame).
 */
function useBarcodeScan(video: () => HTMLVideoElement | null | undefined, onCodes: (codes: string[]) => void) {
  const [state, setState] = useState<ReaderState>('loading');
  const found = useRef(onCodes);
  useEffect(() => {
    found.current = onCodes;
  }, [onCodes]);
  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('../lib/handover/scan-detector')
      .then(({ loadBarcodeReader, LINEAR_FORMATS }) =>
        Promise.all([loadBarcodeReader(LINEAR_FORMATS), loadBarcodeReader(['qr_code'])]),
      )
      .then(
        ([linear, qr]) => {
          if (stopped) return;
          setState('scanning');
          stop = startFrameReads(
            video,
            (v, n) => (n % QR_EVERY === 0 ? qr : linear).read(v),
            (codes) => found.current(codes),
          );
        },
        (error: unknown) => {
          console.error('Barcode reader failed to load', error);
          if (!stopped) setState('failed');
        },
      );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [video]);
  return state;
}

export function SerialCamera({
  onCodes,
  onUnavailable,
  onState,
}: {
  onCodes: (codes: string[]) => void;
  onUnavailable: (reason: string) => void;
  onState: (state: ReaderState) => void;
}) {
  const t = useT();
  const webcam = useRef<Webcam>(null);
  const [video] = useState(() => () => webcam.current?.video);
  const state = useBarcodeScan(video, onCodes);
  useEffect(() => onState(state), [state, onState]);
  return (
    <div className="relative">
      <Webcam
        ref={webcam}
        audio={false}
        videoConstraints={VIDEO}
        onUserMediaError={(e) => onUnavailable(typeof e === 'string' ? e : e.message || e.name)}
        className="aspect-video max-h-[38vh] w-full rounded-md bg-black object-contain"
        aria-label={t('serialScan.scanner.description')}
      />
      <ScanLine
        className="pointer-events-none absolute inset-0 m-auto h-24 w-3/4 text-white/70"
        aria-hidden="true"
      />
    </div>
  );
}
