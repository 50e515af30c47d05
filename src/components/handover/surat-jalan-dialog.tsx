// "Surat jalan siap" (issue 28): shown once a shipping form is saved, while the tablet makes
// the delivery note from what it holds and queues it as the shipment's document (offline
// too). Cetak opens the print view and the browser's print dialog; Unduh / Bagikan hands
// the PDF to the share sheet where the browser can share files, else downloads it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Download, Printer, Share2 } from 'lucide-react';
import { DOCUMENTS } from '../../lib/handover/document-messages';
import { canShareFile, shareOrDownload } from '../../lib/handover/document-file';
import type { MadeDocument } from '../../lib/handover/surat-jalan-of-shipment';
import type { SuratJalanData } from '../../lib/handover/surat-jalan-pdf';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { SuratJalanPrint } from './surat-jalan-print';

export type SuratJalanMaking = Promise<{ data: SuratJalanData; made: MadeDocument }>;

type State =
  | { state: 'making' }
  | { state: 'made'; data: SuratJalanData; made: MadeDocument }
  | { state: 'failed' };

export function SuratJalanDialog({
  batchNumber,
  making,
  onClose,
}: {
  batchNumber: string;
  making: SuratJalanMaking;
  onClose: () => void;
}) {
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
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="surat-jalan-dialog"
        data-state-doc={doc.state}
        className={printing ? 'max-h-[95vh] overflow-y-auto sm:max-w-4xl' : 'sm:max-w-lg'}
      >
        <DialogHeader className="print:hidden">
          <DialogTitle>{printing ? DOCUMENTS.printViewTitle : DOCUMENTS.suratJalanReady}</DialogTitle>
          <DialogDescription>{DOCUMENTS.suratJalanReadyDescription(batchNumber)}</DialogDescription>
        </DialogHeader>
        {doc.state === 'making' && (
          <p className="flex items-center gap-2" role="status">
            <Spinner />
            {DOCUMENTS.making}
          </p>
        )}
        {doc.state === 'failed' && (
          <p className="text-destructive" role="alert">
            {DOCUMENTS.failed}
          </p>
        )}
        {doc.state === 'made' && printing && <SuratJalanPrint data={doc.data} onReady={onPrintReady} />}
        {doc.state === 'made' && !printing && (
          <>
            <p className="text-muted-foreground text-sm">{DOCUMENTS.waitingUpload}</p>
            <div className="flex flex-wrap gap-3">
              <Button type="button" size="lg" className={big} onClick={openPrint} data-testid="surat-jalan-print-button">
                <Printer aria-hidden="true" />
                {DOCUMENTS.print}
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
                {DOCUMENTS.download} / {DOCUMENTS.share}
              </Button>
            </div>
          </>
        )}
        <DialogFooter className="print:hidden">
          {printing && (
            <>
              <Button type="button" size="lg" variant="outline" className={big} onClick={() => setPrinting(false)}>
                {DOCUMENTS.backFromPrint}
              </Button>
              <Button type="button" size="lg" className={big} onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {DOCUMENTS.printAgain}
              </Button>
            </>
          )}
          <Button type="button" size="lg" variant="outline" className={big} onClick={onClose}>
            {DOCUMENTS.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
