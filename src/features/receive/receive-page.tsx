// /terima/:shipmentId (issue 28): where a scanned surat jalan (or a phone's camera app
// following its link) lands. It reads the shipment from this device's collections, so it
// answers offline, and moves at once to the shipment's arrival step at the user's hub, or
// says plainly why not: another hub's shipment, one unloaded already, one not on this tablet.
// Issue 40: a code that names its document also offers "Periksa Dokumen" for that document.
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { AlertTriangle } from 'lucide-react';
import { QrScannerButton } from '../../components/qr-scanner-button';
import { VerifyDocumentLink } from '../../components/verify-document-link';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { scanTarget } from '../../lib/handover/scan-target';
import { useT } from '../../lib/i18n';
import { useSignedIn } from '../../lib/session/session';
import { useTablesArrived } from '../../lib/sync-engine';
import { ALL_ROWS, useRxByIds, useRxQuery } from '../../lib/hooks/use-rx-query';

const TABLES = ['shipments', 'hubs'] as const;

export function ReceivePage() {
  const t = useT();
  const { shipmentId = '' } = useParams();
  const [params] = useSearchParams();
  const { profile } = useSignedIn();
  const shipment = useRxByIds('shipments', [shipmentId]).get(shipmentId);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const arrived = useTablesArrived(TABLES);
  const known = !!shipment && hubs.ready && hubs.rows.length > 0;

  if (!known && !(arrived && hubs.ready)) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" data-testid="receive-page">
        <h1 className="text-2xl font-bold tracking-tight">{t('handover.scan.receiveTitle')}</h1>
        <p role="status">{t('handover.scan.loading')}</p>
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  const actor = { userId: profile.userId, role: profile.role, hubId: profile.hubId };
  const target = scanTarget(shipment, hubs.rows, actor, params.get('batch'));
  // Issue 40: a sealed document's code (a BAST's, or a phone's camera on either) offers its check.
  const documentId = params.get('doc');
  if (target.kind === 'open') return <Navigate to={target.path} replace />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" data-testid="receive-page">
      <h1 className="text-2xl font-bold tracking-tight">{t('handover.scan.receiveTitle')}</h1>
      <Alert variant="destructive" data-testid="receive-refused" data-kind={target.kind}>
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>{t('handover.scan.scanned')}</AlertTitle>
        <AlertDescription className="text-base">{target.message}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <QrScannerButton />
        <VerifyDocumentLink
          variant={documentId ? 'default' : 'outline'}
          code={documentId ? { shipmentId, documentId, contentSha256: params.get('sha256') } : undefined}
        />
      </div>
    </div>
  );
}
