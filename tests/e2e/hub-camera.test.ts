// Spec 9: shipping-form photos come from the rear camera on mobile devices
// (react-webcam, facingMode 'environment'); elsewhere the Kamera button says
// 'Camera is only available on mobile devices' and the file picker opens.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useBrowser } from '../support/browser';
import { makeVehicle, openHub, toast, vehicleCard } from './hub-support';
import { DEMO_USERS, HUB } from '../support/demo';

// A fake camera, allowed without asking.
const browser = useBrowser({
  extraArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** Signs in as Karawang and opens the shipping form of a truck of the test's own. */
async function openShippingForm(page: Page): Promise<void> {
  const truck = await makeVehicle({ hubId: HUB.karawang, flags: { ready: false, sedang_muat: true } });
  await signIn(page, DEMO_USERS.karawang);
  await openHub(page, '/hub-karawang/loading');
  await vehicleCard(page, truck.plate).getByRole('button', { name: 'Selesai Muat' }).click();
  await page.getByTestId('shipping-dialog').waitFor();
}

describe('shipping form photos', () => {
  it('on an Android tablet the Kamera button opens the rear camera and adds the shot', async () => {
    const context = await newContext(browser(), {
      hasTouch: true,
      userAgent: ANDROID_TABLET,
      permissions: ['camera'],
    });
    await context.addInitScript(() => {
      const media = navigator.mediaDevices;
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = (constraints) => {
        (window as unknown as { cameraConstraints: unknown[] }).cameraConstraints ??= [];
        (window as unknown as { cameraConstraints: unknown[] }).cameraConstraints.push(constraints);
        return original(constraints);
      };
    });
    const page = await context.newPage();
    await openShippingForm(page);
    await page.getByTestId('shipping-dialog').getByRole('button', { name: 'Kamera' }).click();
    const camera = page.getByTestId('camera-dialog');
    const shoot = camera.getByRole('button', { name: 'Ambil Foto' });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('[data-testid=camera-dialog] button')].find((b) =>
        b.textContent?.includes('Ambil Foto'),
      );
      return button && !(button as HTMLButtonElement).disabled;
    });
    const constraints = await page.evaluate(
      () => (window as unknown as { cameraConstraints: MediaStreamConstraints[] }).cameraConstraints,
    );
    expect(constraints[0]?.video).toMatchObject({ facingMode: 'environment' });
    await shoot.click();
    await camera.waitFor({ state: 'detached' });
    const picked = page.getByTestId('picked-image');
    await expect.poll(() => picked.count()).toBe(1);
    await expect.poll(() => picked.locator('img').getAttribute('alt')).toBe('Delivery record');
    await context.close();
  });

  it('on a desktop browser it says the camera is for mobile devices and opens the file picker', async () => {
    const context = await newContext(browser(), { hasTouch: true });
    const page = await context.newPage();
    await openShippingForm(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('shipping-dialog').getByRole('button', { name: 'Kamera' }).click();
    await toast(page, 'Camera is only available on mobile devices').waitFor();
    expect((await chooser).isMultiple()).toBe(true);
    await expect.poll(() => page.getByTestId('camera-dialog').count()).toBe(0);
    await context.close();
  });
});
