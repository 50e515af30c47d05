// Issues 43 and 44: a round's pull in one request. public.pull_round answers which tables changed
// past the device's checkpoints and each one's batch, as changed_tables and pull_changes answer
// them in the same snapshot (checked in SQL as a hub user, the tower and admin, row-level
// security included); a device's round asks it once where it asked a probe and then a pull a
// table, goes on with pull_changes for a table whose batch was full, and against an older
// server (no pull_round: PostgREST's 404) falls back to the probe and the pulls, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../sync/model/rows';
import { DEMO_USERS, HUB, type DemoUser } from '../support/demo';
import { openDevice, settle, type Device } from '../support/sync-device';
import { as, asUser, closeDb, db, id, makeVehicle, remember, tag } from './commands-support';

afterAll(closeDb);

/** A shipment from `from` to `to` with a container (this file's own). */
async function makeShipment(from: keyof typeof HUB, to: keyof typeof HUB) {
  const sql = await db();
  const shipment = id();
  remember(shipment);
  await sql.query(
    `insert into public.shipments (id, batch_number, vehicle_id, origin_hub_id, destination_hub_id, current_hub_id,
       smartboard_quantity, bracket_quantity, status, loading_date)
     values ($1, $2, $3, $4, $5, $4, 4, 2, 'otw_cikarang', now())`,
    [shipment, `PR-${tag()}`, await makeVehicle(HUB[from]), HUB[from], HUB[to]],
  );
  const container = id();
  await sql.query(`insert into public.containers (id, container_number, shipment_id) values ($1, $2, $3)`, [
    container,
    `PRCU ${tag()}`,
    shipment,
  ]);
  return { shipment, container };
}

const USERS: DemoUser[] = ['karawang', 'tower', 'admin'];
/** Every table caught up to the moment before this file's rows. */
let before: Record<string, { xid: string; id: string }>;
let karawang: Awaited<ReturnType<typeof makeShipment>>;
let elsewhere: Awaited<ReturnType<typeof makeShipment>>;
const vendorName = `Vendor round ${tag()}`;

beforeAll(async () => {
  const { rows } = await (
    await db()
  ).query<{ x: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as x');
  const caughtUp = { xid: (BigInt(rows[0]!.x) - 1n).toString(), id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
  before = Object.fromEntries(TABLES.map((t) => [t, caughtUp]));
  karawang = await makeShipment('karawang', 'cikarang');
  elsewhere = await makeShipment('poljak', 'polsub');
  await (await as('admin')).ok('add_vendor', { vendor_id: id(), name: vendorName });
});

describe('pull_round in SQL', () => {
  it.each(USERS)(
    'answers, as %s, what changed_tables and each named table’s pull_changes answer in the same snapshot',
    async (user) => {
      await asUser(user, async (q) => {
        const [{ a }] = await q('select public.pull_round($1, 5000) as a', [before]);
        const [{ c }] = await q('select public.changed_tables($1) as c', [before]);
        expect(a.changed).toEqual(c.tables);
        expect(a.horizon).toBe(c.horizon);
        expect(Object.keys(a.tables).sort()).toEqual([...c.tables].sort());
        expect(a.changed).toEqual(expect.arrayContaining(['shipments', 'containers', 'vendors']));
        for (const table of a.changed as string[]) {
          const cp = before[table]!;
          const [{ p }] = await q('select public.pull_changes($1, $2, $3, 5000) as p', [
            table,
            cp.xid,
            cp.id,
          ]);
          expect(a.tables[table].rows, table).toEqual(p.rows);
          expect(a.tables[table].checkpoint, table).toEqual(p.checkpoint);
          expect(a.tables[table].limit, table).toBe(5000);
          expect(a.horizon).toBe(p.horizon);
          expect(a.cutoff).toBe(p.cutoff);
        }
        const ids = (table: string) => (a.tables[table].rows as Array<{ id: string }>).map((r) => r.id);
        // Row-level security: the Karawang user gets its own shipment, not another hub's.
        expect(ids('shipments')).toContain(karawang.shipment);
        expect(ids('containers')).toContain(karawang.container);
        expect(ids('shipments').includes(elsewhere.shipment)).toBe(user !== 'karawang');
        expect(ids('containers').includes(elsewhere.container)).toBe(user !== 'karawang');
        expect((a.tables.vendors.rows as Array<{ name: string }>).map((r) => r.name)).toContain(vendorName);
      });
    },
  );

  it('keeps to its limit and its row budget (a table past it is named without a batch), and refuses malformed checkpoints', async () => {
    await asUser('admin', async (q) => {
      // No checkpoint at all: every table with a row has changes.
      const [{ a }] = await q(`select public.pull_round('{}'::jsonb, 1, 2) as a`);
      expect(a.changed.length).toBeGreaterThan(2);
      const batched = Object.keys(a.tables);
      expect(batched).toEqual(a.changed.slice(0, 2));
      for (const table of batched) {
        expect(a.tables[table].rows, table).toHaveLength(1);
        expect(a.tables[table].limit, table).toBe(1);
        // Full: the device goes on after its last row, so no checkpoint past the rest.
        expect(a.tables[table].checkpoint, table).toBeNull();
      }
      await expect(q(`select public.pull_round('"x"'::jsonb)`)).rejects.toThrow(
        /checkpoints must be an object/,
      );
    });
  });
});

describe('a round on a device', () => {
  let device: Device;
  afterAll(async () => device?.dispose());

  const pulls = (requests: string[]) =>
    requests
      .map((r) => /\/rpc\/(\w+)/.exec(r)?.[1])
      .filter((rpc): rpc is string => !!rpc && /^(pull_round|changed_tables|pull_changes)$/.test(rpc));
  /** The pull family's requests of one round, by function: those the server answered, and those the proxy refused. */
  async function round(): Promise<{ answered: string[]; refused: string[] }> {
    const from = device.proxy.forwarded.length;
    const refusedFrom = device.proxy.refused.length;
    await device.engine.syncNow();
    return {
      answered: pulls(device.proxy.forwarded.slice(from)),
      refused: pulls(device.proxy.refused.slice(refusedFrom)),
    };
  }
  async function addVendors(n: number): Promise<string[]> {
    const admin = await as('admin');
    const ids = Array.from({ length: n }, () => id());
    for (const vendorId of ids)
      await admin.ok('add_vendor', { vendor_id: vendorId, name: `Vendor ${tag()}` });
    return ids;
  }
  const held = async (ids: string[]) => (await device.engine.db.vendors.findByIds(ids).exec()).size;

  it('asks one request, goes on with pull_changes after a full batch, and falls back once on an older server', async () => {
    device = await openDevice(DEMO_USERS.karawang, { pullIntervalMs: 3_600_000, pullBatch: 2 });
    await settle(device.engine);
    expect(await round()).toEqual({ answered: ['pull_round'], refused: [] });

    // Three new vendors, batches of two: pull_round brings two, one pull_changes the third.
    const three = await addVendors(3);
    expect(await round()).toEqual({ answered: ['pull_round', 'pull_changes'], refused: [] });
    expect(await held(three)).toBe(3);

    // A server without pull_round: the probe and a pull a table, and pull_round is not asked again.
    device.proxy.failMatching(/\/rpc\/pull_round/, 404, {
      code: 'PGRST202',
      message: 'Could not find the function public.pull_round(p_checkpoints, p_limit) in the schema cache',
      details: null,
      hint: null,
    });
    const one = await addVendors(1);
    expect(await round()).toEqual({ answered: ['changed_tables', 'pull_changes'], refused: ['pull_round'] });
    expect(await held(one)).toBe(1);
    const another = await addVendors(1);
    expect(await round()).toEqual({ answered: ['changed_tables', 'pull_changes'], refused: [] });
    expect(await held(another)).toBe(1);
  });
});
