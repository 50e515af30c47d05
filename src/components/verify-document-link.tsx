// "Periksa Dokumen" (issue 40): where scanning already lives (the receiving hubs' toolbar, the
// POD page, /terima and a shipment's Dokumen), the way to /periksa, which checks a printed
// surat jalan or BAST by its QR code, or a PDF file, against the sealed record.
import { Link } from 'react-router-dom';
import { ShieldCheck } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';

export function VerifyDocumentLink({
  variant = 'outline',
  code,
}: {
  variant?: 'outline' | 'default';
  /** A scanned document's code (/terima?doc=&sha256=): /periksa checks it at once. */
  code?: { shipmentId: string; documentId: string; contentSha256: string | null };
}) {
  const t = useT();
  const search = code
    ? `?${new URLSearchParams({
        shipment: code.shipmentId,
        doc: code.documentId,
        ...(code.contentSha256 ? { sha256: code.contentSha256 } : {}),
      }).toString()}`
    : '';
  return (
    <Button asChild variant={variant} data-testid="verify-document-link">
      <Link to={`/periksa${search}`}>
        <ShieldCheck aria-hidden="true" />
        {t('common.checkDocument')}
      </Link>
    </Button>
  );
}
