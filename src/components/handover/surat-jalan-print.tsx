// The surat jalan's print view (issue 28): the same content as its PDF laid out for the
// browser's print dialog (an A4 page), since the app's pages may not frame a PDF. While it
// shows, printing hides the rest of the app.
// A document, not a screen: like its PDF it is in Bahasa Indonesia whatever the app's language
// (the road check and the vendor read it), so its texts come from the catalogue through a
// translator fixed to Indonesian (issue 30), not from the device's language, and its date and
// numbers are written id-ID (inLocale).
import { useEffect, useState } from 'react';
import { formatDateTime, formatNumber, inLocale } from '../../lib/format-date';
import { encodeShipmentQr } from '../../lib/documents/qr-payload';
import {
  sealOfSuratJalan,
  suratJalanNumber,
  SURAT_JALAN_TITLE,
  type SuratJalanData,
} from '../../lib/documents/surat-jalan-pdf';
import { i18n } from '../../lib/i18n';

/** The document's words: always Bahasa Indonesia (see above). */
const t = i18n.getFixedT('id');
/** Its date and numbers: written id-ID. */
const inIndonesian = (format: () => string) => inLocale('id-ID', format);

// Only the print view is printed (Radix keeps the dialog inside the app's tree).
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 14mm; }
  body * { visibility: hidden !important; }
  [data-print-root], [data-print-root] * { visibility: visible !important; }
  [data-print-root] { position: fixed; inset: 0; overflow: visible; }
}`;

/** The QR code as a data URL (qrcode loaded now, not with the screen). */
function useQrImage(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (text === null) return;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }))
      .then((u) => live && setUrl(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** The note's seal (issue 40), as its PDF's QR carries it; undefined while computed. */
function useSeal(data: SuratJalanData): { documentId: string; contentSha256: string } | null | undefined {
  const [seal, setSeal] = useState<{ documentId: string; contentSha256: string } | null | undefined>(
    undefined,
  );
  useEffect(() => {
    let live = true;
    void sealOfSuratJalan(data)
      .then((s) => live && setSeal(s ? { documentId: s.documentId, contentSha256: s.contentSha256 } : null))
      .catch(() => live && setSeal(null));
    return () => {
      live = false;
    };
  }, [data]);
  return seal;
}

export function SuratJalanPrint({ data, onReady }: { data: SuratJalanData; onReady?: () => void }) {
  const seal = useSeal(data);
  const qr = useQrImage(
    seal === undefined
      ? null
      : encodeShipmentQr(data.appOrigin, data.shipmentId, data.batchNumber, seal ?? undefined),
  );
  useEffect(() => {
    if (qr) onReady?.();
  }, [qr, onReady]);
  const transport = data.transport;
  const rows: [string, string][] = [
    [t('handover.print.batch'), data.batchNumber],
    [t('common.date'), inIndonesian(() => formatDateTime(data.madeAt, data.timeZone))],
    [t('common.origin'), data.originHub],
    [t('common.destination'), data.destinationHub],
    [t('common.vendor'), data.vendor ?? '-'],
    ...((transport.mode === 'darat'
      ? [
          [t('handover.print.mode'), t('handover.print.modeLand')],
          [t('handover.print.plate'), transport.vehiclePlate ?? '-'],
          [t('handover.print.driver'), transport.driverName ?? '-'],
        ]
      : [
          [t('handover.print.mode'), t('hubOps.addVehicle.modes.laut')],
          [t('common.ship'), transport.shipName ?? '-'],
          [t('common.shippingLineLower'), transport.shippingLine ?? '-'],
          [t('handover.print.containers'), transport.containers.join(', ') || '-'],
        ]) as [string, string][]),
  ];
  return (
    <article
      data-print-root
      data-testid="surat-jalan-print"
      className="mx-auto grid max-w-[210mm] gap-5 bg-white p-6 text-black"
    >
      <style>{PRINT_CSS}</style>
      <header className="border-b-2 border-black pb-2 text-center">
        <h2 className="text-2xl font-bold tracking-wide">{SURAT_JALAN_TITLE}</h2>
        <p>
          {t('handover.print.number', {
            number: data.documentNumber ?? suratJalanNumber(data.batchNumber),
          })}
        </p>
      </header>
      <div className="flex items-start justify-between gap-4">
        <dl className="grid grid-cols-[8.5rem_1fr] gap-x-2 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd>: {value}</dd>
            </div>
          ))}
        </dl>
        <figure className="grid w-40 shrink-0 justify-items-center gap-1 text-xs">
          {qr ? (
            <img src={qr} alt={t('handover.print.qrAlt', { batch: data.batchNumber })} className="size-40" />
          ) : (
            <div className="size-40 border" aria-hidden="true" />
          )}
          <figcaption>{t('handover.print.qrCaption')}</figcaption>
        </figure>
      </div>
      <table className="w-full border-collapse text-sm">
        <caption className="mb-1 text-left font-semibold">{t('handover.print.items')}</caption>
        <thead>
          <tr>
            {[
              t('handover.print.columnNo'),
              t('handover.print.columnItem'),
              t('common.quantity'),
              t('handover.print.columnUnit'),
            ].map((h) => (
              <th key={h} scope="col" className="border border-black px-2 py-1 text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['1', t('handover.print.smartboard'), inIndonesian(() => formatNumber(data.smartboard))],
              ['2', t('common.item.bracket'), inIndonesian(() => formatNumber(data.bracket))],
            ] as const
          ).map(([no, item, count]) => (
            <tr key={no}>
              <td className="border border-black px-2 py-1">{no}</td>
              <td className="border border-black px-2 py-1">{item}</td>
              <td className="border border-black px-2 py-1 text-right">{count}</td>
              <td className="border border-black px-2 py-1">{t('handover.print.unit')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid grid-cols-3 gap-6 pt-6 text-center text-sm">
        {[t('handover.print.sender'), t('handover.print.driver'), t('verify.signer.receiver')].map((role) => (
          <div key={role} className="grid gap-16">
            <p className="font-semibold">{role}</p>
            <p className="border-t border-black pt-1">{t('handover.print.nameAndSignature')}</p>
          </div>
        ))}
      </div>
    </article>
  );
}
