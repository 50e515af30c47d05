// The tablet's rear camera in a dialog (spec 9, architecture point 6; rear-camera.tsx): a
// capture becomes a JPEG file, made without the network. The shipping forms' photos
// (features/hub-ops/camera-capture-dialog.tsx) and the receipt's discrepancy photos
// (counted-receipt/photo-camera.tsx) each give it their words.
import { useRef, useState } from 'react';
import type Webcam from 'react-webcam';
import { Camera } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';
import { DialogFrame } from './dialog-frame';
import { RearCamera } from './rear-camera';

/** A data: URL (what getScreenshot returns) as a file, without touching the network. */
export function dataUrlToFile(dataUrl: string, name: string): File {
  const [head = '', body = ''] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? 'image/jpeg';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: mime });
}

export interface CameraWords {
  title: string;
  description: string;
  capture: string;
  /** The camera could not be opened (permission refused, no camera). */
  failed: (reason: string) => string;
}

export function CameraDialog({
  testId,
  words,
  onCapture,
  onClose,
}: {
  testId: string;
  words: CameraWords;
  onCapture: (file: File) => void;
  onClose: () => void;
}) {
  const t = useT();
  const webcam = useRef<Webcam>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  function capture() {
    const shot = webcam.current?.getScreenshot();
    if (!shot) return;
    onCapture(dataUrlToFile(shot, `foto-${Date.now()}.jpg`));
    onClose();
  }

  return (
    <DialogFrame
      data-testid={testId}
      className="sm:max-w-2xl"
      title={words.title}
      description={words.description}
      footer={
        <>
          <Button type="button" variant="outline" size="lg" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="button" size="lg" onClick={capture} disabled={!ready || !!error}>
            <Camera aria-hidden="true" />
            {words.capture}
          </Button>
        </>
      }
      onClose={onClose}
    >
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {words.failed(error)}
        </p>
      ) : (
        <RearCamera
          ref={webcam}
          use="photo"
          // Ready once the video has its first frame: before that the stream is open but the
          // video has no size yet, and a shot would come back empty.
          onLoadedData={() => setReady(true)}
          onUnavailable={setError}
        />
      )}
    </DialogFrame>
  );
}
