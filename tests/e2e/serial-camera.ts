// Issue 42: a browser whose camera sees TV boxes pass one after another (Chromium's fake video
// capture playing the Y4M file of tests/support/serial-video.ts: each serial's Code 128 barcode
// for a few frames, blanks between, looped). show(serials) writes the file again; the browser
// reads it when the camera next opens, so a test closes the scanner and opens it again to
// show other boxes (show([]) for a camera that sees none).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser } from '../support/browser';
import { DEFAULT_VIDEO, writeSerialVideo, type SerialVideo } from '../support/serial-video';

export const CAMERA_ARGS = (video: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];

export function useSerialCamera(prefix: string) {
  const video = join(mkdtempSync(join(tmpdir(), `${prefix}-`)), 'camera.y4m');
  writeSerialVideo(video, []);
  const browser = useBrowser({ extraArgs: CAMERA_ARGS(video) });
  return {
    browser,
    show: (serials: readonly string[], options: Partial<SerialVideo> = {}) =>
      writeSerialVideo(video, serials, { ...DEFAULT_VIDEO, ...options }),
  };
}
