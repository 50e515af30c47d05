// Issue 26: the stock balances (public.stock_balances) equal the sum of each
// warehouse's ledger rows after every command that moves stock, in the same
// transaction: applied, rejected (nothing half-written) and replayed (counted
// once); read like the ledger (RLS per role and hub) and pulled like every table.
import { afterAll, describe, expect, it } from 'vitest';
import * as cmd from './commands-support';
import { anonClient, ownerSql } from '../support/clients';
import { HUB, WAREHOUSE } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(cmd.closeDb);

/** Selesai Bongkar at `at` with the receipt counted as sent (12 TVs, 7 brackets), new ledger ids. */
const unloadedAsSent = (at: { hub_id: string; shipment_id: string }) => ({
  ...at,
  notes: null,
  smartboard_inventory_id: cmd.id(),
  bracket_inventory_id: cmd.id(),
  receipt: countedAsSent(12, 7),
});

interface Stock {
  tv: number;
  bracket: number;
}

/** A warehouse's balance row (null when it has none). */
async function balance(warehouseId: string): Promise<Stock | null> {
  const [row] = await cmd.rowsWhere<{ tv: number; bracket: number }>(
    'select smartboard_quantity as tv, bracket_quantity as bracket from public.stock_balances where id = $1',
    [warehouseId],
  );
  return row ? { tv: row.tv, bracket: row.bracket } : null;
}

/** The sum of a warehouse's live ledger rows. */
async function ledger(warehouseId: string): Promise<Stock> {
  const [row] = await cmd.rowsWhere<{ tv: string; bracket: string }>(
    `select coalesce(sum(smartboard_quantity), 0) as tv, coalesce(sum(bracket_quantity), 0) as bracket
     from public.inventory where warehouse_id = $1 and not deleted`,
    [warehouseId],
  );
  return { tv: Number(row!.tv), bracket: Number(row!.bracket) };
}

/** Every warehouse whose balance is not its ledger's sum (the invariant: none). */
async function offBalance(): Promise<unknown[]> {
  return cmd.rowsWhere(
    `select w.id, b.smartboard_quantity, b.bracket_quantity, l.tv, l.bracket
     from public.warehouses w
     left join public.stock_balances b on b.id = w.id
     left join (select warehouse_id, sum(smartboard_quantity) as tv, sum(bracket_quantity) as bracket
                from public.inventory where not deleted group by warehouse_id) l on l.warehouse_id = w.id
     where b.id is null
        or b.smartboard_quantity <> coalesce(l.tv, 0)
        or b.bracket_quantity <> coalesce(l.bracket, 0)`,
  );
}

/** The balance equals the ledger, and moved by `delta` from `before`. */
async function expectMoved(warehouseId: string, before: Stock, delta: Stock) {
  const after = await balance(warehouseId);
  expect(after).toEqual(await ledger(warehouseId));
  expect(after).toEqual({ tv: before.tv + delta.tv, bracket: before.bracket + delta.bracket });
}

const stock = async (warehouseId: string) => (await balance(warehouseId)) ?? { tv: 0, bracket: 0 };

/** Stock at a warehouse for the test to ship from (a stock check may refuse an empty one). */
async function fill(warehouseId: string, tv = 100, bracket = 100) {
  const admin = await cmd.as('admin');
  await admin.ok('add_inventory', {
    inventory_id: cmd.id(),
    warehouse_id: warehouseId,
    date_recorded: '2026-11-20',
    smartboard_quantity: tv,
    bracket_quantity: bracket,
    batch_number: `SB-${cmd.tag()}`,
  });
}

async function shippedToCikarang() {
  const karawang = await cmd.as('karawang');
  await fill(WAREHOUSE.karawang);
  const p = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
  await karawang.ok('create_shipment_darat', p);
  return p.shipment_id;
}

/** A hub of the test's own with one warehouse; the warehouse's id. */
async function warehouseOfItsOwn(): Promise<string | null> {
  const made = await cmd.makeHub(`Hub SB ${cmd.tag()}`, null, 'hub', {
    name: `Gudang SB ${cmd.tag()}`,
    location: null,
  });
  return made.warehouseId;
}

describe('stock balances after each command that moves stock', () => {
  it('every warehouse has a balance equal to its ledger (the backfill and the seed)', async () => {
    expect(await offBalance()).toEqual([]);
  });

  it('add_inventory: in at the warehouse, as admin and as the hub user', async () => {
    const karawang = await cmd.as('karawang');
    const { warehouseId } = await cmd.makeHub(`Hub SB ${cmd.tag()}`, 'Bekasi', 'hub', {
      name: `Gudang SB ${cmd.tag()}`,
      location: 'Bekasi',
    });
    // A new warehouse starts at 0 and 0.
    expect(await balance(warehouseId!)).toEqual({ tv: 0, bracket: 0 });
    await fill(warehouseId!, 30, 4);
    await expectMoved(warehouseId!, { tv: 0, bracket: 0 }, { tv: 30, bracket: 4 });

    const before = await stock(WAREHOUSE.karawang);
    await karawang.ok('add_inventory', {
      inventory_id: cmd.id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-21',
      smartboard_quantity: 5,
      bracket_quantity: 0,
    });
    await expectMoved(WAREHOUSE.karawang, before, { tv: 5, bracket: 0 });
  });

  it("create_shipment_darat: out at the origin hub's warehouse", async () => {
    const karawang = await cmd.as('karawang');
    await fill(WAREHOUSE.karawang);
    const before = await stock(WAREHOUSE.karawang);
    const destination = await stock(WAREHOUSE.cikarang);
    const p = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await karawang.ok('create_shipment_darat', p);
    await expectMoved(WAREHOUSE.karawang, before, { tv: -12, bracket: -7 });
    // Nothing arrives before the unloading.
    await expectMoved(WAREHOUSE.cikarang, destination, { tv: 0, bracket: 0 });
  });

  it("create_shipment_poljak and create_shipment_polsub: out at the port hub's warehouse", async () => {
    for (const form of ['poljak', 'polsub'] as const) {
      const user = await cmd.as(form);
      const warehouseId = WAREHOUSE[form];
      await fill(warehouseId);
      const before = await stock(warehouseId);
      const p = cmd.seaPayload(form, HUB[form], await cmd.makeVehicle(HUB[form], {}, true), HUB.makassar);
      await user.ok(`create_shipment_${form}`, p);
      await expectMoved(warehouseId, before, { tv: -20, bracket: -10 });
    }
  });

  it("complete_unloading: in at the destination hub's warehouse, one commit for both rows", async () => {
    const cikarang = await cmd.as('cikarang');
    const shipmentId = await shippedToCikarang();
    const at = { hub_id: HUB.cikarang, shipment_id: shipmentId };
    await cikarang.ok('confirm_arrival', at);
    await cikarang.ok('start_unloading', at);
    const before = await stock(WAREHOUSE.cikarang);
    await cikarang.ok('complete_unloading', unloadedAsSent(at));
    await expectMoved(WAREHOUSE.cikarang, before, { tv: 12, bracket: 7 });
  });

  it("pod_complete: in at the city's warehouse", async () => {
    const poljak = await cmd.as('poljak');
    const makassar = await cmd.as('makassar');
    await fill(WAREHOUSE.poljak);
    const p = cmd.seaPayload('poljak', HUB.poljak, await cmd.makeVehicle(HUB.poljak, {}, true), HUB.makassar);
    await poljak.ok('create_shipment_poljak', p);
    await makassar.ok('pod_confirm_arrival', { shipment_id: p.shipment_id });
    await makassar.ok('pod_start_unloading', { shipment_id: p.shipment_id });
    const before = await stock(WAREHOUSE.makassar);
    await makassar.ok('pod_complete', {
      shipment_id: p.shipment_id,
      smartboard_inventory_id: cmd.id(),
      bracket_inventory_id: cmd.id(),
      receipt: countedAsSent(20, 10),
    });
    await expectMoved(WAREHOUSE.makassar, before, { tv: 20, bracket: 10 });
  });

  it('a batch that moves several warehouses keeps each, and every other balance stays equal to its ledger', async () => {
    const admin = await cmd.as('admin');
    const before: Stock[] = [];
    for (const warehouseId of Object.values(WAREHOUSE)) before.push(await stock(warehouseId));
    const commands = Object.values(WAREHOUSE)
      .reverse()
      .flatMap((warehouseId, i) =>
        [1, 2].map((n) =>
          admin.command('add_inventory', {
            inventory_id: cmd.id(),
            warehouse_id: warehouseId,
            date_recorded: '2026-11-22',
            smartboard_quantity: i + n,
            bracket_quantity: n,
          }),
        ),
      );
    const outcomes = await admin.send(commands);
    expect(outcomes.map((o) => o.outcome)).toEqual(commands.map(() => 'applied'));
    const warehouses = Object.values(WAREHOUSE);
    for (const [k, warehouseId] of warehouses.entries()) {
      const i = warehouses.length - 1 - k;
      await expectMoved(warehouseId, before[k]!, { tv: 2 * i + 3, bracket: 3 });
    }
    expect(await offBalance()).toEqual([]);
  });
});

describe('nothing half-written, nothing counted twice', () => {
  it('a rejected command moves no balance, and the commands around it in its batch do', async () => {
    const karawang = await cmd.as('karawang');
    await fill(WAREHOUSE.karawang);
    const before = await stock(WAREHOUSE.karawang);
    const good = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    // A vehicle at another hub: refused (precondition) after its checks, before any write.
    const refused = cmd.daratPayload(HUB.karawang, await cmd.makeVehicle(HUB.cikarang), WAREHOUSE.cikarang);
    const outcomes = await karawang.send([
      karawang.command('create_shipment_darat', refused),
      karawang.command('create_shipment_darat', good),
    ]);
    expect(outcomes.map((o) => [o.outcome, o.code])).toEqual([
      ['rejected', 'precondition'],
      ['applied', null],
    ]);
    await expectMoved(WAREHOUSE.karawang, before, { tv: -12, bracket: -7 });
  });

  it('a command that fails after writing one of its ledger rows leaves the balance as it was', async () => {
    const cikarang = await cmd.as('cikarang');
    const sql = await cmd.db();
    const shipmentId = await shippedToCikarang();
    const at = { hub_id: HUB.cikarang, shipment_id: shipmentId };
    await cikarang.ok('confirm_arrival', at);
    await cikarang.ok('start_unloading', at);
    const [{ batch_number: batch }] = (
      await sql.query('select batch_number from public.shipments where id = $1', [shipmentId])
    ).rows as [{ batch_number: string }];
    // complete_unloading writes the TV row, then the bracket row: the bracket row of this
    // shipment fails (as a broken constraint would), after the TV row was written.
    const fn = `public.sb_fail_${cmd.tag()}`;
    await sql.query(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.batch_number = '${batch}' and new.bracket_quantity > 0 then
          raise exception 'test: the second ledger row fails';
        end if;
        return new;
      end $$`);
    await sql.query(
      `create trigger sb_fail after insert on public.inventory for each row execute function ${fn}()`,
    );
    const before = await stock(WAREHOUSE.cikarang);
    let outcome;
    try {
      outcome = await cikarang.run('complete_unloading', unloadedAsSent(at));
    } finally {
      await sql.query('drop trigger sb_fail on public.inventory');
      await sql.query(`drop function ${fn}()`);
    }
    expect(outcome).toMatchObject({ outcome: 'rejected', code: 'server_error' });
    await expectMoved(WAREHOUSE.cikarang, before, { tv: 0, bracket: 0 });
    // Retried once the fault is gone, it books both rows once.
    await cikarang.ok('complete_unloading', unloadedAsSent(at));
    await expectMoved(WAREHOUSE.cikarang, before, { tv: 12, bracket: 7 });
  });

  it('a replayed command (a lost answer, a second tab) is counted once', async () => {
    const karawang = await cmd.as('karawang');
    const before = await stock(WAREHOUSE.karawang);
    const command = karawang.command('add_inventory', {
      inventory_id: cmd.id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-23',
      smartboard_quantity: 9,
      bracket_quantity: 2,
    });
    await karawang.send([command]);
    const [again] = await karawang.send([command]);
    expect(again).toMatchObject({ outcome: 'applied' });
    await karawang.send([command, command]);
    await expectMoved(WAREHOUSE.karawang, before, { tv: 9, bracket: 2 });
  });

  it('an edit, a soft delete, a move and a hard delete of ledger rows keep the balance (owner writes)', async () => {
    const sql = await cmd.db();
    const [a, b] = [await warehouseOfItsOwn(), await warehouseOfItsOwn()];
    const rowId = cmd.id();
    await sql.query(
      `insert into public.inventory (id, warehouse_id, smartboard_quantity, bracket_quantity) values ($1, $2, 10, 3), ($3, $2, 4, 0)`,
      [rowId, a, cmd.id()],
    );
    expect(await balance(a!)).toEqual({ tv: 14, bracket: 3 });
    await sql.query('update public.inventory set smartboard_quantity = 6 where id = $1', [rowId]);
    expect(await balance(a!)).toEqual({ tv: 10, bracket: 3 });
    await sql.query('update public.inventory set warehouse_id = $2 where id = $1', [rowId, b]);
    expect([await balance(a!), await balance(b!)]).toEqual([
      { tv: 4, bracket: 0 },
      { tv: 6, bracket: 3 },
    ]);
    await sql.query('update public.inventory set deleted = true where id = $1', [rowId]);
    expect(await balance(b!)).toEqual({ tv: 0, bracket: 0 });
    await sql.query('update public.inventory set deleted = false where id = $1', [rowId]);
    expect(await balance(b!)).toEqual({ tv: 6, bracket: 3 });
    await sql.query('delete from public.inventory where warehouse_id = any($1::uuid[])', [[a, b]]);
    expect([await balance(a!), await balance(b!)]).toEqual([
      { tv: 0, bracket: 0 },
      { tv: 0, bracket: 0 },
    ]);
    // A rolled-back savepoint's rows are not counted; the rest of the transaction's are.
    await sql.query('begin');
    await sql.query(
      'insert into public.inventory (id, warehouse_id, smartboard_quantity) values ($1, $2, 5)',
      [cmd.id(), a],
    );
    await sql.query('savepoint s');
    await sql.query(
      'insert into public.inventory (id, warehouse_id, smartboard_quantity) values ($1, $2, 50)',
      [cmd.id(), a],
    );
    await sql.query('rollback to savepoint s');
    // Inside the transaction, stock_on_hand sees what it moved; the balance follows at commit.
    const { rows } = await sql.query('select * from public.stock_on_hand($1)', [a]);
    expect(rows[0]).toEqual({ smartboard_quantity: 5, bracket_quantity: 0 });
    expect(await balance(a!)).toEqual({ tv: 0, bracket: 0 });
    await sql.query('commit');
    expect(await balance(a!)).toEqual({ tv: 5, bracket: 0 });
    expect(await offBalance()).toEqual([]);
  });
});

describe('who reads a balance', () => {
  const readable = async (name: Parameters<typeof cmd.as>[0]) => {
    const { data, error } = await (
      await cmd.as(name)
    ).client
      .from('stock_balances')
      .select('id, warehouse_id');
    expect(error).toBeNull();
    return new Set((data ?? []).map((r) => r.warehouse_id as string));
  };

  it("staff read every balance; a hub user its own warehouses', a POD user its city's; anon none", async () => {
    const all = (await cmd.rowsWhere<{ id: string }>('select id from public.stock_balances')).map(
      (r) => r.id,
    );
    for (const name of ['admin', 'tower'] as const) expect(await readable(name)).toEqual(new Set(all));

    const mine = async (hubId: string) =>
      new Set(
        (
          await cmd.rowsWhere<{ id: string }>(
            `select w.id from public.warehouses w join public.hubs h on h.id = $1
             where w.hub_id = $1 or (h.type = 'pod' and lower(btrim(w.location)) = lower(btrim(h.city)))`,
            [hubId],
          )
        ).map((r) => r.id),
      );
    for (const name of ['karawang', 'cikarang', 'poljak', 'polsub', 'makassar'] as const) {
      const seen = await readable(name);
      expect(seen.has(WAREHOUSE[name]), name).toBe(true);
      expect(seen, name).toEqual(await mine(HUB[name]));
    }
    expect((await readable('karawang')).has(WAREHOUSE.cikarang)).toBe(false);

    const { data } = await anonClient().from('stock_balances').select('id');
    expect(data ?? []).toEqual([]);
  });

  it('nobody writes a balance through the API', async () => {
    const admin = await cmd.as('admin');
    const before = await stock(WAREHOUSE.karawang);
    const { error } = await admin.client
      .from('stock_balances')
      .update({ smartboard_quantity: 999999 })
      .eq('id', WAREHOUSE.karawang);
    expect(error).not.toBeNull();
    expect(await stock(WAREHOUSE.karawang)).toEqual(before);
    const { error: rpc } = await admin.client.rpc('stock_on_hand', { p_warehouse_id: WAREHOUSE.karawang });
    expect(rpc).not.toBeNull();
  });

  it('is pulled like every replicated table, with its change_xid', async () => {
    const karawang = await cmd.as('karawang');
    const { data, error } = await karawang.client.rpc('pull_changes', {
      p_table: 'stock_balances',
      p_limit: 5000,
    });
    expect(error).toBeNull();
    const rows = (data as { rows: Array<Record<string, unknown>> }).rows;
    const own = rows.find((r) => r.id === WAREHOUSE.karawang);
    expect(own).toMatchObject({ warehouse_id: WAREHOUSE.karawang, deleted: false });
    expect(own!.change_xid).toMatch(/^\d+$/);
    expect({ tv: own!.smartboard_quantity, bracket: own!.bracket_quantity }).toEqual(
      await ledger(WAREHOUSE.karawang),
    );
  });
});

// What two concurrent transactions do: a balance is locked only by a commit, never while a
// transaction runs.
describe('lock order', () => {
  it('a transaction that moved stock holds no balance lock until its commit: no wait, no deadlock', async () => {
    const [a, b] = [await warehouseOfItsOwn(), await warehouseOfItsOwn()];
    const one = await ownerSql();
    const two = await ownerSql();
    const book = (sql: typeof one, warehouseId: string | null, tv: number) =>
      sql.query('insert into public.inventory (id, warehouse_id, smartboard_quantity) values ($1, $2, $3)', [
        cmd.id(),
        warehouseId,
        tv,
      ]);
    try {
      // A statement that waits for a lock fails after a second instead of passing.
      for (const sql of [one, two]) await sql.query(`set lock_timeout = '1s'`);
      // One books at A and stays open; the other books at A and commits: it does not wait.
      await one.query('begin');
      await book(one, a, 5);
      await book(two, a, 7);
      expect(await balance(a!)).toEqual({ tv: 7, bracket: 0 });
      // Opposite orders across two open transactions (A then B, B then A): with a balance
      // updated at each row, the second pair of writes would deadlock.
      await two.query('begin');
      await book(two, b, 1);
      await book(one, b, 2);
      await book(two, a, 3);
      await Promise.all([one.query('commit'), two.query('commit')]);
      expect([await balance(a!), await balance(b!)]).toEqual([
        { tv: 15, bracket: 0 },
        { tv: 3, bracket: 0 },
      ]);
      expect(await offBalance()).toEqual([]);
    } finally {
      await one.end();
      await two.end();
    }
  });
});
