// Issue 26: a new device holds its working set, not the history. With closed history older
// than the retention window on the server, a new tablet's first sync stores none of it (the
// shipment, its container, its stock rows, an old manual receipt), while open work, however
// old, and what closed within the window arrive; and the device's stock figures (the
// balances its screens read) still equal the server's sums over every ledger row, history
// included. The retention window is the admin's to set, with the same refusal as the form's.
import { afterAll, describe, expect, it } from 'vitest';
import { openDevice, settle, type Device } from '../support/sync-device';
import { DEMO_USERS, WAREHOUSE } from '../support/demo';
import { as, closeDb } from './commands-support';
import {
  deviceBalances,
  dropReceipts,
  held,
  ledgerSums,
  makeReceipt,
  makeShipment,
  retentionDays,
} from './working-set-support';
import { RETENTION_DAYS_MESSAGE } from '../../sync/domain/working-set';

afterAll(async () => {
  await dropReceipts();
  await closeDb();
});

const WAREHOUSES = [WAREHOUSE.karawang, WAREHOUSE.cikarang];

describe('a new device and closed history older than the window', () => {
  let device: Device | undefined;
  afterAll(async () => device?.dispose());

  it('stores none of the history, holds open work and the window, and its stock equals the ledger', async () => {
    const days = await retentionDays();
    // History: closed well before the window, and a manual receipt as old.
    const old = await makeShipment(days + 30, days + 25);
    const oldReceipt = await makeReceipt(days + 20, 7);
    // Open work loaded long ago (still on its way), and a shipment closed within the window.
    const open = await makeShipment(days + 30, null);
    const recent = await makeShipment(days + 3, 2);

    // One device at a time (RxDB's open-core build allows 13 collections per JavaScript context).
    for (const who of ['admin', 'karawang'] as const) {
      await device?.dispose();
      device = await openDevice(DEMO_USERS[who]);
      await settle(device.engine);

      expect(await held(device, 'shipments', [old.id, open.id, recent.id]), who).toEqual([open.id, recent.id]);
      expect(await held(device, 'containers', [old.container, open.container, recent.container]), who).toEqual([
        open.container,
        recent.container,
      ]);
      const ledger = [...old.ledger, oldReceipt, ...open.ledger, ...recent.ledger];
      // The open shipment's stock row is older than the window but follows its shipment.
      const expected = who === 'admin' ? [...open.ledger, ...recent.ledger] : [...open.ledger, recent.ledger[0]!];
      expect(await held(device, 'inventory', ledger), who).toEqual(expected);

      // The screens' figures: the balances equal the sums over every ledger row, history included.
      const visible = who === 'admin' ? WAREHOUSES : [WAREHOUSE.karawang];
      const [server, local] = [await ledgerSums(visible), await deviceBalances(device, visible)];
      for (const w of visible) expect(local.get(w), `${who} ${w}`).toEqual(server.get(w));
    }
  });
});

describe('the retention window', () => {
  it('only an admin sets it; out of range it is refused in the form\'s words', async () => {
    const days = await retentionDays();
    for (const who of ['tower', 'karawang'] as const) {
      const user = await as(who);
      const { error } = await user.client.rpc('set_working_set_settings', { p: { retention_days: 30 } });
      expect(error?.code, who).toBe('42501');
      // Everyone reads it (the devices follow it).
      const { data } = await user.client.rpc('working_set_settings');
      expect(data).toEqual({ retention_days: days });
    }
    const admin = await as('admin');
    for (const bad of [0, 366, 2.5, '14']) {
      const { error } = await admin.client.rpc('set_working_set_settings', { p: { retention_days: bad } });
      expect(error?.message, String(bad)).toBe(RETENTION_DAYS_MESSAGE);
    }
    const { error: unknownKey } = await admin.client.rpc('set_working_set_settings', { p: { days: 3 } });
    expect(unknownKey?.code).toBe('22023');
    expect(await retentionDays()).toBe(days);
    // The admin's own value stands (the same one again: other files see the window unchanged).
    const { data, error } = await admin.client.rpc('set_working_set_settings', { p: { retention_days: days } });
    expect(error).toBeNull();
    expect(data).toEqual({ retention_days: days });
  });
});
