// The tablet's rear camera, as every camera of the app opens it (spec 9, architecture point 6):
// react-webcam facing the environment, the picture on black, and the camera's refusal (permission
// refused, no camera) handed on as a reason to show. The photo dialog (camera-dialog.tsx) takes
// JPEG shots of it at 1080p; the scanners (qr-scanner.tsx, serial-scanner-camera.tsx) read it for
// codes at 720p (a 720p frame is read in 30 to 70 ms of ZXing), frame by frame (useCodeReads).
import { useEffect, useRef, useState, type Ref, type RefObject } from 'react';
import Webcam from 'react-webcam';
import { ScanLine } from 'lucide-react';
import { startFrameReads } from '../lib/handover/frame-reads';
import { cn } from '../lib/utils';

const CONSTRAINTS = {
  photo: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
  scan: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
} as const;

export function RearCamera({
  ref,
  use,
  onUnavailable,
  onLoadedData,
  className,
  label,
}: {
  ref: Ref<Webcam>;
  use: keyof typeof CONSTRAINTS;
  onUnavailable: (reason: string) => void;
  /** The video has its first frame (before that a shot comes back empty). */
  onLoadedData?: () => void;
  className?: string;
  label?: string;
}) {
  return (
    <Webcam
      ref={ref}
      audio={false}
      screenshotFormat="image/jpeg"
      screenshotQuality={0.9}
      forceScreenshotSourceSize
      videoConstraints={CONSTRAINTS[use]}
      onLoadedData={onLoadedData}
      onUserMediaError={(e) => onUnavailable(typeof e === 'string' ? e : e.message || e.name)}
      className={cn('aspect-video w-full rounded-md bg-black object-contain', className)}
      aria-label={label}
    />
  );
}

/** A scanner's camera: the rear camera read for codes, a scan line over the picture. */
export function ScanningCamera({
  webcam,
  label,
  onUnavailable,
  className,
  lineClassName,
}: {
  webcam: Ref<Webcam>;
  label: string;
  onUnavailable: (reason: string) => void;
  className?: string;
  /** The scan line's size: a square for a QR code, a wide band for a barcode. */
  lineClassName: string;
}) {
  return (
    <div className="relative">
      <RearCamera ref={webcam} use="scan" label={label} onUnavailable={onUnavailable} className={className} />
      <ScanLine
        className={cn('pointer-events-none absolute inset-0 m-auto text-white/70', lineClassName)}
        aria-hidden="true"
      />
    </div>
  );
}

export type ReaderState = 'loading' | 'scanning' | 'failed';

/** Reads one frame of the video; `n` counts the reads (1, 2, ...). */
export type FrameRead = (video: HTMLVideoElement, n: number) => Promise<string[]>;

/**
 * Reads the camera's video for codes until unmounted, or until `onCodes` answers true: the
 * reader (and its WebAssembly) loads when the camera opens (`load`, a function that does not
 * change), then every new frame is read as soon as the previous read is done
 * (src/lib/handover/frame-reads.ts). Give the returned `webcam` to the camera.
 */
export function useCodeReads(
  load: () => Promise<FrameRead>,
  onCodes: (codes: string[]) => boolean | void,
): { webcam: RefObject<Webcam | null>; state: ReaderState } {
  const webcam = useRef<Webcam>(null);
  const [state, setState] = useState<ReaderState>('loading');
  const found = useRef(onCodes);
  useEffect(() => {
    found.current = onCodes;
  }, [onCodes]);
  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    void load().then(
      (read) => {
        if (stopped) return;
        setState('scanning');
        stop = startFrameReads(
          () => webcam.current?.video,
          read,
          (codes) => {
            if (!stopped && found.current(codes) === true) {
              stopped = true;
              stop?.();
            }
          },
        );
      },
      (error: unknown) => {
        console.error('The code reader failed to load', error);
        if (!stopped) setState('failed');
      },
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [load]);
  return { webcam, state };
}
