// Reading the handover PDFs in tests (issue 28): their text (unpdf, pdf.js) and the QR code
// drawn in them (the embedded PNG, decoded by ZXing's WebAssembly reader, the one the
// barcode-detector ponyfill wraps, loaded from node_modules rather than a CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

// pdf.js copies image data with ArrayBuffer.prototype.transferToFixedLength (Node 21+);
// on Node 20 it silently extracts no image without it.
const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (n?: number) => ArrayBuffer };
if (!proto.transferToFixedLength) {
  proto.transferToFixedLength = function (this: ArrayBuffer, length?: number) {
    const out = new ArrayBuffer(length ?? this.byteLength);
    new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(out.byteLength, this.byteLength)));
    return out;
  };
}

/** A BAST's route as the tests make it: Karawang to Cikarang, in Jakarta's zone. */
export const KARAWANG_TO_CIKARANG = {
  timeZone: 'Asia/Jakarta',
  originHub: 'Hub Karawang',
  destinationHub: 'Hub Cikarang',
} as const;

/** The PDF's text, its pages joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** How many pages the PDF has. */
export async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await getDocumentProxy(bytes.slice())).numPages;
}

let prepared: Promise<void> | undefined;

/** The texts of every QR code in the images of the PDF's first page. */
export async function pdfQrCodes(bytes: Uint8Array): Promise<string[]> {
  const { readBarcodes, prepareZXingModule } = await import('zxing-wasm/reader');
  prepared ??= (async () => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    await prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  await prepared;
  const pdf = await getDocumentProxy(bytes.slice());
  const texts: string[] = [];
  for (const image of await extractImages(pdf, 1)) {
    const rgba = new Uint8ClampedArray(image.width * image.height * 4);
    for (let p = 0; p < image.width * image.height; p++) {
      for (let c = 0; c < 3; c++) rgba[p * 4 + c] = image.data[p * image.channels + (image.channels < 3 ? 0 : c)]!;
      rgba[p * 4 + 3] = 255;
    }
    const found = await readBarcodes(
      { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData,
      { formats: ['QRCode'] },
    );
    texts.push(...found.map((f) => f.text));
  }
  return texts;
}
