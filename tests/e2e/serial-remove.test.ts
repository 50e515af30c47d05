// A serial registered by mistake, taken back on the floor: Hub Karawang tracks TVs by serial (set
// here, put back after) and holds serials of this test's own: a mistyped one, one whose TV went
// on a truck and came back (moved: no remove button), and one that another tablet loads and a
// void brings back while this one is offline. Karawang's tablet, offline, on Inventory's "Stok
// Nomor Seri TV": removing the mistyped one asks first (axe on the question), then it leaves the
// list at once; the scanner takes the same serial again as new (it is no longer registered), and
// Simpan puts it back in the list. Removing the one that moved meanwhile leaves the list too (the
// tablet could not know), but back online the server refuses it with its reason (the rejections
// alert), it is back in the list, and the commands behind it were applied: the mistyped unit
// removed with its history, the serial registered again as a new unit.
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { appUrl } from '../support/browser';
import { HUB } from '../support/demo';
import { seriousViolations } from './axe';
import * as hub from './hub-support';
import { closeScanner, openWedge, useSerialCamera, wedge } from './serial-camera';

const { browser, show } = useSerialCamera('dermaga-serial-remove');
const TAG = hub.tag();
const TYPO = `E2E-${TAG}-TYPO`;
const TRAVELLED = `E2E-${TAG}-TRIP`;
const MOVED = `E2E-${TAG}-TMOVED`;
// A wrong packing list's serials, and one of the right list.
const WRONG = [1, 2, 3].map((n) => `E2E-${TAG}-WRONG-${n}`);
const RIGHT = `E2E-${TAG}-RIGHT-1`;

hub.useSerialTracking(HUB.karawang);

beforeAll(async () => {
  await hub.applyAs('admin@demo.local', 'register_serials', {
    hub_id: HUB.karawang,
    units: [TYPO, TRAVELLED, MOVED, ...WRONG, RIGHT].map((serial) => ({ unit_id: randomUUID(), serial })),
  });
  await travelled(MOVED);
});

/** A unit's trip as the server records it: loaded on a truck, back in stock when that shipment was voided. */
async function travelled(serial: string) {
  await hub.query(
    `insert into public.tv_unit_events (unit_id, serial, kind, hub_id)
     select id, serial, kind, $2 from public.tv_units, unnest(array['loaded', 'returned']) kind
     where serial = $1 and not deleted`,
    [serial, HUB.karawang],
  );
  await hub.query('update public.tv_units set moved = true where serial = $1 and not deleted', [serial]);
}

it('Karawang takes a mistyped serial back offline and registers it again; a TV that moved meanwhile is refused and comes back', async () => {
  const { context, page } = await hub.tablet(browser(), 'karawang');
  await page.goto(appUrl('/inventory'));
  const stock = page.getByTestId('serial-stock');
  await stock.waitFor();
  await stock.getByLabel('Cari nomor seri').fill(`${TAG}-T`);
  const listed = () => stock.getByTestId('serial-stock-list').getByRole('listitem').allTextContents();
  await expect.poll(listed).toEqual([MOVED, TRAVELLED, TYPO]);
  // A unit that moved since it was registered is a real TV: no remove button.
  await stock.getByRole('button', { name: `Hapus nomor seri ${TYPO}`, exact: true }).waitFor();
  expect(await stock.getByRole('button', { name: `Hapus nomor seri ${MOVED}`, exact: true }).count()).toBe(0);

  await context.setOffline(true);
  await hub.waitOffline(page);
  // Meanwhile another tablet loads one of them and a void brings it back.
  await travelled(TRAVELLED);
  // The mistyped one: asked first, then out of the list at once.
  await stock.getByRole('button', { name: `Hapus nomor seri ${TYPO}`, exact: true }).click();
  const question = page.getByRole('alertdialog');
  await question.waitFor();
  expect(await question.getByRole('heading').textContent()).toBe('Hapus nomor seri yang salah?');
  expect(await question.getByText(TYPO, { exact: false }).textContent()).toBe(
    `${TYPO} dikeluarkan dari stok Hub Karawang dan dapat didaftarkan lagi. Hanya untuk nomor seri yang salah ketik atau salah hub: TV yang sudah pernah dikirim tidak dapat dihapus.`,
  );
  expect(await seriousViolations(page), 'the removal question').toEqual([]);
  await question.getByRole('button', { name: 'Hapus', exact: true }).click();
  await hub.toast(page, `Nomor seri ${TYPO} dihapus dari stok`).waitFor();
  await expect.poll(listed).toEqual([MOVED, TRAVELLED]);
  await question.waitFor({ state: 'detached' });

  // The one moved meanwhile leaves the list too: the tablet, offline, cannot know.
  await stock.getByRole('button', { name: `Hapus nomor seri ${TRAVELLED}`, exact: true }).click();
  await question.getByRole('button', { name: 'Hapus', exact: true }).click();
  await expect.poll(listed).toEqual([MOVED]);

  // The mistyped serial is free again: the scanner takes it as new, Simpan puts it back.
  show([]);
  await stock.getByTestId('serial-scan-open').click();
  await openWedge(page);
  expect(await wedge(page, TYPO)).toMatchObject({ outcome: 'accepted' });
  await closeScanner(page);
  await stock.getByTestId('serial-draft').getByRole('button', { name: 'Simpan' }).click();
  await expect.poll(listed).toEqual([MOVED, TYPO]);

  // Online: the travelled one is refused with its reason and is back; the rest was applied.
  await context.setOffline(false);
  const reason = `Nomor seri ${TRAVELLED} sudah pernah dikirim: TV ini nyata, nomor serinya tidak dapat dihapus.`;
  await page.getByTestId('rejection-message').filter({ hasText: TRAVELLED }).waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('rejection-message').filter({ hasText: TRAVELLED }).textContent()).toBe(
    reason,
  );
  await hub.waitSynced(page);
  await expect.poll(listed).toEqual([MOVED, TRAVELLED, TYPO]);
  const units = await hub.query<{ serial: string; deleted: boolean; state: string; hub_id: string }>(
    `select serial, deleted, state, hub_id::text from public.tv_units where serial = any($1) order by serial, created_at`,
    [[TRAVELLED, TYPO]],
  );
  expect(units).toEqual([
    { serial: TRAVELLED, deleted: false, state: 'in_stock', hub_id: HUB.karawang },
    { serial: TYPO, deleted: true, state: 'in_stock', hub_id: HUB.karawang },
    { serial: TYPO, deleted: false, state: 'in_stock', hub_id: HUB.karawang },
  ]);
  // The history keeps the mistake: the first unit registered and removed, the second registered.
  const events = await hub.query<{ kind: string; deleted: boolean }>(
    `select e.kind, u.deleted from public.tv_unit_events e join public.tv_units u on u.id = e.unit_id
     where e.serial = $1 order by u.created_at, e.at, e.kind`,
    [TYPO],
  );
  expect(events).toEqual([
    { kind: 'registered', deleted: true },
    { kind: 'removed', deleted: true },
    { kind: 'registered', deleted: false },
  ]);
  await context.close();
});

it('Karawang takes a wrong packing list back at once: every serial the search matches, after one question; Nomor Seri says it was removed', async () => {
  const { context, page } = await hub.tablet(browser(), 'karawang');
  await page.goto(appUrl('/inventory'));
  const stock = page.getByTestId('serial-stock');
  await stock.waitFor();
  const listed = () => stock.getByTestId('serial-stock-list').getByRole('listitem').allTextContents();
  const search = stock.getByLabel('Cari nomor seri');
  await search.fill(`${TAG}-WRONG`);
  await expect.poll(listed).toEqual(WRONG);
  await stock.getByRole('button', { name: 'Hapus 3 yang cocok', exact: true }).click();
  const question = page.getByRole('alertdialog');
  expect(await question.getByRole('heading').textContent()).toBe('Hapus 3 nomor seri yang salah?');
  expect(await question.getByText(`${TAG}-WRONG`, { exact: false }).textContent()).toBe(
    `3 nomor seri yang cocok dengan "${TAG}-WRONG" dikeluarkan dari stok Hub Karawang dan dapat didaftarkan lagi. Hanya untuk nomor seri yang salah ketik atau salah hub: TV yang sudah pernah dikirim tidak dapat dihapus.`,
  );
  await question.getByRole('button', { name: 'Hapus', exact: true }).click();
  await hub.toast(page, '3 nomor seri dihapus dari stok').waitFor();
  await expect.poll(listed).toEqual([]);
  // One match left: no button for "all".
  await search.fill(TAG);
  await expect.poll(listed).toEqual([RIGHT, MOVED, TRAVELLED, TYPO]);
  await search.fill(`${TAG}-RIGHT`);
  await expect.poll(listed).toEqual([RIGHT]);
  expect(await stock.getByTestId('serial-remove-matching').count()).toBe(0);
  await hub.waitSynced(page);
  const units = await hub.query<{ serial: string; deleted: boolean }>(
    `select serial, deleted from public.tv_units where serial = any($1) order by serial`,
    [[...WRONG, RIGHT]],
  );
  expect(units).toEqual([
    { serial: RIGHT, deleted: false },
    ...WRONG.map((serial) => ({ serial, deleted: true })),
  ]);
  // Looked up later (Nomor Seri, online): removed at Karawang, by whom and when.
  await page.goto(appUrl(`/unit/${encodeURIComponent(WRONG[0]!)}`));
  const state = page.getByTestId('unit-state');
  await expect.poll(() => state.getAttribute('data-state')).toBe('removed');
  expect(await state.textContent()).toBe('Dihapus: salah daftarHub Karawang');
  const kinds = page.getByTestId('unit-event');
  expect(await kinds.evaluateAll((list) => list.map((e) => e.getAttribute('data-kind')))).toEqual([
    'registered',
    'removed',
  ]);
  expect(await kinds.nth(1).locator('span').first().textContent()).toBe(
    'Dihapus dari stok Hub Karawang: nomor seri salah daftar',
  );
  expect(await seriousViolations(page), 'Nomor Seri of a removed serial').toEqual([]);
  await context.close();
});
