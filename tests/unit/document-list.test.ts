// The shipment detail's Dokumen list (issue 28): the server's rows merged with this
// tablet's queued documents, by document id (src/lib/documents/use-shipment-documents.ts).
import { describe, expect, it } from 'vitest';
import type { DocumentUpload } from '../../sync/pure';
import { mergeDocuments } from '../../src/lib/documents/document-list';

const S = '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const row = (n: number, kind: DocumentUpload['document']['kind'], time: string, deleted = false) => ({
  id: id(n),
  kind,
  mime: 'application/pdf' as const,
  path: `shipments/${S}/documents/${id(n)}.pdf`,
  device_time: time,
  deleted,
});

const upload = (n: number, kind: DocumentUpload['document']['kind'], time: string): DocumentUpload => ({
  path: `shipments/${S}/documents/${id(n)}.pdf`,
  shipment_id: S,
  mime: 'application/pdf',
  bytes: new ArrayBuffer(4),
  state: 'pending',
  attempts: 0,
  next_attempt_at: 0,
  last_error: null,
  created_at: time,
  document: {
    id: id(n),
    kind,
    size_bytes: 4,
    sha256: 'a'.repeat(64),
    device_time: time,
    latitude: null,
    longitude: null,
    accuracy_m: null,
    discrepancy_id: null,
  },
});

describe('mergeDocuments', () => {
  it('lists recorded rows once, waiting uploads as pending, by kind then time, without deleted rows', () => {
    const blob = new Blob(['here']);
    const items = mergeDocuments(
      [row(1, 'bast', '2026-11-26T10:00:00Z'), row(2, 'surat_jalan', '2026-11-26T08:00:00Z'), row(5, 'bast', '2026-11-26T07:00:00Z', true)],
      [upload(2, 'surat_jalan', '2026-11-26T08:00:00Z'), upload(3, 'signature_driver', '2026-11-26T10:01:00Z'), upload(4, 'surat_jalan', '2026-11-26T09:00:00Z')],
      () => blob,
    );
    expect(items.map((i) => [i.id, i.kind, i.state, i.blob === blob])).toEqual([
      [id(2), 'surat_jalan', 'uploaded', true],
      [id(4), 'surat_jalan', 'pending', true],
      [id(1), 'bast', 'uploaded', false],
      [id(3), 'signature_driver', 'pending', true],
    ]);
  });
});
