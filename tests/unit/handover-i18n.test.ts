// Issue 30: the handover's message modules keep their exports and follow the device's language
// when read: the discrepancy labels (the dashboard and the hub page import its constants), the
// scanner's refusals (scanTarget builds them as the page renders) and the documents' names.
import { afterAll, describe, expect, it } from 'vitest';
import { describeDiscrepancy, REASON_LABEL, resolvedByText } from '../../src/lib/handover/discrepancies';
import { DOCUMENT_KIND_LABEL } from '../../src/lib/documents/document-messages';
import { discrepancyTitle } from '../../src/lib/handover/receipt-draft';
import { SCAN } from '../../src/lib/handover/scan-messages';
import { formatDateTime, formatNumber, inLocale } from '../../src/lib/format-date';
import { setLanguage } from '../../src/lib/i18n';

const d = { item: 'smartboard', reason: 'kurang', quantity: 2, status: 'resolved', resolved_by: null };

describe('the handover texts outside React', () => {
  afterAll(() => setLanguage('id'));

  it('read Bahasa Indonesia by default, as issue 28 wrote them', () => {
    setLanguage('id');
    expect(describeDiscrepancy(d)).toBe('Kurang 2 TV');
    expect(REASON_LABEL.rusak).toBe('Rusak');
    expect(resolvedByText(d as never, new Map())).toBe('Diselesaikan oleh tower control / admin');
    expect(SCAN.unknownShipment(null)).toMatch(/^Pengiriman tidak ada di tablet ini:/);
    expect(SCAN.otherHub('B-1', 'Hub Cikarang')).toBe(
      'Pengiriman B-1 ditujukan ke Hub Cikarang, bukan ke hub Anda. Jangan dibongkar di sini.',
    );
    expect(discrepancyTitle({ item: 'smartboard', reason: 'kurang', quantity: 2 })).toBe('TV kurang 2');
    expect(DOCUMENT_KIND_LABEL.surat_jalan).toBe('Surat Jalan');
  });

  it('follow a switch to English', async () => {
    await setLanguage('en');
    expect(describeDiscrepancy(d)).toBe('Short 2 TV');
    expect(describeDiscrepancy({ ...d, item: 'bracket', reason: 'rusak', quantity: 1 })).toBe(
      'Damaged 1 Bracket',
    );
    expect(REASON_LABEL.rusak).toBe('Damaged');
    expect(resolvedByText(d as never, new Map())).toBe('Resolved by tower control / admin');
    expect(SCAN.otherHub('B-1', 'Hub Cikarang')).toBe(
      'Shipment B-1 is bound for Hub Cikarang, not for your hub. Do not unload it here.',
    );
    expect(discrepancyTitle({ item: 'smartboard', reason: 'kurang', quantity: 2 })).toBe('TV short by 2');
    expect(DOCUMENT_KIND_LABEL.surat_jalan).toBe('Delivery Note');
    setLanguage('id');
  });

  it("writes a document's date and numbers id-ID in English too (the surat jalan's print view)", async () => {
    await setLanguage('en');
    const august = '2026-08-05T07:05:00Z';
    expect(formatNumber(1234)).toBe('1,234');
    expect(inLocale('id-ID', () => formatNumber(1234))).toBe('1.234');
    expect(inLocale('id-ID', () => formatDateTime(august, 'Asia/Jakarta'))).toBe('05 Agu 2026 14:05 WIB');
    // and the screens' language after it
    expect(formatDateTime(august, 'Asia/Jakarta')).toBe('05 Aug 2026 14:05 WIB');
  });
});
