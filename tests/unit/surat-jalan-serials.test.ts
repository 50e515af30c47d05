// Issue 42: the surat jalan lists the TVs' serial numbers: on its first page while they fit,
// else on an annex page (or pages) with the note saying so; every serial once, numbered; its
// seal's content names them, and a note without serials keeps the content it had.
import { describe, expect, it } from 'vitest';
import { suratJalanContent } from '../../src/lib/documents/evidence';
import {
  ANNEX_NOTE,
  INLINE_SERIALS,
  makeSuratJalanPdf,
  type SuratJalanData,
} from '../../src/lib/documents/surat-jalan-pdf';
import { KARAWANG_TO_CIKARANG, pdfPages, pdfText } from '../support/handover-pdf';

const base: SuratJalanData = {
  appOrigin: 'https://dermaga.example',
  shipmentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c3',
  batchNumber: 'KRW-SN-01',
  madeAt: '2026-11-29T07:05:00Z',
  ...KARAWANG_TO_CIKARANG,
  vendor: 'PT Angkut Jaya',
  transport: { mode: 'darat', vehiclePlate: 'B 9123 KX', driverName: 'Slamet' },
  smartboard: 12,
  bracket: 0,
};
const serials = (n: number) =>
  Array.from({ length: n }, (_, i) => `SB-2026-${String(i + 1).padStart(4, '0')}`);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the surat jalan with serial numbers', () => {
  it('twelve: on the first page, each numbered once', async () => {
    const bytes = await makeSuratJalanPdf({ ...base, tvSerials: serials(12) });
    expect(await pdfPages(bytes)).toBe(1);
    const text = flat(await pdfText(bytes));
    expect(text).toContain('Nomor Seri Smartboard TV (12)');
    for (const [i, s] of serials(12).entries()) expect(text).toContain(`${i + 1}. ${s}`);
    expect(text).not.toContain(ANNEX_NOTE);
  });

  it('two hundred: the note points to the annex, which lists every one over its pages', async () => {
    const bytes = await makeSuratJalanPdf({ ...base, smartboard: 200, tvSerials: serials(200) });
    const text = flat(await pdfText(bytes));
    expect(text).toContain(`Daftar : ${ANNEX_NOTE}`);
    expect(text).toContain('LAMPIRAN SURAT JALAN');
    for (const [i, s] of serials(200).entries()) expect(text).toContain(`${i + 1}. ${s}`);
    // The note's page, then the annex: 200 serials in three columns do not fit one page.
    expect(await pdfPages(bytes)).toBeGreaterThanOrEqual(3);
  });

  it('the boundary: as many as fit stay on the note, one more goes to the annex', async () => {
    const fits = flat(await pdfText(await makeSuratJalanPdf({ ...base, tvSerials: serials(INLINE_SERIALS) })));
    expect(fits).not.toContain('LAMPIRAN');
    const over = await makeSuratJalanPdf({ ...base, tvSerials: serials(INLINE_SERIALS + 1) });
    expect(flat(await pdfText(over))).toContain('LAMPIRAN SURAT JALAN');
    expect(await pdfPages(over)).toBe(2);
  });

  it('without serials: no section, and the sealed content is what it was', async () => {
    const text = flat(await pdfText(await makeSuratJalanPdf(base)));
    expect(text).not.toContain('Nomor Seri');
    const evidence = { ...base, documentId: '0b9d3c51-2a4e-4f6b-9c1d-7e8f90a1b2c4' };
    expect(suratJalanContent({ ...evidence, tvSerials: [] })).toEqual(suratJalanContent(evidence));
    expect(suratJalanContent({ ...evidence, tvSerials: ['SB-1'] })).toMatchObject({ tv_serials: ['SB-1'] });
  });
});
