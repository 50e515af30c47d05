// Rows for the working-set tests (issue 26), written by the owner straight into the tables:
// shipments closed or loaded at a given time in the past, with their stock rows dated so,
// as history older than the retention window looks on the server.
import type { Device } from '../support/sync-device';
import { HUB, WAREHOUSE } from '../support/demo';
import { db, id, makeVehicle, remember, tag } from './commands-support';

export const DAY = 86_400_000;

export interface MadeShipment {
  id: string;
  /** Its stock rows: out of Karawang, and into Cikarang once closed. */
  ledger: string[];
  container: string;
}

/**
 * A Karawang -> Cikarang shipment loaded `loadedDaysAgo` days ago, closed (selesai, unloaded)
 * `closedDaysAgo` days ago or still on its way (null), with a container and its stock rows
 * dated by those days.
 */
export async function makeShipment(loadedDaysAgo: number, closedDaysAgo: number | null): Promise<MadeShipment> {
  const sql = await db();
  const shipmentId = id();
  remember(shipmentId);
  const vehicleId = await makeVehicle(HUB.cikarang);
  const closed = closedDaysAgo !== null;
  await sql.query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date, arrival_gdt, unloading_finished_at, selesai_bongkar)
     values ($1, $2, $3, $4, $5, $5, 4, 2, $6, now() - $7 * interval '1 day',
             case when $8 then now() - $9 * interval '1 day' end, case when $8 then now() - $9 * interval '1 day' end, $8)`,
    [shipmentId, `WS-${tag()}`, vehicleId, HUB.karawang, HUB.cikarang, closed ? 'selesai' : 'otw_cikarang',
     loadedDaysAgo, closed, closedDaysAgo ?? 0],
  );
  const container = id();
  await sql.query(
    `insert into public.containers (id, container_number, shipment_id) values ($1, $2, $3)`,
    [container, `WSCU ${tag()}`, shipmentId],
  );
  const ledger = [id()];
  await sql.query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, shipment_id)
     values ($1, $2, public.dm_jakarta_date(now() - $3 * interval '1 day'), -4, -2, $4)`,
    [ledger[0], WAREHOUSE.karawang, loadedDaysAgo, shipmentId],
  );
  if (closed) {
    ledger.push(id());
    await sql.query(
      `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, shipment_id)
       values ($1, $2, public.dm_jakarta_date(now() - $3 * interval '1 day'), 4, 2, $4)`,
      [ledger[1], WAREHOUSE.cikarang, closedDaysAgo, shipmentId],
    );
  }
  return { id: shipmentId, ledger, container };
}

/** A manual receipt at Karawang dated `daysAgo` days ago (no shipment); removed by dropReceipts. */
const receipts: string[] = [];
export async function makeReceipt(daysAgo: number, smartboards: number): Promise<string> {
  const receiptId = id();
  receipts.push(receiptId);
  await (await db()).query(
    `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
     values ($1, $2, public.dm_jakarta_date(now() - $3 * interval '1 day'), $4, 0, $5)`,
    [receiptId, WAREHOUSE.karawang, daysAgo, smartboards, `WS-RCPT-${tag()}`],
  );
  return receiptId;
}

export async function dropReceipts(): Promise<void> {
  if (receipts.length === 0) return;
  await (await db()).query('delete from public.inventory where id = any($1::uuid[])', [receipts.splice(0)]);
}

/** Which of `ids` the device holds in `table` now. */
export async function held(device: Device, table: 'shipments' | 'containers' | 'inventory', ids: string[]) {
  const docs = await device.engine.db[table].findByIds(ids).exec();
  return ids.filter((i) => docs.has(i));
}

/** The server's stock per warehouse: the sums over every live ledger row (the whole history). */
export async function ledgerSums(warehouseIds: string[]): Promise<Map<string, { tv: number; bracket: number }>> {
  const { rows } = await (await db()).query(
    `select w.id, coalesce(sum(i.smartboard_quantity), 0)::int as tv, coalesce(sum(i.bracket_quantity), 0)::int as bracket
     from public.warehouses w left join public.inventory i on i.warehouse_id = w.id and not i.deleted
     where w.id = any($1::uuid[]) group by w.id`,
    [warehouseIds],
  );
  return new Map(rows.map((r) => [r.id as string, { tv: r.tv as number, bracket: r.bracket as number }]));
}

/** The device's stock per warehouse, as its screens read it (stock_balances). */
export async function deviceBalances(device: Device, warehouseIds: string[]) {
  const docs = await device.engine.db.stock_balances.findByIds(warehouseIds).exec();
  return new Map(
    warehouseIds.map((w) => {
      const d = docs.get(w);
      return [w, d ? { tv: d.smartboard_quantity, bracket: d.bracket_quantity } : null];
    }),
  );
}

/** The retention window now, and a way to set it (admin) and put it back afterwards. */
export async function retentionDays(): Promise<number> {
  const { rows } = await (await db()).query(`select (public.working_set_settings() ->> 'retention_days')::int as d`);
  return rows[0].d as number;
}

export async function setRetentionDays(days: number): Promise<void> {
  const sql = await db();
  await sql.query(
    `insert into public.app_settings (key, value) values ('working_set', jsonb_build_object('retention_days', $1::int))
     on conflict (key) do update set value = excluded.value`,
    [days],
  );
}
