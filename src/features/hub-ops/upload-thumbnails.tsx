import { CheckCircle2, CloudUpload } from 'lucide-react';
import type { ImageUpload, UploadEntry } from '../../../sync/pure';
import { useT } from '../../lib/i18n';
import { uploadDone, uploadPending, uploadRefused } from './messages';
import { uploadThumbnail } from './thumbnail-urls';

const SLOT_LABEL = {
  delivery_record: 'hubShipping.form.deliveryRecord',
  bast: 'handover.documents.kind.bast',
} as const satisfies Record<ImageUpload['slot'], string>;

/** A shipment's photos on this device, each with whether it has reached storage yet. */
export function UploadThumbnails({ uploads: entries }: { uploads: readonly UploadEntry[] }) {
  const t = useT();
  // A shipment's documents (issue 28) are listed in its detail, not here.
  const uploads = entries.filter((u): u is ImageUpload => !u.document);
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label={t('hubShipping.uploads.label')}>
      {uploads.map((u) => (
        <li
          key={u.path}
          className="grid w-28 gap-1 text-xs"
          data-testid="upload-thumbnail"
          data-slot-name={u.slot}
          data-state={u.state}
        >
          <img
            src={uploadThumbnail(u)}
            alt={t(SLOT_LABEL[u.slot])}
            className="h-20 w-28 rounded-md border object-cover"
          />
          <span className="flex items-center gap-1">
            {u.state === 'uploaded' ? (
              <CheckCircle2 className="size-3.5 text-emerald-700" aria-hidden="true" />
            ) : (
              <CloudUpload className="size-3.5 text-amber-700" aria-hidden="true" />
            )}
            {t(SLOT_LABEL[u.slot])}:{' '}
            {u.state === 'uploaded' ? uploadDone() : u.state === 'failed' ? uploadRefused() : uploadPending()}
          </span>
        </li>
      ))}
    </ul>
  );
}
