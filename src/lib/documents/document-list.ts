// The shipment detail's Dokumen list (issue 28), pure: the rows the server recorded
// (attach_document, replicated) merged with this device's queued uploads, by document id.
import type { DocumentKind, DocumentUpload, ShipmentDocument } from '../../../sync/pure';

export interface ShipmentDocumentItem {
  id: string;
  kind: DocumentKind;
  mime: string;
  path: string;
  /** When it was made or captured on its device. */
  deviceTime: string;
  /** pending: queued on this device, not yet recorded by the server; failed: Storage refused it for good. */
  state: 'pending' | 'uploaded' | 'failed';
  /** The bytes, when this device holds them. */
  blob: Blob | null;
}

const ORDER: Record<DocumentKind, number> = {
  surat_jalan: 0,
  bast: 1,
  signature_receiver: 2,
  signature_driver: 3,
  discrepancy_photo: 4,
};

/** Merges the server's rows with the device's queued documents (pure; tested). */
export function mergeDocuments(
  rows: readonly Pick<ShipmentDocument, 'id' | 'kind' | 'mime' | 'path' | 'device_time' | 'deleted'>[],
  uploads: readonly DocumentUpload[],
  blob: (entry: DocumentUpload) => Blob | null = () => null,
): ShipmentDocumentItem[] {
  const local = new Map(uploads.map((u) => [u.document.id, u]));
  const items: ShipmentDocumentItem[] = rows
    .filter((r) => !r.deleted)
    .map((r) => {
      const mine = local.get(r.id);
      return {
        id: r.id,
        kind: r.kind,
        mime: r.mime,
        path: r.path,
        deviceTime: r.device_time,
        state: 'uploaded',
        blob: mine ? blob(mine) : null,
      };
    });
  const recorded = new Set(items.map((i) => i.id));
  for (const u of uploads) {
    if (recorded.has(u.document.id)) continue;
    items.push({
      id: u.document.id,
      kind: u.document.kind,
      mime: u.mime,
      path: u.path,
      deviceTime: u.document.device_time,
      // Stored but not yet recorded (its attach_document still on its way) waits too.
      state: u.state === 'failed' ? 'failed' : 'pending',
      blob: blob(u),
    });
  }
  return items.sort(
    (a, b) =>
      ORDER[a.kind] - ORDER[b.kind] || a.deviceTime.localeCompare(b.deviceTime) || a.id.localeCompare(b.id),
  );
}
