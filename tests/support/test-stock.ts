// Issue 29: a shipment takes no more than its origin warehouse holds. The demo
// data's hubs hold what a month of the demo left there (PolSub 10 TVs), while
// the suite ships from them hundreds of times on one stack (each file removes
// its own shipments at its end, the e2e files do not). So the tests' stack
// starts with an opening stock in each demo warehouse, one row each, batch
// TEST-STOK-AWAL; tests that need an exact stock make a hub of their own
// (tests/integration/cmd-shipment-stock-support.ts) or read it first.
import pg from 'pg';
import { WAREHOUSE } from './demo';

export const TEST_OPENING_STOCK = 100_000;

export async function addTestOpeningStock(dbUrl: string): Promise<void> {
  const sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  try {
    await sql.query(
      `insert into public.inventory (warehouse_id, date_recorded, smartboard_quantity, bracket_quantity, batch_number)
       select w, current_date - 30, $2, $2, 'TEST-STOK-AWAL' from unnest($1::uuid[]) as w`,
      [Object.values(WAREHOUSE), TEST_OPENING_STOCK],
    );
  } finally {
    await sql.end();
  }
}
