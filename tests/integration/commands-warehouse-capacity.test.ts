// set_warehouse_capacity through apply_commands (issue 11): admin only (spec 6),
// a whole number >= 0 or null (clears it), strict types, nothing written when refused.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, db, id } from './commands-support';
import { WAREHOUSE } from '../support/demo';

afterAll(closeDb);

async function capacityOf(warehouseId: string): Promise<number | null> {
  const { rows } = await (await db()).query('select capacity from public.warehouses where id = $1', [warehouseId]);
  return (rows[0] as { capacity: number | null }).capacity;
}

describe('set_warehouse_capacity', () => {
  it('lets an admin set and clear a capacity', async () => {
    const admin = await as('admin');
    await admin.ok('set_warehouse_capacity', { warehouse_id: WAREHOUSE.cikarang, capacity: 750 });
    expect(await capacityOf(WAREHOUSE.cikarang)).toBe(750);
    await admin.ok('set_warehouse_capacity', { warehouse_id: WAREHOUSE.cikarang, capacity: null });
    expect(await capacityOf(WAREHOUSE.cikarang)).toBeNull();
  });

  it.each(['tower', 'karawang'] as const)('refuses %s (not admin) and writes nothing', async (user) => {
    const admin = await as('admin');
    await admin.ok('set_warehouse_capacity', { warehouse_id: WAREHOUSE.karawang, capacity: 300 });
    const other = await as(user);
    const result = await other.run('set_warehouse_capacity', { warehouse_id: WAREHOUSE.karawang, capacity: 9 });
    expect(result).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
    expect(await capacityOf(WAREHOUSE.karawang)).toBe(300);
  });

  it.each([
    [{ capacity: -1 }, 'validation'],
    [{ capacity: 2.5 }, 'validation'],
    [{ capacity: '10' }, 'validation'],
    [{}, 'validation'],
  ])('refuses %o with code %s and writes nothing', async (change, code) => {
    const admin = await as('admin');
    await admin.ok('set_warehouse_capacity', { warehouse_id: WAREHOUSE.makassar, capacity: 40 });
    const payload: Record<string, unknown> = { warehouse_id: WAREHOUSE.makassar, ...change };
    if (!('capacity' in change)) delete payload.capacity;
    const result = await admin.run('set_warehouse_capacity', payload);
    expect(result).toMatchObject({
      outcome: 'rejected',
      code,
      message: 'Kapasitas harus berupa bilangan bulat 0 atau lebih',
    });
    expect(await capacityOf(WAREHOUSE.makassar)).toBe(40);
  });

  it('refuses an unknown warehouse with not_found', async () => {
    const admin = await as('admin');
    const result = await admin.run('set_warehouse_capacity', { warehouse_id: id(), capacity: 1 });
    expect(result).toMatchObject({ outcome: 'rejected', code: 'not_found', message: 'Gudang tidak ditemukan.' });
  });
});
