// The camera's picture for e2e tests of the scanners (issue 40; the same frame handover-receive
// draws): a Y4M file of one grey frame, looped by Chromium's fake video capture, showing the QR
// code of a text. Written again before each scan; the browser reads it when the camera opens.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { useBrowser } from '../support/browser';

export function writeQrVideo(path: string, text: string): void {
  const [width, height] = [640, 480];
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor((height - 80) / (size + 8));
  const side = scale * (size + 8);
  const [left, top] = [Math.floor((width - side) / 2), Math.floor((height - side) / 2)];
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + (row + 4) * scale + dy) * width + left + (col + 4) * scale;
        y.fill(16, start, start + scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = `YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(path, Buffer.concat([Buffer.from(header), y, chroma]));
}

/**
 * A browser whose camera shows the QR code last written with show(text) (Chromium's fake video
 * capture reads the file when the camera opens).
 */
export function useQrCamera(prefix: string) {
  const video = join(mkdtempSync(join(tmpdir(), `${prefix}-`)), 'camera.y4m');
  writeQrVideo(video, 'not a code yet');
  const browser = useBrowser({
    extraArgs: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return { browser, show: (text: string) => writeQrVideo(video, text) };
}
