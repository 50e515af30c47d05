// The serial scanner's camera (issue 42): the rear camera (react-webcam, as the QR scanner) read
// for 1D barcodes continuously: a read on every new video frame (requestVideoFrameCallback, else
// every 40 ms) as soon as the previous read is done, so a code is found within a frame or two
// of being shown. The codes of each read go to onCodes;
// the caller drops a code still held in view (HeldCodes). The reader (and its WebAssembly)
// loads when the camera opens. No camera, or the camera refused: onUnavailable says why.
import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { ScanLine } from 'lucide-react';
import { useT } from '../lib/i18n';

const VIDEO = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } } as const;
const READ_EVERY_MS = 40;

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export type ReaderState = 'loading' | 'scanning' | 'failed';

/** Reads the video for barcodes, one read after another, until unmounted. */
function useBarcodeScan(video: () => FrameVideo | null | undefined, onCodes: (codes: string[]) => void) {
  const [state, setState] = useState<ReaderState>('loading');
  const found = useRef(onCodes);
  useEffect(() => {
    found.current = onCodes;
  }, [onCodes]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame: { video: FrameVideo; handle: number } | undefined;
    void import('../lib/handover/scan-detector')
      .then(({ loadBarcodeReader, SERIAL_FORMATS }) => loadBarcodeReader(SERIAL_FORMATS))
      .then(
        (reader) => {
          if (stopped) return;
          setState('scanning');
          const next = () => {
            if (stopped) return;
            const v = video();
            if (v?.requestVideoFrameCallback && v.readyState >= 2) {
              frame = { video: v, handle: v.requestVideoFrameCallback(() => void tick()) };
            } else timer = setTimeout(() => void tick(), READ_EVERY_MS);
          };
          const tick = async () => {
            frame = undefined;
            const v = video();
            if (v && v.readyState >= 2 && v.videoWidth > 0) {
              const texts = await reader.read(v).catch(() => []);
              if (stopped) return;
              if (texts.length > 0) found.current(texts);
            }
            next();
          };
          next();
        },
        (error: unknown) => {
          console.error('Barcode reader failed to load', error);
          if (!stopped) setState('failed');
        },
      );
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (frame) frame.video.cancelVideoFrameCallback?.(frame.handle);
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
