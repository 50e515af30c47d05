// "Surat jalan siap" (issue 28): shown once a shipping form is saved, while the tablet makes
// the delivery note from what it holds and queues it as the shipment's document (offline
// too). Cetak opens the print view and the browser's print dialog; Unduh / Bagikan hands
// the PDF to the share sheet where the browser can share files, else downloads it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Download, Printer, Share2 } from 'lucide-react';
import { canShareFile, shareOrDownload } from '../../lib/documents/document-file';
import type { MadeDocument } from '../../lib/documents/surat-jalan-of-shipment';
import type { SuratJalanData } from '../../lib/documents/surat-jalan-pdf';
import { useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import { DocumentDialog } from './document-dialog';
import { SuratJalanPrint } from './surat-jalan-print';

export type SuratJalanMaking = Promise<{ data: SuratJalanData; made: MadeDocument }>;

type State =
  { state: 'making' } | { state: 'made'; data: SuratJalanData; made: MadeDocument } | { state: 'failed' };

export function SuratJalanDialog({
  batchNumber,
  making,
  onClose,
}: {
  batchNumber: string;
  making: SuratJalanMaking;
  onClose: () => void;
}) {
  const t = useT();
  const [doc, setDoc] = useState<State>({ state: 'making' });
  const [printing, setPrinting] = useState(false);
  const printed = useRef(false);
  useEffect(() => {
    let live = true;
    making.then(
      (r) => live && setDoc({ state: 'made', ...r }),
      (error: unknown) => {
        console.error('surat jalan failed', error);
        if (live) setDoc({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [making]);
  // The print dialog opens once the print view (with its QR code) has rendered.
  const onPrintReady = useCallback(() => {
    if (printed.current) return;
    printed.current = true;
    window.print();
  }, []);
  const openPrint = () => {
    printed.current = false;
    setPrinting(true);
  };

  const big = 'min-h-12 min-w-36 text-base';
  return (
    <DocumentDialog
      testId="surat-jalan-dialog"
      stateAttribute="data-state-doc"
      state={doc.state}
      className={printing ? 'max-h-[95vh] overflow-y-auto sm:max-w-4xl' : 'sm:max-w-lg'}
      chromeClassName="print:hidden"
      title={printing ? t('handover.documents.printViewTitle') : t('handover.documents.suratJalanReady')}
      description={t('handover.documents.suratJalanReadyDescription', { batch: batchNumber })}
      making={t('handover.documents.making')}
      failed={t('handover.documents.failed')}
      footer={
        <>
          {printing && (
            <>
              <Button
                type="button"
                size="lg"
                variant="outline"
                className={big}
                onClick={() => setPrinting(false)}
              >
                {t('common.back')}
              </Button>
              <Button type="button" size="lg" className={big} onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {t('handover.documents.printAgain')}
              </Button>
            </>
          )}
          <Button type="button" size="lg" variant="outline" className={big} onClick={onClose}>
            {t('common.close')}
          </Button>
        </>
      }
      onClose={onClose}
    >
      {doc.state === 'made' && printing && <SuratJalanPrint data={doc.data} onReady={onPrintReady} />}
      {doc.state === 'made' && !printing && (
        <>
          <p className="text-muted-foreground text-sm">{t('handover.documents.waitingUpload')}</p>
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              size="lg"
              className={big}
              onClick={openPrint}
              data-testid="surat-jalan-print-button"
            >
              <Printer aria-hidden="true" />
              {t('common.print')}
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              className={big}
              data-testid="surat-jalan-share"
              onClick={() => void shareOrDownload(doc.made.file)}
            >
              {canShareFile(doc.made.file) ? <Share2 aria-hidden="true" /> : <Download aria-hidden="true" />}
              {t('handover.documents.downloadOrShare')}
            </Button>
          </div>
        </>
      )}
    </DocumentDialog>
  );
}
