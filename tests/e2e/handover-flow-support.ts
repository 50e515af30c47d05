// Shared by the handover acceptance tests (handover-darat, handover-sea): the surat jalan's
// QR image taken out of its PDF and fed to Chromium's fake camera, which plays a Y4M file
// (--use-file-for-fake-video-capture) in a loop. Its flags serve the serial camera too
// (serial-camera.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { extractImages, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { appUrl } from '../support/browser';
import { pdfQrCodes } from '../support/handover-pdf';
import { sign } from './receive-support';

// The signature stroke is the receipt's (one helper for both flows).
export { sign };

export const CAMERA_WIDTH = 640;
export const CAMERA_HEIGHT = 480;

export interface Raster {
  width: number;
  height: number;
  /** One byte of gray per pixel. */
  gray: Uint8Array;
}

/** The browser flags of a fake camera playing `file`, allowed without asking. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

/** A path for the fake camera's file, holding a blank picture until a code is written to it. */
export function blankCameraFile(): string {
  const file = join(tmpdir(), `dermaga-camera-${randomUUID()}.y4m`);
  writeY4m(file, { width: 1, height: 1, gray: new Uint8Array([255]) });
  return file;
}

/**
 * The largest image of the PDF's first page that holds a QR code (the surat jalan's), as gray
 * pixels, with the code's text.
 */
export async function qrImageOfPdf(bytes: Uint8Array): Promise<{ text: string; image: Raster }> {
  const [text] = await pdfQrCodes(bytes);
  if (!text) throw new Error('no QR code in the PDF');
  const pdf = await getDocumentProxy(bytes.slice());
  const images = (await extractImages(pdf, 1)).sort((a, b) => b.width * b.height - a.width * a.height);
  for (const image of images) {
    const gray = new Uint8Array(image.width * image.height);
    for (let p = 0; p < gray.length; p++) {
      const at = p * image.channels;
      gray[p] =
        image.channels < 3
          ? image.data[at]!
          : Math.round((image.data[at]! + image.data[at + 1]! + image.data[at + 2]!) / 3);
    }
    // A QR code's image is square; the first square one is the code (the signatures are not).
    if (image.width === image.height)
      return { text, image: { width: image.width, height: image.height, gray } };
  }
  throw new Error('no square image in the PDF');
}

/**
 * The surat jalan's code (issue 40: sealed, it also names the document and its content's hash)
 * opens the shipment's receipt; its picture is written to the fake camera's `file`: the paper
 * on the truck, as the receiving tablet's camera will see it.
 */
export async function cameraSeesSuratJalan(
  file: string,
  pdf: Uint8Array,
  shipment: { id: string; batch: string },
): Promise<void> {
  const qr = await qrImageOfPdf(pdf);
  expect(qr.text).toContain(
    `${new URL(appUrl('/')).origin}/terima/${shipment.id}?batch=${encodeURIComponent(shipment.batch)}&doc=`,
  );
  writeY4m(file, qr.image);
}

/**
 * Writes a Y4M file (4:2:0, a few identical frames) of the picture centred on white, scaled by
 * whole pixels to fill most of the frame, as a camera held over the paper would see it.
 */
export function writeY4m(file: string, picture: Raster): void {
  const w = CAMERA_WIDTH;
  const h = CAMERA_HEIGHT;
  const scale = Math.max(1, Math.floor((Math.min(w, h) * 0.8) / Math.max(picture.width, picture.height)));
  const pw = picture.width * scale;
  const ph = picture.height * scale;
  const left = Math.floor((w - pw) / 2);
  const top = Math.floor((h - ph) / 2);
  const y = new Uint8Array(w * h).fill(235);
  for (let row = 0; row < ph; row++) {
    for (let col = 0; col < pw; col++) {
      const g = picture.gray[Math.floor(row / scale) * picture.width + Math.floor(col / scale)]!;
      // Full-range gray onto video-range luma (16..235).
      y[(top + row) * w + left + col] = 16 + Math.round((g * 219) / 255);
    }
  }
  const chroma = new Uint8Array((w / 2) * (h / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}

/** The bytes of the file a download link gives (a blob URL works offline). */
export async function downloadOf(page: Page, link: Locator): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return new Uint8Array(readFileSync(await download.path()));
}

/**
 * The counted receipt as the receiver fills it: `tvReceived` TVs counted (fewer than sent: a
 * 'kurang' discrepancy with a note and one photo), the brackets as sent, both names and
 * signatures. Then Simpan.
 */
export async function countShortAndSign(
  page: Page,
  dialog: Locator,
  options: { tvReceived: number; note: string; receiver: string; driver: string; photo: Buffer },
): Promise<void> {
  await dialog.locator('#receipt-smartboard-received').fill(String(options.tvReceived));
  const short = dialog.locator('[data-testid=receipt-discrepancy][data-reason=kurang]');
  await short.waitFor();
  await short.locator('textarea').fill(options.note);
  await short
    .locator('input[type=file]')
    .setInputFiles([{ name: 'kurang.png', mimeType: 'image/png', buffer: options.photo }]);
  await expect.poll(() => short.getByTestId('receipt-photo').count()).toBe(1);
  await dialog.locator('#receipt-receiver-name').fill(options.receiver);
  await sign(page, dialog.locator('canvas#receipt-receiver-signature'));
  await dialog.locator('#receipt-driver-name').fill(options.driver);
  await sign(page, dialog.locator('canvas#receipt-driver-signature'));
}
