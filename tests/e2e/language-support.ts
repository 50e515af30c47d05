// Shared by the language tests (language*.test.ts): a fresh device whose page errors are kept,
// and a hub user signing in in English.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { appUrl, newContext, signIn, trackPageErrors, waitForServiceWorkerControl } from '../support/browser';

/** A fresh device (`options`: its context's), its page's uncaught errors kept to assert there were none. */
export async function watchedDevice(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  return { context, page, errors: trackPageErrors(page) };
}

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
