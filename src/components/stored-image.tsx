// A stored photo of a shipment (issue 40: the bucket is private): shown from the tablet's own
// copy, or online through a short-lived signed URL; offline without a copy, a note says so.
import { useT } from '../lib/i18n';
import { useOnline } from '../lib/hooks/use-online';
import { useStoredFileUrl } from '../lib/documents/use-stored-file-url';

export function StoredImage({ value, alt, className }: { value: string; alt: string; className: string }) {
  const t = useT();
  const online = useOnline();
  const url = useStoredFileUrl(value);
  if (!url) {
    return (
      <span
        className={`${className} text-muted-foreground flex items-center justify-center p-1 text-center text-xs`}
        data-testid="stored-image-waiting"
      >
        {online ? '' : t('handover.documents.photoNeedsConnection')}
      </span>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className={className} loading="lazy" />
    </a>
  );
}
