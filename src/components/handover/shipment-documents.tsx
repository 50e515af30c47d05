// The shipment detail's "Dokumen" section (issue 28): its surat jalan, BAST, signatures and
// discrepancy photos, recorded or still waiting to upload from this tablet, each opened in
// the browser's viewer. A document this tablet holds opens offline; another is fetched.
import { useState } from 'react';
import { CheckCircle2, CloudUpload, FileText, Image as ImageIcon } from 'lucide-react';
import { formatDateTime } from '../../lib/format-date';
import { openBlob } from '../../lib/documents/document-file';
import { useShipmentDocuments, type ShipmentDocumentItem } from '../../lib/documents/use-shipment-documents';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/session/supabase';
import type { TimeZone } from '../../lib/time-zone';
import { Button } from '../ui/button';
import { VerifyDocumentLink } from '../verify-document-link';
import { TitledSection } from '../titled-section';

const BUCKET = 'shipment-documents';

function fileName(item: ShipmentDocumentItem): string {
  return item.path.split('/').pop() ?? item.id;
}

async function bytesOf(item: ShipmentDocumentItem): Promise<Blob> {
  if (item.blob) return item.blob;
  const { data, error } = await supabase.storage.from(BUCKET).download(item.path);
  if (error || !data) throw error ?? new Error('no data');
  return data.type === item.mime ? data : new Blob([data], { type: item.mime });
}

export function ShipmentDocuments({ shipmentId, timeZone }: { shipmentId: string; timeZone?: TimeZone }) {
  const t = useT();
  const { documents } = useShipmentDocuments(shipmentId);
  const [problem, setProblem] = useState<string | null>(null);
  const open = async (item: ShipmentDocumentItem) => {
    setProblem(null);
    if (!item.blob && !navigator.onLine) return setProblem(t('handover.documents.needsConnection'));
    try {
      openBlob(await bytesOf(item), fileName(item));
    } catch {
      setProblem(t('handover.documents.openFailed'));
    }
  };
  return (
    <TitledSection
      id="shipment-documents-title"
      title={t('handover.documents.sectionTitle')}
      level={3}
      testId="shipment-documents"
    >
      {documents.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('handover.documents.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {documents.map((d) => {
            const kind = t(`handover.documents.kind.${d.kind}`);
            return (
              <li
                key={d.id}
                className="flex items-center gap-3 rounded-md border p-2"
                data-testid="shipment-document"
                data-kind={d.kind}
                data-state={d.state}
              >
                {d.mime === 'application/pdf' ? (
                  <FileText className="size-6 shrink-0" aria-hidden="true" />
                ) : (
                  <ImageIcon className="size-6 shrink-0" aria-hidden="true" />
                )}
                <div className="grid min-w-0 flex-1 text-sm">
                  <span className="font-medium">{kind}</span>
                  <span className="text-muted-foreground">{formatDateTime(d.deviceTime, timeZone)}</span>
                  <span className="flex items-center gap-1">
                    {d.state === 'uploaded' ? (
                      <CheckCircle2 className="size-3.5 text-emerald-700" aria-hidden="true" />
                    ) : (
                      <CloudUpload className="size-3.5 text-amber-700" aria-hidden="true" />
                    )}
                    {d.state === 'uploaded'
                      ? t('handover.documents.uploaded')
                      : d.state === 'failed'
                        ? t('common.uploadRefused')
                        : t('common.waitingToUpload')}
                  </span>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  className="min-h-11 min-w-20"
                  aria-label={t('handover.documents.openKind', { kind })}
                  onClick={() => void open(d)}
                >
                  {t('common.open')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {problem && (
        <p className="text-destructive text-sm" role="alert">
          {problem}
        </p>
      )}
      {documents.length > 0 && (
        <div>
          <VerifyDocumentLink />
        </div>
      )}
    </TitledSection>
  );
}
