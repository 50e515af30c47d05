// Shared by cmd-shipment-stock.test.ts and cmd-shipment-correction.test.ts (issue 29):
// a hub of the test's own with one warehouse holding a known stock, so every
// figure is computed by hand from what the test put there. Tower control and
// admin may act for any hub, so they send the forms for it.
import { db, id, makeHub, makeVehicle, tag } from './commands-support';

const made: string[] = [];

export interface StockedHub {
  hubId: string;
  warehouseId: string;
  warehouseName: string;
}

/** A hub with a warehouse holding `smartboards` and `brackets` (one manual stock row). */
export async function stockedHub(smartboards: number, brackets: number): Promise<StockedHub> {
  const name = `Gudang Stok ${tag()}`;
  const { hubId, warehouseId } = await makeHub(`Hub Stok ${tag()}`, null, 'hub', { name, location: null });
  made.push(warehouseId!);
  await addStock(warehouseId!, smartboards, brackets);
  return { hubId, warehouseId: warehouseId!, warehouseName: name };
}

export async function addStock(warehouseId: string, smartboards: number, brackets: number): Promise<void> {
  await (await db()).query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
     values ($1, $2, current_date, $3, $4, $5)`,
    [id(), warehouseId, smartboards, brackets, `STOK-${tag()}`],
  );
}

/** The warehouse's stock as the server sums it (live rows). */
export async function stockIn(warehouseId: string): Promise<{ smartboards: number; brackets: number }> {
  const { rows } = await (await db()).query<{ tv: string; br: string }>(
    `select coalesce(sum(smartboard_quantity), 0) as tv, coalesce(sum(bracket_quantity), 0) as br
     from public.inventory where warehouse_id = $1 and not deleted`,
    [warehouseId],
  );
  return { smartboards: Number(rows[0]!.tv), brackets: Number(rows[0]!.br) };
}

/** A truck at the hub that finished loading (ready to leave). */
export const truckAt = (hubId: string) => makeVehicle(hubId);

/** Removes the stock rows of the warehouses made here (call before closeDb). */
export async function dropStockedHubs(): Promise<void> {
  if (!made.length) return;
  await (await db()).query('delete from public.inventory where warehouse_id = any($1::uuid[])', [made]);
  made.length = 0;
}
