// The shipping forms' images (spec 5, 9): up to two, JPG or PNG, from the rear
// camera on mobile devices, otherwise from a file picker (with the info toast).
// Each shows a thumbnail; they are compressed and queued for upload when the
// form is saved, and the departure card then tells whether each is uploaded.
import { useRef, useState } from 'react';
import { Camera, ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { RemovableThumbnail } from '../../components/removable-thumbnail';
import { useT } from '../../lib/i18n';
import { isMobileDevice } from '../../lib/mobile-device';
import { CameraCaptureDialog } from './camera-capture-dialog';
import { acceptImages, MAX_IMAGES, refusedBy, type ImageRule } from './image-rules';
import { cameraDesktopOnly, IMAGE_RULES } from './messages';
import { showError } from '../../lib/writes/run-command';
import { blobThumbnail } from './thumbnail-urls';

export function ImagePicker({
  id,
  form,
  images,
  onChange,
  slotLabels,
  error,
  disabled,
}: {
  id: string;
  form: 'darat' | 'poljak' | 'polsub';
  images: readonly File[];
  onChange: (images: File[]) => void;
  /** What each image will be, in order (delivery record, BAST). */
  slotLabels: readonly [string, string];
  error?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  // Which rule refused the last files: its message is read at each render (the language may change).
  const [rejected, setRejected] = useState<ImageRule | null>(null);
  const full = images.length >= MAX_IMAGES;

  function add(files: File[]) {
    const { accepted, error: message } = acceptImages(form, images.length, files);
    setRejected(refusedBy(images.length, files));
    if (message) {
      showError(message);
      return;
    }
    onChange([...images, ...accepted]);
  }

  function openCamera() {
    if (isMobileDevice()) {
      if (full) {
        setRejected('max');
        showError(IMAGE_RULES[form].max);
        return;
      }
      setCamera(true);
      return;
    }
    toast.info(cameraDesktopOnly());
    input.current?.click();
  }

  const message = rejected ? IMAGE_RULES[form][rejected] : error;
  return (
    <div className="grid gap-2" data-testid={`${id}-picker`}>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={openCamera} disabled={disabled}>
          <Camera aria-hidden="true" />
          {t('common.camera')}
        </Button>
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
          <ImagePlus aria-hidden="true" />
          {t('common.chooseFile')}
        </Button>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          multiple
          className="hidden"
          tabIndex={-1}
          data-testid={`${id}-input`}
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <span className="self-center text-sm text-muted-foreground">
          {t('hubShipping.picker.count', { n: images.length, max: MAX_IMAGES })}
        </span>
      </div>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {images.map((file, index) => (
            <li key={`${file.name}-${index}`} className="grid w-32 gap-1 text-xs" data-testid="picked-image">
              <div className="relative">
                <RemovableThumbnail
                  src={blobThumbnail(file)}
                  alt={slotLabels[index] ?? file.name}
                  removeLabel={t('hubShipping.picker.remove', { name: slotLabels[index] ?? file.name })}
                  onRemove={() => {
                    setRejected(null);
                    onChange(images.filter((_, i) => i !== index));
                  }}
                  disabled={disabled}
                />
              </div>
              <span className="font-medium">{slotLabels[index]}</span>
              <span className="text-muted-foreground">{t('hubShipping.picker.notUploaded')}</span>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p className="text-sm text-destructive" role="alert" data-testid={`error-${id}`}>
          {message}
        </p>
      )}
      {camera && <CameraCaptureDialog onCapture={(file) => add([file])} onClose={() => setCamera(false)} />}
    </div>
  );
}
