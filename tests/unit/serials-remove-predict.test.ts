// remove_serials on the device, without a server: serials registered by mistake taken back out
// of a hub's stock (each refusal by its key, in the server's order). The server's side:
// supabase/schemas/functions/cmd_serials_remove.sql and tests/integration/serials-remove.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_SERIALS } from '../../sync/domain/serials';
import { HUB, ID } from '../support/prediction-world';
import {
  admin,
  cikarangUser,
  karawangUser,
  predict,
  refused,
  schemaRefusal,
  tower,
  unit,
  world,
} from '../support/serials-world';

/** Unit n by its id (ID(700 + n)), named with its serial TV-000n (unit(n, 'TV-000n') below). */
const named = (id: string) => ({ unit_id: id, serial: `TV-000${Number(id.slice(-3)) - 700}` });
const remove = (ids: string[], hub = HUB(1)) => ({ hub_id: hub, units: ids.map(named) });

describe('remove_serials', () => {
  it("takes the units out of the hub's stock: each deleted where it stands, the rest untouched", async () => {
    const state = world({ tv_units: [unit(1, 'TV-0001'), unit(2, 'TV-0002'), unit(3, 'TV-0003')] });
    const changes = await predict(state, karawangUser, 'remove_serials', remove([ID(701), ID(703)]));
    expect(changes).toEqual([
      { table: 'tv_units', row: { ...unit(1, 'TV-0001'), deleted: true } },
      { table: 'tv_units', row: { ...unit(3, 'TV-0003'), deleted: true } },
    ]);
    expect(await state.get('tv_units', ID(702))).toMatchObject({ deleted: false, state: 'in_stock' });
    // An admin may too.
    const other = world({ tv_units: [unit(1, 'TV-0001')] });
    expect(await predict(other, admin, 'remove_serials', remove([ID(701)]))).toHaveLength(1);
  });

  it('is for an admin or a user of that hub: tower control and another hub are refused', async () => {
    const state = () => world({ tv_units: [unit(1, 'TV-0001')] });
    expect(await refused(predict(state(), tower, 'remove_serials', remove([ID(701)])))).toEqual({
      code: 'forbidden',
      keyed: { key: 'forbiddenAction' },
    });
    expect(await refused(predict(state(), cikarangUser, 'remove_serials', remove([ID(701)])))).toEqual({
      code: 'forbidden',
      keyed: { key: 'forbiddenHub' },
    });
    expect(await refused(predict(state(), admin, 'remove_serials', remove([ID(701)], HUB(9))))).toEqual({
      code: 'not_found',
      keyed: { key: 'hubNotFound' },
    });
  });

  it("refuses a unit not in this hub's stock (removed already, loaded, at another hub), or one that moved, naming it", async () => {
    const state = world({
      tv_units: [
        unit(1, 'TV-0001'),
        unit(2, 'TV-0002', { deleted: true }),
        unit(3, 'TV-0003', { state: 'in_transit', hub_id: null, shipment_id: ID(201) }),
        unit(4, 'TV-0004', { hub_id: HUB(3) }),
      ],
    });
    for (const [n, serial] of [
      [702, 'TV-0002'],
      [703, 'TV-0003'],
      [704, 'TV-0004'],
    ] as const) {
      // The first unit is fine; the refusal names the second, and nothing is predicted.
      expect(await refused(predict(state, admin, 'remove_serials', remove([ID(701), ID(n)])))).toEqual({
        code: 'precondition',
        keyed: { key: 'serial.notInStock', params: { serial } },
      });
    }
    expect(await state.get('tv_units', ID(701))).toMatchObject({ deleted: false });
    // One loaded since it was registered (back in stock now) is a real TV, after the stock check.
    const moved = world({ tv_units: [unit(1, 'TV-0001'), unit(5, 'TV-0005', { moved: true })] });
    expect(await refused(predict(moved, admin, 'remove_serials', remove([ID(701), ID(705)])))).toEqual({
      code: 'precondition',
      keyed: { key: 'serial.removeMoved', params: { serial: 'TV-0005' } },
    });
    // Not strict (a replay): nothing predicted, the server decides.
    expect(await predict(state, admin, 'remove_serials', remove([ID(701), ID(703)]), false)).toEqual([]);
  });

  it('refuses a unit named with a serial that is not its own', async () => {
    const state = world({ tv_units: [unit(1, 'TV-0001'), unit(2, 'TV-0002')] });
    const p = { hub_id: HUB(1), units: [named(ID(701)), { unit_id: ID(702), serial: 'TV-0001' }] };
    expect(await refused(predict(state, karawangUser, 'remove_serials', p))).toEqual({
      code: 'not_found',
      keyed: { key: 'invalidCommand' },
    });
    // Its one form is enough: trimmed, upper case.
    const lower = { hub_id: HUB(1), units: [{ unit_id: ID(702), serial: ' tv-0002 ' }] };
    expect(await predict(state, karawangUser, 'remove_serials', lower)).toHaveLength(1);
  });

  it('leaves a unit it does not hold to the server', async () => {
    const state = world({ tv_units: [unit(1, 'TV-0001')] });
    const changes = await predict(state, karawangUser, 'remove_serials', remove([ID(799), ID(701)]));
    expect(changes).toEqual([{ table: 'tv_units', row: { ...unit(1, 'TV-0001'), deleted: true } }]);
  });

  it('takes 1 to 500 distinct ids', () => {
    const ids = Array.from({ length: MAX_SERIALS + 1 }, (_, i) => ID(1000 + i));
    expect(schemaRefusal('remove_serials', remove(ids))).toEqual({
      key: 'serial.tooMany',
      params: { max: 500 },
    });
    expect(schemaRefusal('remove_serials', remove([]))).toEqual({ key: 'invalidCommand' });
    expect(schemaRefusal('remove_serials', remove([ID(701), ID(701)]))).toEqual({ key: 'invalidCommand' });
    expect(
      schemaRefusal('remove_serials', { hub_id: HUB(1), units: [{ unit_id: 'TV-0001', serial: 'TV-0001' }] }),
    ).toEqual({ key: 'invalidCommand' });
    expect(schemaRefusal('remove_serials', { hub_id: HUB(1), units: [ID(701)] })).toEqual({
      key: 'invalidCommand',
    });
  });
});
