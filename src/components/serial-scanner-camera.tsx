// The serial scanner's camera (issue 42): the rear camera (react-webcam, as the QR scanner) read
// for 1D barcodes continuously: a read on every new video frame (requestVideoFrameCallback, else
// every 40 ms) as soon as the previous read is done, so a code is found within a frame or two
// of being shown (npm run bench: serial scan). The codes of each read go to onCodes;
// the caller drops a code still held in view (HeldCodes). The reader (and its WebAssembly)
// loads when the camera opens. No camera, or the camera refused: onUnavailable says why.
import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { ScanLine } from 'lucide-react';
import { useT } from '../lib/i18n';

const VIDEO = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } } as const;
const READ_EVERY_MS = 40;
const QR_EVERY = 3;

type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

export type ReaderState = 'loading' | 'scanning' | 'failed';

/**
 * Reads the video for barcodes until unmounted: on each new frame when no read is running, and
 * at once after a read during which a frame came (a read may take longer than a frame). The
 * linear formats on every read; a QR code on every QR_EVERY-th (finding a QR code in a frame of
 * bars costs more than reading the bars: measured in ZXing, 70 ms against 30 ms a frame).
 */
function useBarcodeScan(video: () => FrameVideo | null | undefined, onCodes: (codes: string[]) => void) {
  const [state, setState] = useState<ReaderState>('loading');
  const found = useRef(onCodes);
  useEffect(() => {
    found.current = onCodes;
  }, [onCodes]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    let frame: { video: FrameVideo; handle: number } | undefined;
    void import('../lib/handover/scan-detector')
      .then(({ loadBarcodeReader, LINEAR_FORMATS }) =>
        Promise.all([loadBarcodeReader(LINEAR_FORMATS), loadBarcodeReader(['qr_code'])]),
      )
      .then(
        ([linear, qr]) => {
          if (stopped) return;
          setState('scanning');
          let frames = 0;
          let reads = 0;
          let busy = false;
          const read = async () => {
            const v = video();
            if (busy || !v || v.readyState < 2 || v.videoWidth === 0) return;
            busy = true;
            const at = frames;
            const reader = ++reads % QR_EVERY === 0 ? qr : linear;
            const texts = await reader.read(v).catch(() => []);
            busy = false;
            if (stopped) return;
            if (texts.length > 0) found.current(texts);
            if (frames > at) void read();
          };
          // Every new frame of the video (requestVideoFrameCallback), or a tick every
          // READ_EVERY_MS where there is none (and until the video element is there).
          const onFrame = () => {
            frame = undefined;
            if (stopped) return;
            frames++;
            void read();
            const v = video();
            if (v?.requestVideoFrameCallback)
              frame = { video: v, handle: v.requestVideoFrameCallback(onFrame) };
          };
          timer = setInterval(() => {
            if (frame) return;
            const v = video();
            if (v?.requestVideoFrameCallback && v.readyState >= 2) {
              clearInterval(timer);
              onFrame();
            } else {
              frames++;
              void read();
            }
          }, READ_EVERY_MS);
        },
        (error: unknown) => {
          console.error('Barcode reader failed to load', error);
          if (!stopped) setState('failed');
        },
      );
    return () => {
      stopped = true;
      clearInterval(timer);
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
