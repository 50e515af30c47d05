// The rear camera for a discrepancy photo (issue 28), in the receipt's words.
import { useT } from '../../lib/i18n';
import { CameraDialog } from '../camera-dialog';

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
  return (
    <CameraDialog
      testId="receipt-camera"
      words={{
        title: t('common.takePhoto'),
        description: title,
        capture: t('common.takePhoto'),
        failed: (reason) => t('common.cameraFailed', { reason }),
      }}
      onCapture={onCapture}
      onClose={onClose}
    />
  );
}
