import { CheckCircle2, CloudUpload } from 'lucide-react';
import type { ImageUpload, UploadEntry } from '../../../sync/pure';
import { UPLOAD_DONE, UPLOAD_PENDING } from './messages';
import { uploadThumbnail } from './thumbnail-urls';

const SLOT_LABEL: Record<ImageUpload['slot'], string> = {
  delivery_record: 'Delivery record',
  bast: 'BAST',
};

/** A shipment's photos on this device, each with whether it has reached storage yet. */
export function UploadThumbnails({ uploads: entries }: { uploads: readonly UploadEntry[] }) {
  // A shipment's documents (issue 28) are listed in its detail, not here.
  const uploads = entries.filter((u): u is ImageUpload => !u.document);
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Foto pengiriman">
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
            alt={SLOT_LABEL[u.slot]}
            className="h-20 w-28 rounded-md border object-cover"
          />
          <span className="flex items-center gap-1">
            {u.state === 'uploaded' ? (
              <CheckCircle2 className="size-3.5 text-emerald-700" aria-hidden="true" />
            ) : (
              <CloudUpload className="size-3.5 text-amber-700" aria-hidden="true" />
            )}
            {SLOT_LABEL[u.slot]}: {u.state === 'uploaded' ? UPLOAD_DONE : UPLOAD_PENDING}
          </span>
        </li>
      ))}
    </ul>
  );
}
