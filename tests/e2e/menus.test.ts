// Issue 5: each demo user sees exactly the menu of spec 2.2 reading A for its role and
// hub type, the header shows its role or hub name, and the footer shows who is signed in.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNUP_VERIFY_EMAIL_TITLE } from '../../src/lib/i18n/default-strings';
import {
  appUrl,
  headerText,
  newContext,
  sidebarMenu,
  signedInPage,
  signIn,
  useBrowser,
  watchedDevice,
} from '../support/browser';
import { ownerSql, serviceClient } from '../support/clients';
import { DEMO_USERS } from '../support/demo';

const browser = useBrowser();

const OPERATIONS = ['Hub Karawang', 'Hub Cikarang', 'Pol Jakarta', 'Pol Surabaya', 'POD'];
const OPERATION_LINKS = ['/hub-karawang', '/hub-cikarang', '/hub-poljak', '/hub-polsub', '/pod'];

/** A hub user's: no groups; Dashboard, its own hub's screen and the inventory. */
function hubUser(email: string, header: string, screen: string, path: string, inventory = 'Inventory') {
  return {
    email,
    header,
    groups: [],
    entries: ['Dashboard', screen, inventory],
    links: ['/', path, '/inventory'],
  };
}

const EXPECTED = [
  {
    email: DEMO_USERS.admin,
    header: 'admin',
    groups: ['Operations', 'Management'],
    entries: [
      'Dashboard',
      ...OPERATIONS,
      'Users',
      'Vendors',
      'Inventory',
      'Hubs',
      'Status Shipment',
      'Settings',
      'Audit Trail',
    ],
    links: [
      '/',
      ...OPERATION_LINKS,
      '/users',
      '/vendors',
      '/inventory',
      '/hubs',
      '/status-shipment',
      '/settings',
      '/audit',
    ],
  },
  {
    email: DEMO_USERS.tower,
    header: 'tower control',
    groups: ['Operations', 'Management'],
    entries: ['Dashboard', ...OPERATIONS, 'Inventory', 'Hubs', 'Status Shipment', 'Audit Trail'],
    links: ['/', ...OPERATION_LINKS, '/inventory', '/hubs', '/status-shipment', '/audit'],
  },
  hubUser(DEMO_USERS.karawang, 'Hub Karawang', 'Hub Karawang', '/hub-karawang'),
  hubUser(DEMO_USERS.cikarang, 'Hub Cikarang', 'Hub Cikarang', '/hub-cikarang'),
  hubUser(DEMO_USERS.poljak, 'Hub PolJak', 'Pol Jakarta', '/hub-poljak'),
  hubUser(DEMO_USERS.polsub, 'Hub PolSub', 'Pol Surabaya', '/hub-polsub'),
  hubUser(DEMO_USERS.makassar, 'POD Makassar', 'POD', '/pod', 'Inventory Gudang'),
];

describe('menus and header per demo user', () => {
  it.each(EXPECTED)('$email', async ({ email, header, groups, entries, links }) => {
    const { context, page, errors } = await watchedDevice(browser());
    await signIn(page, email);

    const menu = await sidebarMenu(page);
    expect(menu.entries).toEqual(entries);
    expect(menu.groups).toEqual(groups);
    const hrefs = await page
      .locator('[data-slot=sidebar-content] a')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(links);

    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: header });

    // Footer: the e-mail's initial, the e-mail, the role or hub name, and Log out.
    await expect
      .poll(() => page.getByTestId('sidebar-user-initial').textContent())
      .toBe(email[0]!.toUpperCase());
    await expect.poll(() => page.getByTestId('sidebar-user-email').textContent()).toBe(email);
    await expect.poll(() => page.getByTestId('sidebar-user-role').textContent()).toBe(header);
    expect((await page.getByTestId('sign-out').textContent())?.trim()).toBe('Log out');

    // The active route is highlighted, and follows navigation.
    const active = page.locator('[data-slot=sidebar-content] a[aria-current=page]');
    await expect.poll(() => active.allTextContents()).toEqual(['Dashboard']);
    const last = page.locator('[data-slot=sidebar-content] a').last();
    const lastLabel = entries[entries.length - 1]!;
    await last.click();
    await page.waitForURL((url) => url.pathname !== '/');
    // The router updates the URL first; the highlight follows on the next render.
    await expect.poll(() => active.allTextContents()).toEqual([lastLabel]);
    await expect.poll(() => last.getAttribute('data-active')).toBe('true');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin hub entry stays highlighted on every tab of its hub', async () => {
    const { context, page } = await signedInPage(browser(), DEMO_USERS.admin);
    await page.locator('[data-slot=sidebar-content] a', { hasText: 'Pol Surabaya' }).click();
    await page.waitForURL((url) => url.pathname === '/hub-polsub/otw');
    await page.getByTestId('hub-tabs').locator('a', { hasText: 'Sedang Bongkar' }).click();
    await page.waitForURL((url) => url.pathname === '/hub-polsub/unloading');
    const active = page.locator('[data-slot=sidebar-content] a[aria-current=page]');
    await expect.poll(() => active.allTextContents()).toEqual(['Pol Surabaya']);
    await context.close();
  });
});

describe('users without a hub or without a profile', () => {
  it('a fresh sign-up (hub_user, no hub yet) gets Dashboard and My Inventory', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const email = `signup-${randomUUID()}@demo.local`;
    await page.goto(appUrl('/auth'));
    await page.getByRole('button', { name: 'Buat akun' }).click();
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('secret1');
    await page.locator('form button[type=submit]').click();
    await page.locator('[data-sonner-toast]', { hasText: SIGNUP_VERIFY_EMAIL_TITLE }).waitFor();
    // The local Auth confirms at once, so the new user is signed in.
    await page.getByTestId('app-header').waitFor();
    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: 'hub user' });
    await expect
      .poll(() => sidebarMenu(page))
      .toEqual({ entries: ['Dashboard', 'My Inventory'], groups: [] });
    await context.close();
  });

  it('a user whose profile is gone is a hub_user, whatever the token says', async () => {
    const email = `no-profile-${randomUUID()}@demo.local`;
    const created = await serviceClient().auth.admin.createUser({
      email,
      password: 'secret1',
      email_confirm: true,
      app_metadata: { role: 'tower_control' },
    });
    expect(created.error).toBeNull();
    const sql = await ownerSql();
    try {
      await sql.query('update public.profiles set deleted = true where user_id = $1', [
        created.data.user!.id,
      ]);
    } finally {
      await sql.end();
    }

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, email, 'secret1');
    await expect.poll(() => headerText(page)).toEqual({ title: 'Dermaga', roleOrHub: 'hub user' });
    await expect
      .poll(() => sidebarMenu(page))
      .toEqual({ entries: ['Dashboard', 'My Inventory'], groups: [] });
    await context.close();
  });
});
