// The BAST right after the counted receipt (issue 28): made on the tablet from the receipt
// (src/lib/documents/bast-pdf.ts, jspdf loaded then), queued as a document of the shipment
// (kind 'bast', uploaded when online), and offered like the surat jalan: print, download, share.
import { useEffect, useRef, useState } from 'react';
import { Download, Printer, Share2 } from 'lucide-react';
import type { BastData } from '../../lib/documents/bast-pdf';
import { useT } from '../../lib/i18n';
import { canShareFile } from '../../lib/documents/document-file';
import { DocumentDialog } from '../handover/document-dialog';
import { Button } from '../ui/button';
import type { QueuedDocument } from './receipt-documents';

type Made = { state: 'making' } | { state: 'made'; url: string; file: File } | { state: 'failed' };

/** The PDF in the browser's viewer, whose print button prints it (the CSP allows no blob: frame). */
function printPdf(url: string) {
  window.open(url, '_blank', 'noopener');
}

export function BastDialog({
  data,
  documentId,
  queue,
  onClose,
}: {
  data: BastData;
  /** The shipment_documents id the BAST gets. */
  documentId: string;
  queue: (doc: QueuedDocument) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const [made, setMade] = useState<Made>({ state: 'making' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { makeBastPdf, bastNumber } = await import('../../lib/documents/bast-pdf');
        const bytes = await makeBastPdf(data);
        const name = `${bastNumber(data.batchNumber).replace(/[^\w.-]+/g, '_')}.pdf`;
        const file = new File([bytes as BlobPart], name, { type: 'application/pdf' });
        setMade({ state: 'made', url: URL.createObjectURL(file), file });
        await queue({
          id: documentId,
          shipmentId: data.shipmentId,
          kind: 'bast',
          bytes,
          mime: 'application/pdf',
          bast: data,
        });
      } catch (error) {
        console.error('BAST failed', error);
        setMade((m) => (m.state === 'made' ? m : { state: 'failed' }));
      }
    })();
  }, [data, documentId, queue]);
  useEffect(() => () => void (made.state === 'made' && URL.revokeObjectURL(made.url)), [made]);

  return (
    <DocumentDialog
      testId="bast-dialog"
      stateAttribute="data-bast"
      state={made.state}
      title={t('handover.documents.kind.bast')}
      description={t('handover.receipt.bastDescription', { batch: data.batchNumber })}
      making={t('handover.receipt.bastMaking')}
      failed={t('handover.receipt.bastFailed')}
      footer={
        <Button type="button" variant="outline" size="lg" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
      onClose={onClose}
    >
      {made.state === 'made' && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="lg" onClick={() => printPdf(made.url)}>
            <Printer aria-hidden="true" />
            {t('common.print')}
          </Button>
          <Button asChild variant="outline" size="lg">
            <a href={made.url} download={made.file.name} data-testid="bast-download">
              <Download aria-hidden="true" />
              {t('handover.receipt.download')}
            </a>
          </Button>
          {canShareFile(made.file) && (
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() =>
                void navigator.share({ files: [made.file], title: made.file.name }).catch(() => undefined)
              }
            >
              <Share2 aria-hidden="true" />
              {t('common.share')}
            </Button>
          )}
        </div>
      )}
    </DocumentDialog>
  );
}
