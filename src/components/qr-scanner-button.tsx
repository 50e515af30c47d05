// The "Pindai Surat Jalan" button of the receiving hubs' page and the POD page (issue 28):
// the scanner dialog (react-webcam, the reader) loads when it is tapped, not with the screen.
import { lazy, Suspense, useState } from 'react';
import { QrCode } from 'lucide-react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';

const QrScannerDialog = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScannerDialog })));

export function QrScannerButton({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)} disabled={disabled} data-testid="scan-surat-jalan">
        <QrCode aria-hidden="true" />
        {t('common.scanDeliveryNote')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <QrScannerDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
