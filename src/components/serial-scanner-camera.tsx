// The serial scanner's camera (issue 42): the rear camera (rear-camera.tsx, as the QR scanner) read
// for 1D barcodes continuously, frame by frame (useCodeReads), so a code is
// found within a frame or two of being shown (npm run bench: serial scan). The codes of each
// read go to onCodes; the caller drops a code still held in view (HeldCodes). The reader (and
// its WebAssembly) loads when the camera opens. No camera, or the camera refused: onUnavailable
// says why.
import { useEffect } from 'react';
import { useT } from '../lib/i18n';
import { ScanningCamera, useCodeReads, type FrameRead, type ReaderState } from './rear-camera';

export type { ReaderState } from './rear-camera';

const QR_EVERY = 3;

/**
 * The linear formats on every read; a QR code on every QR_EVERY-th (finding a QR code in a frame
 * of bars costs more than reading the bars: measured in ZXing, 70 ms against 30 ms a frame).
 */
async function loadSerialReads(): Promise<FrameRead> {
  const { loadBarcodeReader, LINEAR_FORMATS } = await import('../lib/handover/scan-detector');
  const [linear, qr] = await Promise.all([loadBarcodeReader(LINEAR_FORMATS), loadBarcodeReader(['qr_code'])]);
  return (video, n) => (n % QR_EVERY === 0 ? qr : linear).read(video);
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
  const { webcam, state } = useCodeReads(loadSerialReads, onCodes);
  useEffect(() => onState(state), [state, onState]);
  return (
    <ScanningCamera
      webcam={webcam}
      label={t('serialScan.scanner.description')}
      onUnavailable={onUnavailable}
      className="max-h-[38vh]"
      lineClassName="h-24 w-3/4"
    />
  );
}
