// Prediction parity (issue 4): the device's predict and the server's cmd_<type>
// must leave the same rows behind.
//
// Each run generates a sequence of commands from a small model of the hub
// floor (vehicles added, queued, loaded, shipped by land and by sea, confirmed,
// unloaded at a hub or a POD, stock booked, vendors added and edited, vehicles
// edited, and some commands that no longer fit the state), over rows made for
// that run. The commands are predicted one after another on a MemoryState that
// starts from the server's current master data, strictly as dispatch does: a
// command the device refuses is kept in the batch and must be rejected by the
// server too, and changes nothing locally, also when replayed without the
// strict checks (strict=false, as a rebase does); a command it predicts must
// predict the same either way. The whole batch then goes to
// apply_commands. Afterwards every row the server wrote during the run (by
// change_xid) must be a row the device predicted, field by field, ignoring the
// server-stamped fields (created_at, updated_at, change_xid) and image URLs.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../sync/commands/types';
import { TABLES, type TableName, type Tables } from '../../sync/model/rows';
import { as, closeDb, db, type Envelope, type Outcome } from './commands-support';
import { Run } from './parity-run';
import { EVERY_FLOW, step, stepArb } from './parity-steps';
import { comparable, serverRows } from './parity-support';

afterAll(closeDb);

// The balances too (issue 26): the device moves them with the ledger rows it predicts
// (sync/replication/balances.ts), the server with the rows it writes; both must agree.
const MASTER: readonly TableName[] = [
  'hubs',
  'warehouses',
  'stock_balances',
  'vendors',
  'vehicle_types',
  'shipment_statuses',
];
/** What predictions write. Statuses are left out: a new otw_{city} status is the server's to add. */
const COMPARED = TABLES.filter((t) => t !== 'profiles' && t !== 'shipment_statuses');

describe('prediction parity', () => {
  it('predict and apply_commands leave the same rows behind', async () => {
    const admin = await as('admin');
    const actor: Actor = { userId: admin.id, role: 'admin', hubId: null };
    let runs = 0;
    let applied = 0;
    let refused = 0;
    const appliedTypes = new Map<string, number>();

    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 50 }), async (steps) => {
        runs++;
        const sql = await db();
        const master: Partial<{ [T in TableName]: Tables[T][] }> = {};
        for (const table of MASTER)
          (master as Record<string, unknown>)[table] = await serverRows(table, 'true', []);
        const { xid } = (await sql.query<{ xid: string }>('select pg_current_xact_id()::text as xid'))
          .rows[0]!;

        const run = new Run(actor, master);
        // Every run starts with a truck, a sea unit and a vendor of its own.
        await step(run, { kind: 'add_vehicle', pick: 0, n1: 0, n2: 0, flag: true });
        await step(run, { kind: 'add_sea_fleet', pick: 0, n1: 0, n2: 0, flag: true });
        await step(run, { kind: 'edit_vendor', pick: 0, n1: 0, n2: 0, flag: true });
        for (const s of steps) await step(run, s);

        const outcomes: Outcome[] = await admin.send(run.batch.map((b) => b.command as Envelope));
        run.batch.forEach((b, i) => {
          const outcome = outcomes[i]!;
          const what = `${b.command.type} ${JSON.stringify(b.command.payload)}`;
          if (b.refused) {
            expect(
              outcome.outcome,
              `${what}: the device refused it (${b.refused}); the server must too`,
            ).toBe('rejected');
            refused++;
          } else {
            expect(outcome, `${what}: predicted, so the server must apply it`).toMatchObject({
              outcome: 'applied',
            });
            applied++;
            appliedTypes.set(b.command.type, (appliedTypes.get(b.command.type) ?? 0) + 1);
          }
        });

        // Every row the server wrote in this run, and nothing else, was predicted, field by field.
        const written = new Map<string, Record<string, unknown>>();
        for (const table of COMPARED) {
          for (const row of await serverRows(table, 't.change_xid > $1::xid8', [xid])) {
            written.set(`${table}:${row.id}`, row as unknown as Record<string, unknown>);
          }
        }
        // A row the device touched and the server did not write must have come back to what the
        // server holds: moves that cancel out within one batch (+1 bracket into a warehouse, then
        // the same bracket shipped out) leave the server's balance row unwritten.
        const unchanged: string[] = [];
        for (const key of run.touched.keys()) {
          if (written.has(key)) continue;
          const [table, rowId] = key.split(':') as [TableName, string];
          const [server] = await serverRows(table, 't.id = $1', [rowId]);
          const local = await run.state.get(table, rowId);
          const same =
            server &&
            local &&
            isDeepStrictEqual(
              comparable(local as unknown as Record<string, unknown>),
              comparable(server as unknown as Record<string, unknown>),
            );
          if (same) unchanged.push(key);
        }
        expect([...written.keys()].sort()).toEqual(
          [...run.touched.keys()].filter((k) => !unchanged.includes(k)).sort(),
        );
        for (const [key, server] of written) {
          const [table, rowId] = key.split(':') as [TableName, string];
          const local = await run.state.get(table, rowId);
          expect(comparable(local as unknown as Record<string, unknown>), key).toEqual(comparable(server));
        }
      }),
      { numRuns: 20, endOnFailure: true, examples: [[EVERY_FLOW]] },
    );
    console.log(
      `[parity] ${runs} runs, ${applied} commands predicted and applied, ${refused} refused by both:`,
      Object.fromEntries([...appliedTypes].sort()),
    );
    expect(runs).toBeGreaterThanOrEqual(20);
    // The model must exercise both sides: predicted commands and refused ones.
    expect(applied).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(0);
    // And reach the ends of the flows: by land to a hub, by sea to the POD, and edits.
    for (const type of [
      'create_shipment_darat',
      'complete_unloading',
      'pod_complete',
      'add_inventory',
      'edit_vendor',
      'edit_vehicle',
    ]) {
      expect(appliedTypes.get(type) ?? 0, `${type} applied in some run`).toBeGreaterThan(0);
    }
    expect(
      (appliedTypes.get('create_shipment_poljak') ?? 0) + (appliedTypes.get('create_shipment_polsub') ?? 0),
    ).toBeGreaterThan(0);
  });
});
