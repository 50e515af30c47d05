// The rear camera for a discrepancy photo (issue 28): react-webcam, as the shipping forms'
// camera (features/hub-ops/camera-capture-dialog.tsx, which components may not import).
import { useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { Camera } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';

const VIDEO = { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } } as const;

async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  const [head = '', body = ''] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? 'image/jpeg';
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

export function PhotoCameraDialog({
  title,
  onCapture,
  onClose,
}: {
  title: string;
  onCapture: (photo: Blob) => void;
  onClose: () => void;
}) {
  const t = useT();
  const webcam = useRef<Webcam>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  async function capture() {
    const shot = webcam.current?.getScreenshot();
    if (!shot) return;
    onCapture(await dataUrlToBlob(shot));
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="receipt-camera" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('handover.camera.title')}</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p className="text-sm text-destructive" role="alert">
            {t('handover.camera.failed', { reason: error })}
          </p>
        ) : (
          <Webcam
            ref={webcam}
            audio={false}
            screenshotFormat="image/jpeg"
            screenshotQuality={0.9}
            forceScreenshotSourceSize
            videoConstraints={VIDEO}
            onLoadedData={() => setReady(true)}
            onUserMediaError={(e) => setError(typeof e === 'string' ? e : e.message)}
            className="aspect-video w-full rounded-md bg-black object-contain"
          />
        )}
        <DialogFooter>
          <Button type="button" variant="outline" size="lg" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="button" size="lg" onClick={() => void capture()} disabled={!ready || !!error}>
            <Camera aria-hidden="true" />
            {t('handover.camera.capture')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
