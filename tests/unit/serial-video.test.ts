// Issue 42: the fake camera's frames of TV boxes (tests/support/serial-video.ts) read as their
// serials by the scanner's own reader (ZXing in WebAssembly, as barcode-detector's ponyfill
// runs it in the page), and a blank frame as nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { frameRgba, videoFrames, DEFAULT_VIDEO } from '../support/serial-video';

async function reader() {
  const { readBarcodes, prepareZXingModule } = await import('zxing-wasm/reader');
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return async (image: ImageData) =>
    (await readBarcodes(image, { formats: ['Code128', 'Code39', 'EAN-13', 'QRCode'] })).map((r) => r.text);
}

describe('the fake camera of TV boxes', () => {
  it('shows each serial for its frames, with blanks between', () => {
    const frames = videoFrames(['SN-A', 'SN-B'], { ...DEFAULT_VIDEO, leadFrames: 1, tailFrames: 1 });
    expect(frames).toEqual([
      null,
      'SN-A',
      'SN-A',
      'SN-A',
      'SN-A',
      null,
      null,
      'SN-B',
      'SN-B',
      'SN-B',
      'SN-B',
      null,
      null,
      null,
    ]);
  });

  it("draws barcodes the scanner's reader reads as their serials", async () => {
    const read = await reader();
    const serials = ['SB-2026-000001', 'TV/KRW.12_34', 'ABC', 'SB-2026-00001234567890X'];
    for (const [i, serial] of serials.entries())
      expect(await read(frameRgba(1000 + i, serial))).toEqual([serial]);
    expect(await read(frameRgba(7, null))).toEqual([]);
  });
});
