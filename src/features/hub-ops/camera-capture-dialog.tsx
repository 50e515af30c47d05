// The shipping forms' camera (spec 9): each capture becomes a JPEG the form adds.
import { CameraDialog } from '../../components/camera-dialog';
import { useT } from '../../lib/i18n';

export function CameraCaptureDialog({
  onCapture,
  onClose,
}: {
  onCapture: (file: File) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <CameraDialog
      testId="camera-dialog"
      words={{
        title: t('hubShipping.camera.title'),
        description: t('hubShipping.camera.description'),
        capture: t('common.takePhoto'),
        failed: (error) => t('hubShipping.camera.failed', { error }),
      }}
      onCapture={onCapture}
      onClose={onClose}
    />
  );
}
