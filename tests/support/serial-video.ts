// Issue 42: a camera's view of TV boxes passing one after another, for Chromium's fake video
// capture (--use-file-for-fake-video-capture, a Y4M file it plays at its frame rate and loops):
// each serial's Code 128 barcode (drawn from bwip-js's encoding of it) for `codeFrames` frames,
// then `blankFrames` blank ones, after `leadFrames` blank ones and before `tailFrames`.
// Each frame also carries its own number in a strip of 16 black-or-white squares at the top-left
// (a bit each, most significant first), so a page can tell which frame it is looking at: the
// bench times each code from the capture of the first frame that showed it (serial-bench).
import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 360;
export const MARK_BITS = 16;
export const MARK_SIZE = 12;
export const MARK_TOP = 4;

export interface SerialVideo {
  fps: number;
  codeFrames: number;
  blankFrames: number;
  leadFrames: number;
  tailFrames: number;
}

export const DEFAULT_VIDEO: SerialVideo = {
  fps: 30,
  codeFrames: 4,
  blankFrames: 2,
  leadFrames: 15,
  tailFrames: 15,
};

/** The bar and space widths of a serial's Code 128 symbol, in modules, bar first. */
function code128(serial: string): number[] {
  const [symbol] = bwipjs.raw('code128', serial, {}) as unknown as { sbs: number[] }[];
  if (!symbol?.sbs.length) throw new Error(`bwip-js made no Code 128 of ${serial}`);
  return symbol.sbs;
}

/** One frame's luma plane: light grey, the frame number's squares, and the serial's barcode. */
function lumaFrame(frameNo: number, serial: string | null): Buffer {
  const [w, h] = [VIDEO_WIDTH, VIDEO_HEIGHT];
  const y = Buffer.alloc(w * h, 235);
  const fill = (x0: number, y0: number, width: number, height: number) => {
    for (let row = y0; row < y0 + height; row++) y.fill(16, row * w + x0, row * w + x0 + width);
  };
  for (let bit = 0; bit < MARK_BITS; bit++)
    if ((frameNo >> (MARK_BITS - 1 - bit)) & 1) fill(MARK_SIZE * bit + 4, MARK_TOP, MARK_SIZE, MARK_SIZE);
  if (serial !== null) {
    const widths = code128(serial);
    const modules = widths.reduce((a, b) => a + b, 0) + 20; // 10 modules of quiet zone each side
    const scale = Math.max(1, Math.floor((w - 40) / modules));
    let x = Math.floor((w - modules * scale) / 2) + 10 * scale;
    const [top, height] = [Math.floor(h * 0.3), Math.floor(h * 0.45)];
    widths.forEach((units, i) => {
      if (i % 2 === 0) fill(x, top, units * scale, height);
      x += units * scale;
    });
  }
  return y;
}

/** The frames in order: null a blank one, else the serial shown. */
export function videoFrames(
  serials: readonly string[],
  video: SerialVideo = DEFAULT_VIDEO,
): (string | null)[] {
  const frames: (string | null)[] = Array(video.leadFrames).fill(null);
  for (const serial of serials) {
    frames.push(...Array<string>(video.codeFrames).fill(serial));
    frames.push(...Array<null>(video.blankFrames).fill(null));
  }
  frames.push(...Array<null>(video.tailFrames).fill(null));
  return frames;
}

/** Writes the Y4M file of the serials passing the camera; returns the frames written. */
export function writeSerialVideo(
  path: string,
  serials: readonly string[],
  video: SerialVideo = DEFAULT_VIDEO,
): (string | null)[] {
  const frames = videoFrames(serials, video);
  const chroma = Buffer.alloc((VIDEO_WIDTH / 2) * (VIDEO_HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${VIDEO_WIDTH} H${VIDEO_HEIGHT} F${video.fps}:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  frames.forEach((serial, frameNo) => parts.push(Buffer.from('FRAME\n'), lumaFrame(frameNo, serial), chroma));
  writeFileSync(path, Buffer.concat(parts));
  return frames;
}

/** A frame's luma plane as RGBA (for decoding it in Node, as the tests of this file do). */
export function frameRgba(frameNo: number, serial: string | null): ImageData {
  const luma = lumaFrame(frameNo, serial);
  const data = new Uint8ClampedArray(luma.length * 4);
  for (let p = 0; p < luma.length; p++) {
    data[p * 4] = data[p * 4 + 1] = data[p * 4 + 2] = luma[p]!;
    data[p * 4 + 3] = 255;
  }
  return { data, width: VIDEO_WIDTH, height: VIDEO_HEIGHT, colorSpace: 'srgb' } as ImageData;
}
