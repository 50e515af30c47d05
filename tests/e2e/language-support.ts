// Shared by the language tests of the hub screens: a hub user signing in in English.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { appUrl, signIn, waitForServiceWorkerControl } from '../support/browser';

/**
 * A hub user has no Settings screen: the sign-in page's switch chooses the device's language.
 * English chosen there, `user` signs in (the page stays English), the service worker in control.
 */
export async function signInInEnglish(page: Page, user: string): Promise<void> {
  await page.goto(appUrl('/auth'));
  await page.getByRole('radio', { name: en.language.en }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  await signIn(page, user);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await waitForServiceWorkerControl(page);
}
