// Issue 42: a browser whose camera sees TV boxes pass one after another (Chromium's fake video
// capture playing the Y4M file of tests/support/serial-video.ts: each serial's Code 128 barcode
// for a few frames, blanks between, looped). show(serials) writes the file again; the browser
// reads it when the camera next opens, so a test closes the scanner and opens it again to
// show other boxes (show([]) for a camera that sees none). And the scanner's steps the serial
// tests share: waiting for it to take a keyboard wedge, a code typed with Enter, Selesai.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { useBrowser } from '../support/browser';
import { DEFAULT_VIDEO, writeSerialVideo, type SerialVideo } from '../support/serial-video';
import { fakeCameraArgs } from './handover-flow-support';

export function useSerialCamera(prefix: string) {
  const video = join(mkdtempSync(join(tmpdir(), `${prefix}-`)), 'camera.y4m');
  writeSerialVideo(video, []);
  const browser = useBrowser({ extraArgs: fakeCameraArgs(video) });
  return {
    browser,
    show: (serials: readonly string[], options: Partial<SerialVideo> = {}) =>
      writeSerialVideo(video, serials, { ...DEFAULT_VIDEO, ...options }),
  };
}

/** Waits until the open scanner is scanning with its wedge field focused (a wedge scanner types there). */
export async function openWedge(page: Page): Promise<void> {
  const scanner = page.getByTestId('serial-scanner');
  await scanner.getByTestId('serial-scanner-state').and(page.locator('[data-state=scanning]')).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('serial-wedge');
}

/** Types a code into the open scanner like a wedge scanner (the code and Enter); its feedback. */
export async function wedge(page: Page, code: string): Promise<{ outcome: string; text: string }> {
  const last = page.getByTestId('serial-scanner').getByTestId('serial-scan-last');
  const before = (await last.count()) ? Number(await last.getAttribute('data-seq')) : 0;
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect.poll(async () => Number((await last.getAttribute('data-seq')) ?? 0)).toBeGreaterThan(before);
  return { outcome: (await last.getAttribute('data-outcome'))!, text: (await last.textContent())! };
}

/**
 * Waits until the open scanner has taken `count` serials. If it has not within `timeout` (a
 * camera's boxes loop, so a code missed under load comes round again), the error says what
 * the scanner showed: its reader's state, the last code judged and the camera's video.
 */
export async function waitForScanned(page: Page, count: number, timeout: number): Promise<void> {
  const scanner = page.getByTestId('serial-scanner');
  const scanned = scanner.getByTestId('serial-scan-count');
  try {
    await expect.poll(() => scanned.getAttribute('data-count'), { timeout }).toBe(String(count));
  } catch (error) {
    const seen = await scanner.evaluate((dialog) => {
      const state = dialog.querySelector('[data-testid=serial-scanner-state]');
      const last = dialog.querySelector('[data-testid=serial-scan-last]');
      const video = dialog.querySelector('video');
      return {
        reader: state?.getAttribute('data-state') ?? null,
        said: (state ?? dialog.querySelector('[data-testid=serial-no-camera]'))?.textContent ?? null,
        last: last ? `${last.getAttribute('data-outcome')}: ${last.textContent}` : null,
        video: video && {
          readyState: video.readyState,
          width: video.videoWidth,
          paused: video.paused,
          at: video.currentTime,
        },
      };
    });
    throw new Error(
      `the scanner took ${await scanned.getAttribute('data-count')} of ${count}: ${JSON.stringify(seen)}`,
      {
        cause: error,
      },
    );
  }
}

/** Selesai: the scanner closes. */
export async function closeScanner(page: Page): Promise<void> {
  const scanner = page.getByTestId('serial-scanner');
  await scanner.getByTestId('serial-scanner-done').click();
  await scanner.waitFor({ state: 'detached' });
}
