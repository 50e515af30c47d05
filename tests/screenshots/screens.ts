// Every screen of the spec by role, with what shows it is drawn, and the few dialogs worth a
// look: shared by `npm run screenshots` (tests/screenshots/run.ts) and the axe walk
// (tests/e2e/axe-every-screen.test.ts). No vitest imports: the script runs outside vitest.
import type { Locator, Page } from 'playwright-core';
import { en } from '../../src/lib/i18n/en';
import { id } from '../../src/lib/i18n/id';
import { HUB, VENDOR } from '../support/demo';

/** A control's name in either language (the screenshots take both: run.ts). */
const either = (inId: string, inEn: string) =>
  new RegExp(`(${[inId, inEn].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);

export interface Screen {
  name: string;
  path: string;
  /** A selector that matches once the screen is drawn. */
  ready: string;
}

export interface DialogSpec {
  name: string;
  path: string;
  ready: string;
  /** The control that opens it. */
  opener: (page: Page) => Locator;
}

export const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '800x1280', width: 800, height: 1280 },
  { name: '390x844', width: 390, height: 844 },
] as const;

const HUB_READY = '[data-testid=hub-operations]:not([data-hub-id=""])';

const hubTabs = (slug: string, tabs: readonly string[]): Screen[] =>
  tabs.map((tab) => ({
    name: `${slug}-${tab}`,
    path: `/${slug}/${tab}`,
    ready: `${HUB_READY} [data-testid=tab-${tab}]`,
  }));

const INBOUND = ['otw', 'arrival', 'unloading', 'ready', 'loading'] as const;

/** Admin sees every screen of the spec. */
export const ADMIN_SCREENS: readonly Screen[] = [
  { name: 'dashboard', path: '/', ready: '[data-testid=dashboard][data-ready=true]' },
  ...hubTabs('hub-karawang', ['ready', 'loading']),
  ...hubTabs('hub-cikarang', INBOUND),
  ...hubTabs('hub-poljak', INBOUND),
  ...hubTabs('hub-polsub', INBOUND),
  // Its tabs read: their counts shown and no tab's loading placeholder left (the shot at 800 px
  // caught the placeholder).
  {
    name: 'pod',
    path: '/pod',
    ready: '[data-testid=pod-page]:not(:has([data-testid^=pod-loading])) [data-testid=pod-tab-count]',
  },
  { name: 'in-transit', path: '/in-transit-detail', ready: '[data-testid=in-transit-table-row]' },
  { name: 'hub-activity', path: `/hub-activity/${HUB.karawang}`, ready: '[data-testid=activity-table-row]' },
  {
    name: 'inventory',
    path: '/inventory',
    ready: '[data-testid=inventory-page] [data-testid=warehouse-card]',
  },
  { name: 'users', path: '/users', ready: '[data-testid=users-page] [data-testid=users-table-row]' },
  { name: 'vendors', path: '/vendors', ready: '[data-testid=vendors-page] [data-testid=vendor-link]' },
  {
    name: 'vendor-detail',
    path: `/vendors/${VENDOR.sinarLogistik.id}`,
    ready: '[data-testid=vendor-detail] [data-testid=vehicle-row]',
  },
  { name: 'hubs', path: '/hubs', ready: '[data-testid=hubs-page] [data-testid=hubs-table-row]' },
  {
    name: 'status-shipment',
    path: '/status-shipment',
    ready: '[data-testid=statuses-page] [data-testid=statuses-table-row]',
  },
  { name: 'audit', path: '/audit', ready: '[data-testid=audit-page]' },
  { name: 'settings', path: '/settings', ready: '[data-testid=settings-page]' },
  { name: 'not-found', path: '/no-such-screen/at-all/here', ready: 'main h1' },
];

/** A hub user (Cikarang) sees the hub's screens. */
export const HUB_SCREENS: readonly Screen[] = [
  { name: 'hub-dashboard', path: '/', ready: '[data-testid=dashboard][data-ready=true]' },
  ...hubTabs('hub-cikarang', INBOUND),
  {
    name: 'hub-inventory',
    path: '/inventory',
    ready: '[data-testid=inventory-page] [data-testid=warehouse-card]',
  },
  { name: 'hub-in-transit', path: '/in-transit-detail', ready: '[data-testid=in-transit-page]' },
  { name: 'hub-activity-own', path: `/hub-activity/${HUB.cikarang}`, ready: '[data-testid=hub-activity]' },
];

const DIALOG = '[role=dialog]';

export const ADMIN_DIALOGS: readonly DialogSpec[] = [
  {
    name: 'add-user',
    path: '/users',
    ready: DIALOG,
    opener: (p) => p.getByRole('button', { name: either(id.common.addUser, en.common.addUser) }),
  },
  { name: 'add-vendor', path: '/vendors', ready: DIALOG, opener: (p) => p.getByTestId('add-vendor') },
  {
    name: 'add-status',
    path: '/status-shipment',
    ready: DIALOG,
    opener: (p) => p.getByRole('button', { name: either(id.statusesScreen.add, en.statusesScreen.add) }),
  },
  {
    name: 'add-inventory',
    path: '/inventory',
    ready: DIALOG,
    opener: (p) => p.getByRole('button', { name: either(id.inventory.add, en.inventory.add) }),
  },
  {
    name: 'add-vehicle-type',
    path: `/vendors/${VENDOR.sinarLogistik.id}`,
    ready: DIALOG,
    opener: (p) =>
      p
        .getByRole('button', {
          name: either(id.lib.commands.add_vehicle_type, en.lib.commands.add_vehicle_type),
        })
        .first(),
  },
  {
    name: 'shipment-detail',
    path: '/in-transit-detail',
    ready: '[data-testid=shipment-detail]',
    opener: (p) => p.getByTestId('in-transit-table-row').first().getByRole('button').first(),
  },
];

export const HUB_DIALOGS: readonly DialogSpec[] = [
  {
    name: 'add-to-queue',
    path: '/hub-cikarang/ready',
    ready: DIALOG,
    opener: (p) =>
      p.getByRole('button', { name: either(id.hubOps.page.toolbar.queue, en.hubOps.page.toolbar.queue) }),
  },
];

/** Moves to a path inside the app without a reload (React Router follows popstate), so toasts stay. */
export async function goInApp(page: Page, path: string, ready: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
}

const MOBILE = 768;

/** The toast raiseToast raises last, the one held (the sidebar's high-contrast switch, turned off). */
const HELD_TOAST = 'Kontras tinggi nonaktif';

/**
 * Raises a real toast: the sidebar's high-contrast switch, pressed twice (on, then off again:
 * the screen is left in its normal colours), after closing the toasts still showing, so the one
 * returned is the newest. Below 768 px the sidebar is a drawer, opened first.
 */
async function raiseToast(page: Page): Promise<Locator> {
  const live = page.locator('[data-sonner-toast][data-removed=false]');
  // Sonner's close buttons, pressed without moving the pointer (a toast behind another is covered).
  await page.evaluate(() => {
    for (const close of document.querySelectorAll<HTMLElement>('[data-sonner-toast] [data-close-button]'))
      close.click();
  });
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
  const narrow = (page.viewportSize()?.width ?? 1280) < MOBILE;
  const button = page.getByTestId('high-contrast-button');
  for (const [text, html] of [
    ['Kontras tinggi aktif', 'html[data-contrast=high]'],
    ['Kontras tinggi nonaktif', 'html:not([data-contrast])'],
  ] as const) {
    if (narrow) await page.getByRole('button', { name: 'Buka/tutup sidebar' }).click();
    await button.click();
    await page.locator(html).waitFor({ state: 'attached' });
    await live.filter({ hasText: text }).waitFor();
    if (narrow) await page.locator('[data-slot=sidebar][data-mobile=true]').waitFor({ state: 'detached' });
  }
  // The first toast closed, so the held one is sonner's only toast from here: sonner collapses
  // its stack (and restarts every timer) whenever its toasts fall to one, and the first one's
  // own timer ending under the pointer did that once, mid-scan (a CI stop failed on it).
  await page.evaluate((text) => {
    const first = [...document.querySelectorAll('[data-sonner-toast]')].find((t) =>
      t.textContent?.includes(text),
    );
    first?.querySelector<HTMLElement>('[data-close-button]')?.click();
  }, 'Kontras tinggi aktif');
  await live.filter({ hasText: 'Kontras tinggi aktif' }).waitFor({ state: 'detached' });
  await page.locator('[data-sonner-toast][data-removed=true]').first().waitFor({ state: 'detached' });
  await toastsSettled(page);
  return live.filter({ hasText: HELD_TOAST });
}

/**
 * The pointer rests on the raised toast, which sonner then holds (it pauses its toasts while the
 * pointer is over them): true once sonner has expanded the stack under the pointer, false when
 * the toast went first (under load its few seconds can run out before the pointer gets there; a
 * CI stop failed on one).
 */
export async function restOnToast(page: Page): Promise<boolean> {
  const point = await page.evaluate((text) => {
    const toast = [...document.querySelectorAll('[data-sonner-toast][data-removed=false]')].find((t) =>
      t.textContent?.includes(text),
    );
    const box = toast?.getBoundingClientRect();
    return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  }, HELD_TOAST);
  if (!point) return false;
  // Two moves, so sonner sees the pointer move even when it was already resting there.
  await page.mouse.move(point.x, point.y + 1);
  await page.mouse.move(point.x, point.y);
  const outcome = await page.waitForFunction((text) => {
    const toast = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast][data-removed=false]')].find(
      (t) => t.textContent?.includes(text),
    );
    if (!toast) return 'gone';
    return toast.dataset.expanded === 'true' ? 'held' : false;
  }, HELD_TOAST);
  return (await outcome.jsonValue()) === 'held';
}

/** A toast raised and held by the pointer resting on it; raised again if it went first. */
export async function holdToast(page: Page): Promise<Locator> {
  for (;;) {
    const toast = await raiseToast(page);
    if (await restOnToast(page)) return toast;
  }
}

/** Until every toast has finished coming in (sonner fades them in: axe would read them half-transparent). */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toaster = document.querySelector('[data-sonner-toaster]');
    if (!toaster?.querySelector('[data-sonner-toast][data-visible=true][data-mounted=true]')) return false;
    return document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          !(a.effect instanceof KeyframeEffect) ||
          a.effect.getTiming().iterations === Infinity ||
          !toaster.contains(a.effect.target),
      );
  });
}
