// Shared by the language tests of the hub screens: a hub user signing in in English.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { en } from '../../src/lib/i18n/en';
import { LANGUAGE_KEY } from '../../src/lib/session/storage-keys';
import { appUrl, signIn, waitForServiceWorkerControl } from '../support/browser';

/**
 * A hub user has no Settings screen: the sign-in page's switch chooses the device's language.
 * English chosen there, `user` signs in (the page stays English), the service worker in control.
 */
export async function signInInEnglish(page: Page, user: string): Promise<void> {
  await page.goto(appUrl('/auth'));
  await chooseEnglish(page, page.locator('body'));
  await signIn(page, user);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await waitForServiceWorkerControl(page);
}

/**
 * Taps English on the language switch inside `scope` and waits until the page is English (its
 * catalogue is a chunk of its own, slow on a loaded machine). If it never is, says what the
 * switch and the device showed.
 */
export async function chooseEnglish(page: Page, scope: Locator): Promise<void> {
  await scope.getByRole('radio', { name: en.language.en }).click();
  try {
    await page.waitForFunction(() => document.documentElement.lang === 'en');
  } catch (error) {
    const seen = await page.evaluate((key) => ({
      lang: document.documentElement.lang,
      stored: localStorage.getItem(key),
      radios: [...document.querySelectorAll('[role=radio]')].map((r) => `${r.textContent}=${r.getAttribute('aria-checked')}`),
      path: location.pathname,
    }), LANGUAGE_KEY);
    throw new Error(`the page did not turn English after the tap: ${JSON.stringify(seen)}`, { cause: error });
  }
}
