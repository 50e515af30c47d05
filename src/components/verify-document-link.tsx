// "Periksa Dokumen" (issue 40): where scanning already lives (the receiving hubs' toolbar, the
// POD page, /terima and a shipment's Dokumen), the way to /periksa, which checks a printed
// surat jalan or BAST by its QR code, or a PDF file, against the sealed record.
import { Link } from 'react-router-dom';
import { ShieldCheck } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';

export function VerifyDocumentLink({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const t = useT();
  return (
    <Button asChild variant={variant} data-testid="verify-document-link">
      <Link to="/periksa">
        <ShieldCheck aria-hidden="true" />
        {t('verify.button')}
      </Link>
    </Button>
  );
}
