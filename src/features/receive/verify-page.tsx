// /periksa, "Periksa Dokumen" (issue 40): is this paper, or this PDF file, the sealed surat
// jalan or BAST? Its QR code read by the camera (the scanner of "Pindai Surat Jalan"), or a
// file chosen and hashed here (SHA-256, Web Crypto), checked online against the server and
// offline against this tablet's copy (src/lib/documents/verify-sources.ts), and the answer
// said plainly: sesuai or not and why, who signed, when the server received it, whether a
// later document replaced it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CheckCircle2, FileSearch, QrCode, ShieldAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format-date';
import { parseShipmentQr, type ShipmentQr } from '../../lib/documents/qr-payload';
import type { Claim } from '../../lib/documents/verify-document';
import type { VerifyResult } from '../../lib/documents/verify-document';
import { useT } from '../../lib/i18n';
import { useSyncEngine } from '../../lib/sync-engine';
import { useOnline } from '../../lib/hooks/use-online';

const QrScannerDialog = lazy(() =>
  import('../../components/qr-scanner').then((m) => ({ default: m.QrScannerDialog })),
);

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'failed'; message: string }
  | { state: 'done'; result: VerifyResult; fileName: string | null };

export function VerifyPage() {
  const t = useT();
  const engine = useSyncEngine();
  const online = useOnline();
  const [scanning, setScanning] = useState(false);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);

  const run = useCallback(
    async (claim: () => Promise<Claim>, fileName: string | null) => {
      setCheck({ state: 'checking' });
      try {
        const { verify } = await import('../../lib/documents/verify-sources');
        const result = await verify(engine, await claim(), online);
        setCheck({ state: 'done', result, fileName });
      } catch (error) {
        console.error('document check failed', error);
        setCheck({ state: 'failed', message: engine ? t('verify.failed') : t('verify.engineNotReady') });
      }
    },
    [engine, online, t],
  );
  const onCode = useCallback(
    (qr: ShipmentQr) =>
      void run(
        async () => ({
          from: 'qr',
          shipmentId: qr.shipmentId,
          ...(qr.documentId ? { documentId: qr.documentId } : {}),
          ...(qr.contentSha256 ? { contentSha256: qr.contentSha256 } : {}),
        }),
        null,
      ),
    [run],
  );
  // A code handed over in the address (/terima's "Periksa Dokumen"): checked once, at once.
  const [params] = useSearchParams();
  const handed = useRef(false);
  useEffect(() => {
    if (handed.current || !params.get('shipment') || !engine) return;
    handed.current = true;
    // Read as the scanner reads a code: ids and hash checked, anything else ignored.
    const code = new URL(`/terima/${encodeURIComponent(params.get('shipment')!)}`, window.location.origin);
    for (const key of ['doc', 'sha256']) code.searchParams.set(key, params.get(key) ?? '');
    const qr = parseShipmentQr(code.toString());
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-shot check of the code handed over
    if (qr) onCode(qr);
  }, [params, engine, onCode]);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void run(async () => {
      const { fileClaim } = await import('../../lib/documents/verify-sources');
      return fileClaim(new Uint8Array(await file.arrayBuffer()));
    }, file.name);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4 md:p-6" data-testid="verify-page">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t('common.checkDocument')}</h1>
        <p className="text-muted-foreground">{t('verify.description')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="lg" onClick={() => setScanning(true)} data-testid="verify-scan">
          <QrCode aria-hidden="true" />
          {t('common.scanDocumentQr')}
        </Button>
        <Button type="button" size="lg" variant="outline" onClick={() => fileInput.current?.click()}>
          <FileSearch aria-hidden="true" />
          {t('verify.pickFile')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          aria-label={t('verify.fileLabel')}
          data-testid="verify-file"
          onChange={onFile}
        />
      </div>
      {scanning && (
        <Suspense fallback={null}>
          <QrScannerDialog onClose={() => setScanning(false)} onCode={onCode} />
        </Suspense>
      )}
      {check.state === 'checking' && (
        <p className="flex items-center gap-2" role="status">
          <Spinner />
          {t('verify.checking')}
        </p>
      )}
      {check.state === 'failed' && (
        <p className="text-destructive" role="alert">
          {check.message}
        </p>
      )}
      {check.state === 'done' && <VerifyOutcome result={check.result} fileName={check.fileName} />}
    </div>
  );
}

function VerifyOutcome({ result, fileName }: { result: VerifyResult; fileName: string | null }) {
  const t = useT();
  const good = result.verdict === 'sesuai';
  const time = (at: string) => formatDateTime(at);
  return (
    <Alert
      variant={good ? 'default' : 'destructive'}
      data-testid="verify-result"
      data-verdict={result.verdict}
      data-source={result.source}
      data-checked={fileName ?? 'qr'}
      role="status"
    >
      {good ? <CheckCircle2 aria-hidden="true" /> : <ShieldAlert aria-hidden="true" />}
      <AlertTitle className="text-base">{t(`verify.verdict.${result.verdict}`)}</AlertTitle>
      <AlertDescription className="grid gap-2 text-sm">
        <p>{fileName ? t('verify.checkedFile', { name: fileName }) : t('verify.checkedQr')}</p>
        {result.reasons.length > 0 && (
          <ul className="list-disc pl-5" data-testid="verify-reasons">
            {result.reasons.map((r) => (
              <li key={r} data-reason={r}>
                {t(`verify.reason.${r}`)}
              </li>
            ))}
          </ul>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {result.kind && (
            <>
              <dt className="font-medium">{t('verify.kind')}</dt>
              <dd>{t(`handover.documents.kind.${result.kind as 'bast'}`)}</dd>
            </>
          )}
          {result.documentId && (
            <>
              <dt className="font-medium">{t('verify.documentId')}</dt>
              <dd className="break-all font-mono text-xs">{result.documentId}</dd>
            </>
          )}
          <dt className="font-medium">{t('verify.receivedAt')}</dt>
          <dd data-testid="verify-received-at">
            {result.receivedAt ? time(result.receivedAt) : t('verify.notReceived')}
          </dd>
          {result.signers.length > 0 && (
            <>
              <dt className="font-medium">{t('verify.signedBy')}</dt>
              <dd>
                <ul data-testid="verify-signers">
                  {result.signers.map((s) => (
                    <li key={s.role}>
                      {t('verify.signerLine', {
                        role: t(`verify.signer.${s.role}`),
                        name: s.name,
                        time: s.signedAt ? time(s.signedAt) : '-',
                      })}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
        {result.replacedBy && (
          <p data-testid="verify-replaced-by">
            {t('verify.replacedBy', { id: result.replacedBy.id, time: time(result.replacedBy.receivedAt) })}
          </p>
        )}
        <p className="text-muted-foreground">
          {result.source === 'server' ? t('verify.sourceServer') : t('verify.sourceDevice')}
        </p>
      </AlertDescription>
    </Alert>
  );
}
