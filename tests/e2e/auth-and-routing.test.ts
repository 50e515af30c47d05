// Issue 5: the sign-in page's checks before any request, signed-out redirects,
// the routes and redirects of spec 2.1, the 404, and the restricted-feature alert.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FILL_ALL_FIELDS,
  LOGIN_PASSWORD_TOO_SHORT,
  NOT_FOUND_TITLE,
  RESTRICTED_NO_PERMISSION,
  RESTRICTED_ROLE_ONLY,
  RETURN_TO_DASHBOARD,
} from '../../src/lib/i18n/default-strings';
import {
  appUrl,
  newContext,
  recordApiRequests,
  signedInPage,
  signIn,
  trackPageErrors,
  useBrowser,
  waitForShell,
} from '../support/browser';
import { DEMO_USERS, HUB, TRUCK_VENDOR } from '../support/demo';

const browser = useBrowser();

// A screen itself (every route has its screen now).
const SCREEN = [
  'vendors-page',
  'vendor-detail',
  'vendor-not-found',
  'hubs-page',
  'dashboard',
  'hub-operations',
  'pod-page',
  'inventory-page',
  'in-transit-page',
  'hub-activity',
  'statuses-page',
  'users-page',
  'settings-page',
]
  .map((id) => `[data-testid=${id}]`)
  .join(', ');

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

describe('the sign-in page', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  /** Submits the form on a fresh /auth page; resolves once its inline alert (issue 29) says `expected`. */
  async function submit(
    email: string,
    password: string,
    expected: string,
  ): Promise<{ alert: string; requests: string[] }> {
    await page.goto(appUrl('/auth'));
    await page.locator('#email').waitFor();
    const requests = recordApiRequests(page);
    await page.locator('#email').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('form button[type=submit]').click();
    const alert = page.getByRole('alert').filter({ hasText: expected });
    await alert.waitFor();
    // Long enough for a request the form might have started to show up.
    await page.waitForTimeout(300);
    return { alert: (await alert.textContent()) ?? '', requests };
  }

  it('asks to fill in all fields and sends no request when both are empty', async () => {
    const { alert, requests } = await submit('', '', LOGIN_FILL_ALL_FIELDS);
    expect(alert).toBe(LOGIN_FILL_ALL_FIELDS);
    expect(requests).toEqual([]);
  });

  it('asks to fill in all fields when only the password is empty', async () => {
    const { alert, requests } = await submit(DEMO_USERS.karawang, '', LOGIN_FILL_ALL_FIELDS);
    expect(alert).toBe(LOGIN_FILL_ALL_FIELDS);
    expect(requests).toEqual([]);
  });

  it('refuses a 5-character password and sends no request', async () => {
    const { alert, requests } = await submit(DEMO_USERS.karawang, '12345', LOGIN_PASSWORD_TOO_SHORT);
    expect(alert).toBe(LOGIN_PASSWORD_TOO_SHORT);
    expect(requests).toEqual([]);
  });

  it('does send the sign-in once the form is valid, and shows the provider message on failure', async () => {
    const { alert, requests } = await submit(
      DEMO_USERS.karawang,
      'wrong-password',
      'Invalid login credentials',
    );
    expect(alert).toBe('Authentication ErrorInvalid login credentials');
    expect(requests).toEqual(['POST /auth/v1/token']);
  });
});

describe('signed out', () => {
  it.each(['/inventory', '/', '/users', '/hub-karawang', '/hub-cikarang/otw', '/no-such-page'])(
    '%s lands on /auth',
    async (path) => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await page.goto(appUrl(path));
      await page.waitForURL(appUrl('/auth'));
      await page.locator('#email').waitFor();
      await context.close();
    },
  );
});

describe('signed in as admin', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    errors = trackPageErrors(page);
    await signIn(page, DEMO_USERS.admin);
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each([
    ['/hub-karawang', '/hub-karawang/ready'],
    ['/hub-cikarang', '/hub-cikarang/otw'],
    ['/hub-poljak', '/hub-poljak/otw'],
    ['/hub-polsub', '/hub-polsub/otw'],
    ['/hub-nowhere/otw', '/hub-karawang/ready'],
    ['/hub-karawang/otw', '/hub-karawang/ready'],
    ['/hub-karawang/arrival', '/hub-karawang/ready'],
    ['/hub-cikarang/done', '/hub-cikarang/otw'],
    ['/hub-poljak/nope', '/hub-poljak/otw'],
    ['/hub-polsub/loading', '/hub-polsub/loading'],
    ['/hub-karawang/loading', '/hub-karawang/loading'],
  ])('%s goes to %s', async (from, to) => {
    await page.goto(appUrl(from));
    await page.waitForURL(appUrl(to));
    await page.getByTestId('hub-tabs').waitFor();
    const current = await page.getByTestId('hub-tabs').locator('a[aria-current=page]').getAttribute('href');
    expect(current).toBe(to);
  });

  it('shows each hub only its tabs', async () => {
    // Each screen is a lazy chunk (issue 14): wait for the tabs rather than read them at load.
    await page.goto(appUrl('/hub-karawang/ready'));
    await page.getByTestId('hub-tabs').waitFor();
    await expect.poll(() => page.getByTestId('hub-tabs').getByTestId('hub-tab-label').allTextContents()).toEqual([
      'Siap Muat',
      'Sedang Muat',
    ]);
    await page.goto(appUrl('/hub-polsub/otw'));
    await page.getByTestId('hub-tabs').waitFor();
    await expect.poll(() => page.getByTestId('hub-tabs').getByTestId('hub-tab-label').allTextContents()).toEqual([
      'OTW',
      'Confirm Tiba',
      'Sedang Bongkar',
      'Siap Muat',
      'Sedang Muat',
    ]);
  });

  it.each([
    ['/', 'Dashboard Dermaga'],
    ['/inventory', 'Inventory Master'],
    ['/vendors', 'Vendors'],
    [`/vendors/${TRUCK_VENDOR.id}`, 'Vendor Detail'],
    ['/hubs', 'Hub Management'],
    ['/status-shipment', 'Status Shipment Management'],
    [`/hub-activity/${HUB.karawang}`, 'Aktivitas Inventory'],
    ['/in-transit-detail', 'In-Transit Shipments'],
    ['/pod', 'POD Management'],
    ['/users', 'User Management'],
    ['/settings', 'Pengaturan'],
  ])('%s opens %s inside the shell', async (path, title) => {
    await page.goto(appUrl(path));
    await waitForShell(page);
    expect(pathOf(page)).toBe(path);
    await page.locator(SCREEN).first().waitFor();
    // Hub Activity's heading is the hub's name, with 'Aktivitas Inventory' under it (spec 2.13).
    await expect.poll(() => page.locator('main').textContent()).toContain(title);
    await expect.poll(() => page.locator(SCREEN).count()).toBe(1);
    await expect.poll(() => page.getByTestId('restricted-feature-alert').count()).toBe(0);
  });

  it.each(['/no-such-page', '/inventory/extra/segments', '/hub-karawang/ready/extra'])(
    '%s shows the 404 page, whose link returns to the dashboard',
    async (path) => {
      await page.goto(appUrl(path));
      const heading = page.getByRole('heading', { name: NOT_FOUND_TITLE });
      await heading.waitFor();
      expect(pathOf(page)).toBe(path);
      await page.getByRole('link', { name: RETURN_TO_DASHBOARD }).click();
      await page.waitForURL(appUrl('/'));
      await waitForShell(page);
    },
  );

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});

describe('restricted screens', () => {
  const cases: Array<{ user: string; allowed: string[]; permission: string[]; role: string[] }> = [
    {
      user: DEMO_USERS.tower,
      allowed: ['/inventory', '/hubs', '/status-shipment', '/pod', '/hub-polsub/otw'],
      permission: ['/users', '/vendors', `/vendors/${TRUCK_VENDOR.id}`, '/settings'],
      role: [],
    },
    {
      user: DEMO_USERS.karawang,
      allowed: ['/inventory', '/hub-karawang/ready', `/hub-activity/${HUB.karawang}`],
      permission: ['/users', '/vendors', '/settings'],
      role: [
        '/hubs',
        '/status-shipment',
        '/pod',
        '/hub-cikarang/otw',
        `/hub-activity/${HUB.cikarang}`,
      ],
    },
    {
      user: DEMO_USERS.makassar,
      allowed: ['/pod', '/inventory'],
      permission: ['/users'],
      role: ['/hub-karawang/ready', '/hubs'],
    },
  ];

  it.each(cases)(
    '$user sees the restricted-feature alert only where spec 6 says',
    async ({ user, allowed, permission, role }) => {
      const { context, page } = await signedInPage(browser(), user);
      const alert = page.getByTestId('restricted-feature-alert');

      for (const path of allowed) {
        await page.goto(appUrl(path));
        // The screen itself: a built one (hub operations) or a placeholder.
        await page.locator(SCREEN).first().waitFor();
        await expect.poll(() => alert.count(), { message: path }).toBe(0);
      }
      for (const [paths, message, reason] of [
        [permission, RESTRICTED_NO_PERMISSION, 'permission'],
        [role, RESTRICTED_ROLE_ONLY, 'role'],
      ] as const) {
        for (const path of paths) {
          await page.goto(appUrl(path));
          await alert.waitFor();
          await expect.poll(() => alert.getAttribute('data-reason'), { message: path }).toBe(reason);
          await expect.poll(() => alert.textContent(), { message: path }).toContain(message);
          await expect.poll(() => page.locator(SCREEN).count(), { message: path }).toBe(0);
          expect(pathOf(page)).toBe(path);
        }
      }
      await context.close();
    },
  );
});
