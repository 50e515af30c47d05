// One difference of the counted receipt (issue 28): what and how many, its reason (derived
// from the counts, shown), a note and at least one photo (camera or file, compressed like
// the other photos before it is kept). Issue 42: received by serial, a TV difference names its
// serials (kurang: those not scanned, lebih: those not loaded, rusak: those marked).
import { useRef, useState } from 'react';
import { Camera, ImagePlus } from 'lucide-react';
import { compressImage } from '../../lib/documents/compress-image';
import { discrepancyTitle, type NeededDiscrepancy } from '../../lib/handover/receipt-draft';
import { useT } from '../../lib/i18n';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { RemovableThumbnail } from '../removable-thumbnail';
import { Textarea } from '../ui/textarea';
import { PhotoCameraDialog } from './photo-camera';

export interface ReceiptPhoto {
  /** The shipment_documents id it will have. */
  id: string;
  blob: Blob;
  url: string;
}

export interface DiscrepancyState {
  /** The discrepancy's id (device-made). */
  id: string;
  note: string;
  photos: ReceiptPhoto[];
}

export function DiscrepancyFields({
  need,
  state,
  errors,
  disabled,
  onChange,
}: {
  need: NeededDiscrepancy;
  state: DiscrepancyState;
  /** In the device's language. */
  errors: { note?: string; photos?: string };
  disabled: boolean;
  onChange: (next: DiscrepancyState) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = discrepancyTitle(need);
  const base = `receipt-${need.key}`;
  const photoError = errors.photos ?? (failed ? t('handover.receipt.photoFailed') : undefined);
  const noteError = errors.note;

  async function add(files: Blob[]) {
    setBusy(true);
    setFailed(false);
    try {
      const photos = await Promise.all(
        files.map(async (file) => {
          const blob = await compressImage(file);
          return { id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) };
        }),
      );
      onChange({ ...state, photos: [...state.photos, ...photos] });
    } catch (error) {
      console.error('discrepancy photo failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function remove(id: string) {
    const photo = state.photos.find((p) => p.id === id);
    if (photo) URL.revokeObjectURL(photo.url);
    onChange({ ...state, photos: state.photos.filter((p) => p.id !== id) });
  }

  return (
    <fieldset
      className="grid gap-3 rounded-lg border p-3"
      data-testid="receipt-discrepancy"
      data-key={need.key}
      data-reason={need.reason}
    >
      <legend className="flex items-center gap-2 px-1 text-base font-semibold">
        {title}
        <Badge variant="destructive" data-testid="receipt-discrepancy-reason">
          {t(`common.reason.${need.reason}`)}
        </Badge>
      </legend>
      {need.serials && need.serials.length > 0 && (
        <div className="grid gap-1">
          <p id={`${base}-serials`} className="text-sm font-medium">
            {t('handover.receipt.discrepancySerials')}
          </p>
          <ul
            className="flex max-h-48 flex-wrap gap-2 overflow-y-auto"
            aria-labelledby={`${base}-serials`}
            data-testid="receipt-discrepancy-serials"
          >
            {need.serials.map((serial) => (
              <li key={serial} className="rounded-md border px-2 py-1 font-mono text-base">
                {serial}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-1">
        <label htmlFor={`${base}-note`} className="text-sm font-medium">
          {t('handover.receipt.discrepancyNote', { title })}
        </label>
        <Textarea
          id={`${base}-note`}
          value={state.note}
          onChange={(e) => onChange({ ...state, note: e.target.value })}
          disabled={disabled}
          aria-invalid={!!noteError}
          aria-describedby={noteError ? `${base}-note-error` : undefined}
        />
        {noteError && (
          <p id={`${base}-note-error`} className="text-sm text-destructive" role="alert">
            {noteError}
          </p>
        )}
      </div>
      <div
        className="grid gap-2"
        role="group"
        aria-label={t('handover.receipt.discrepancyPhotos', { title })}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={() => setCamera(true)}
            disabled={disabled || busy}
          >
            <Camera aria-hidden="true" />
            {t('common.camera')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={() => input.current?.click()}
            disabled={disabled || busy}
          >
            <ImagePlus aria-hidden="true" />
            {t('common.chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            multiple
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`${base}-file`}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = '';
              if (files.length) void add(files);
            }}
          />
          {busy && (
            <span className="text-sm text-muted-foreground" role="status">
              {t('handover.receipt.compressing')}
            </span>
          )}
        </div>
        {state.photos.length > 0 && (
          <ul className="flex flex-wrap gap-3">
            {state.photos.map((photo, index) => (
              <li key={photo.id} className="relative" data-testid="receipt-photo">
                <RemovableThumbnail
                  src={photo.url}
                  alt={t('handover.receipt.photoAlt', { title, n: index + 1 })}
                  removeLabel={t('handover.receipt.removePhoto', { n: index + 1 })}
                  onRemove={() => remove(photo.id)}
                  disabled={disabled}
                />
              </li>
            ))}
          </ul>
        )}
        {photoError && (
          <p className="text-sm text-destructive" role="alert" data-testid={`${base}-photos-error`}>
            {photoError}
          </p>
        )}
      </div>
      {camera && (
        <PhotoCameraDialog
          title={title}
          onCapture={(blob) => void add([blob])}
          onClose={() => setCamera(false)}
        />
      )}
    </fieldset>
  );
}
