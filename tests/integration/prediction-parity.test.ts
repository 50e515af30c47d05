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
import { definitionOf } from '../../sync/commands/catalogue';
import { seaBatchNumber } from '../../sync/commands/shipping';
import { CommandRefused } from '../../sync/errors';
import type { Actor, Change, CommandEnvelope } from '../../sync/commands/types';
import { MemoryState } from '../support/memory-state';
import { comparable } from './parity-support';
import { withBalances } from '../../sync/replication/balances';
import { TABLES, type TableName, type Tables } from '../../sync/model/rows';
import type { z } from 'zod';
import { as, closeDb, db, id, remember, tag, type Envelope, type Outcome } from './commands-support';
import { HUB, SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR } from '../support/demo';
import { countedAsSent } from '../support/receipt';

afterAll(closeDb);

/** A shipment's counts: at least one item (issue 41: an empty one is refused by its schema). */
const loaded = (smartboards: number, brackets: number) => ({
  smartboard_quantity: smartboards,
  bracket_quantity: smartboards + brackets === 0 ? 1 : brackets,
});

// The balances too (issue 26): the device moves them with the ledger rows it predicts
// (sync/replication/balances.ts), the server with the rows it writes; both must agree.
const MASTER: readonly TableName[] = ['hubs', 'warehouses', 'stock_balances', 'vendors', 'vehicle_types', 'shipment_statuses'];
/** What predictions write. Statuses are left out: a new otw_{city} status is the server's to add. */
const COMPARED = TABLES.filter((t) => t !== 'profiles' && t !== 'shipment_statuses');
const KINDS = [
  'add_vehicle',
  'add_sea_fleet',
  'queue',
  'start_loading',
  'remove_from_queue',
  'finish_loading',
  'ship_darat',
  'ship_sea',
  'confirm',
  'start_unloading',
  'complete_unloading',
  'pod_confirm',
  'pod_start',
  'pod_complete',
  'add_inventory',
  'set_capacity',
  'edit_vendor',
  'edit_vehicle',
  'confirm_any',
  'start_loading_any',
  // Takes one vehicle or shipment of the run a step further along its natural
  // course (weighted up, so runs reach the end of the flows).
  'advance',
] as const;
type Kind = (typeof KINDS)[number];

interface Step {
  kind: Kind;
  pick: number;
  n1: number;
  n2: number;
  flag: boolean;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant<Kind>('advance'), weight: 3 * KINDS.length },
    { arbitrary: fc.constantFrom(...KINDS), weight: KINDS.length },
  ),
  pick: fc.nat({ max: 1000 }),
  n1: fc.nat({ max: 60 }),
  n2: fc.nat({ max: 60 }),
  flag: fc.boolean(),
});

async function serverRows(table: TableName, where: string, params: unknown[]): Promise<Tables[TableName][]> {
  const { rows } = await (
    await db()
  ).query<{ row: Tables[TableName] }>(
    `select to_jsonb(t) || jsonb_build_object('change_xid', t.change_xid::text) as row
     from public.${table} t where ${where} order by t.created_at, t.id`,
    params,
  );
  return rows.map((r) => r.row);
}

/** The run's world as the model sees it: the local (predicted) state. */
class Run {
  readonly state: MemoryState;
  readonly batch: { command: CommandEnvelope; refused: string | null }[] = [];
  readonly touched = new Map<string, Change>();
  readonly vehicleIds: string[] = [];
  readonly shipmentIds: string[] = [];
  readonly vendorIds: string[] = [];
  readonly tag = tag();

  constructor(
    readonly actor: Actor,
    master: Partial<{ [T in TableName]: Tables[T][] }>,
  ) {
    this.state = new MemoryState(master);
  }

  async vehicles() {
    return (await Promise.all(this.vehicleIds.map((v) => this.state.get('vehicles', v)))).filter(
      (v): v is Tables['vehicles'] => !!v && !v.deleted,
    );
  }

  async shipments() {
    return (await Promise.all(this.shipmentIds.map((s) => this.state.get('shipments', s)))).filter(
      (s): s is Tables['shipments'] => !!s,
    );
  }

  /** Predicts strictly, as dispatch does; a refused command stays in the batch to be refused by the server too. */
  async issue(type: string, payload: Record<string, unknown>): Promise<void> {
    const definition = definitionOf(type);
    const parsed = (definition.schema as z.ZodType).parse(payload);
    const command: CommandEnvelope = {
      id: id(),
      type,
      payload,
      issued_at: new Date().toISOString(),
      actor: this.actor.userId,
    };
    const ctx = { command, actor: this.actor, read: this.state };
    try {
      // As dispatch predicts: the command's rows, and the balances its ledger rows move.
      const predict = async (strict: boolean) =>
        withBalances(await definition.predict(parsed, ctx, strict), this.state, command.issued_at);
      const changes = await predict(true);
      // Replaying over the same state without the strict checks predicts the same.
      expect(await predict(false)).toEqual(changes);
      this.state.apply(changes);
      for (const change of changes) this.touched.set(`${change.table}:${change.row.id}`, change);
      this.batch.push({ command, refused: null });
    } catch (error) {
      if (!(error instanceof CommandRefused)) throw error;
      // Replayed without the strict checks (a rebase), it must change nothing either.
      const replayed = await definition.predict(parsed, ctx, false).catch((e: unknown) => {
        if (e instanceof CommandRefused) return [];
        throw e;
      });
      expect(replayed, `${type} refused (${error.message}) but predicted on replay`).toEqual([]);
      this.batch.push({ command, refused: `${error.code}: ${error.message}` });
    }
  }
}

const pickFrom = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

async function step(run: Run, s: Step): Promise<void> {
  const warehouses = (await run.state.all('warehouses')).filter(
    (w) => !w.deleted && w.hub_id && w.id.startsWith('22222222'),
  );
  const vehicles = await run.vehicles();
  const shipments = await run.shipments();
  const carrying = new Set(shipments.filter((x) => !x.selesai_bongkar).map((x) => x.vehicle_id));
  const fourHubs = [HUB.karawang, HUB.cikarang, HUB.poljak, HUB.polsub];

  switch (s.kind) {
    case 'add_vehicle': {
      const vehicleId = id();
      run.vehicleIds.push(vehicleId);
      return run.issue('add_vehicle', {
        vehicle_id: vehicleId,
        vendor_id: pickFrom([TRUCK_VENDOR.id, ...run.vendorIds], s.pick),
        mode: 'darat',
        license_plate: `P ${run.tag} ${run.vehicleIds.length}`,
        vehicle_type_id: TRUCK_TYPE,
        driver_name: s.flag ? ` Sopir ${s.n1} ` : '',
        current_hub_id: pickFrom(fourHubs, s.n1),
      });
    }
    case 'add_sea_fleet': {
      const vehicleId = id();
      run.vehicleIds.push(vehicleId);
      return run.issue('add_sea_fleet', {
        vehicle_id: vehicleId,
        vendor_id: SEA_VENDOR.id,
        nama_kapal: `KM ${run.tag}`,
        nama_pelayaran: 'Pelayaran Uji',
        container_number: `SEA ${run.tag} ${run.vehicleIds.length}`,
        current_hub_id: s.flag ? HUB.poljak : HUB.polsub,
      });
    }
    case 'queue': {
      const free = vehicles.filter((v) => v.ready && v.is_active);
      const v = pickFrom(free, s.pick);
      if (!v) return;
      const hub = v.nama_kapal
        ? pickFrom([HUB.poljak, HUB.polsub], s.n1)!
        : pickFrom([HUB.karawang, HUB.cikarang], s.n1)!;
      return run.issue('queue_vehicles', { hub_id: hub, vehicle_ids: [v.id] });
    }
    case 'start_loading':
    case 'remove_from_queue':
    case 'finish_loading': {
      const wanted = vehicles.filter((v) =>
        s.kind === 'start_loading'
          ? v.siap_muat
          : s.kind === 'finish_loading'
            ? v.sedang_muat
            : v.siap_muat || v.sedang_muat,
      );
      const v = pickFrom(wanted, s.pick);
      if (!v) return;
      const type = s.kind === 'start_loading' ? 'start_loading' : s.kind;
      return run.issue(type, { hub_id: v.current_hub_id, vehicle_id: v.id });
    }
    case 'ship_darat': {
      const ready = vehicles.filter(
        (v) =>
          !v.nama_kapal &&
          v.ready &&
          v.current_hub_id &&
          fourHubs.includes(v.current_hub_id as never) &&
          !carrying.has(v.id),
      );
      const v = pickFrom(ready, s.pick);
      if (!v) return;
      const destination = pickFrom(
        warehouses.filter((w) => w.hub_id !== v.current_hub_id),
        s.n1 + s.n2,
      )!;
      const shipmentId = id();
      run.shipmentIds.push(shipmentId);
      remember(shipmentId);
      return run.issue('create_shipment_darat', {
        hub_id: v.current_hub_id,
        shipment_id: shipmentId,
        vehicle_id: v.id,
        destination_warehouse_id: destination.id,
        batch_number: ` TEST-${run.tag}-${run.shipmentIds.length} `,
        ...loaded(s.n1 % 3 === 0 ? 0 : s.n1, s.n2 % 4 === 0 ? 0 : s.n2),
        inventory_id: id(),
        image_count: s.pick % 3,
      });
    }
    case 'ship_sea': {
      const ready = vehicles.filter(
        (v) =>
          v.nama_kapal &&
          v.ready &&
          (v.current_hub_id === HUB.poljak || v.current_hub_id === HUB.polsub) &&
          !carrying.has(v.id),
      );
      const v = pickFrom(ready, s.pick);
      if (!v) return;
      const form = v.current_hub_id === HUB.poljak ? 'poljak' : 'polsub';
      const shipmentId = id();
      run.shipmentIds.push(shipmentId);
      remember(shipmentId);
      const issuedAt = new Date().toISOString();
      return run.issue(`create_shipment_${form}`, {
        hub_id: v.current_hub_id,
        shipment_id: shipmentId,
        container_id: id(),
        inventory_id: id(),
        vehicle_id: v.id,
        pelayaran: s.flag ? 'Meratus' : 'Tanto',
        nama_kapal: `KM ${run.tag} ${s.n1}`,
        no_container: `MRTU ${run.tag} ${run.shipmentIds.length}`,
        etd: '2026-11-22',
        eta: '2026-12-01',
        destination_hub_id: s.n2 % 3 === 0 ? (form === 'poljak' ? HUB.polsub : HUB.poljak) : HUB.makassar,
        ...loaded(s.n1, s.n2),
        image_count: 1 + (s.pick % 2),
        batch_number: seaBatchNumber(form, issuedAt),
      });
    }
    case 'confirm':
    case 'start_unloading':
    case 'complete_unloading': {
      const status = {
        confirm: 'otw_',
        start_unloading: 'confirm_tiba',
        complete_unloading: 'sedang_bongkar',
      }[s.kind];
      const at = shipments.filter(
        (x) => x.status.startsWith(status) && x.destination_hub_id !== HUB.makassar,
      );
      const x = pickFrom(at, s.pick);
      if (!x) return;
      const base = { hub_id: x.destination_hub_id, shipment_id: x.id };
      if (s.kind === 'confirm') return run.issue('confirm_arrival', base);
      if (s.kind === 'start_unloading') return run.issue('start_unloading', base);
      return run.issue('complete_unloading', {
        ...base,
        notes: s.flag ? ` catatan ${s.n1} ` : '',
        smartboard_inventory_id: id(),
        bracket_inventory_id: id(),
        receipt: countedAsSent(x.smartboard_quantity, x.bracket_quantity),
      });
    }
    case 'pod_confirm':
    case 'pod_start':
    case 'pod_complete': {
      const status = { pod_confirm: 'otw_', pod_start: 'confirm_tiba', pod_complete: 'sedang_bongkar' }[
        s.kind
      ];
      const x = pickFrom(
        shipments.filter((y) => y.status.startsWith(status) && y.destination_hub_id === HUB.makassar),
        s.pick,
      );
      if (!x) return;
      if (s.kind === 'pod_confirm') return run.issue('pod_confirm_arrival', { shipment_id: x.id });
      if (s.kind === 'pod_start') return run.issue('pod_start_unloading', { shipment_id: x.id });
      return run.issue('pod_complete', {
        shipment_id: x.id,
        smartboard_inventory_id: id(),
        bracket_inventory_id: id(),
        receipt: countedAsSent(x.smartboard_quantity, x.bracket_quantity),
      });
    }
    case 'add_inventory':
      return run.issue('add_inventory', {
        inventory_id: id(),
        warehouse_id: pickFrom(warehouses, s.pick)!.id,
        date_recorded: `2026-11-${String(1 + (s.n1 % 28)).padStart(2, '0')}`,
        smartboard_quantity: s.n1,
        bracket_quantity: s.n2,
        batch_number: s.flag ? `MAN-${run.tag}` : ' ',
      });
    case 'set_capacity':
      return run.issue('set_warehouse_capacity', {
        warehouse_id: pickFrom(warehouses, s.pick)!.id,
        capacity: s.flag ? null : s.n1 * 100,
      });
    case 'edit_vendor': {
      if (run.vendorIds.length === 0 || s.flag) {
        const vendorId = id();
        run.vendorIds.push(vendorId);
        return run.issue('add_vendor', {
          vendor_id: vendorId,
          name: `PT Paritas ${run.tag} ${run.vendorIds.length}`,
          phone: '',
        });
      }
      const vendorId = pickFrom(run.vendorIds, s.pick)!;
      const changes =
        s.n1 % 3 === 0
          ? { phone: `08${s.n2}` }
          : s.n1 % 3 === 1
            ? { contact_person: s.n2 % 2 ? `Kontak ${s.n2}` : ' ' }
            : { name: `PT Paritas ${run.tag} ${vendorId.slice(0, 4)} ${s.n2}` };
      return run.issue('edit_vendor', { vendor_id: vendorId, changes });
    }
    case 'edit_vehicle': {
      const v = pickFrom(
        vehicles.filter((x) => !carrying.has(x.id)),
        s.pick,
      );
      if (!v) return;
      const changes = s.flag
        ? { is_active: !v.is_active }
        : { driver_name: `Sopir ${s.n1}`, driver_phone: s.n2 % 2 ? '' : '0812' };
      return run.issue('edit_vehicle', { vehicle_id: v.id, changes });
    }
    case 'confirm_any': {
      // Any shipment of the run, whatever its state: refused when it no longer fits.
      const x = pickFrom(shipments, s.pick);
      if (!x) return;
      return run.issue('confirm_arrival', { hub_id: x.destination_hub_id, shipment_id: x.id });
    }
    case 'advance': {
      // Half the time a shipment on its way, so runs reach arrivals and unloading.
      const open = shipments.filter((x) => !x.selesai_bongkar).map((shipment) => ({ shipment }));
      const items: ({ vehicle: Tables['vehicles'] } | { shipment: Tables['shipments'] })[] =
        s.flag && open.length
          ? open
          : [...vehicles.map((vehicle) => ({ vehicle })), ...shipments.map((shipment) => ({ shipment }))];
      const item = pickFrom(items, s.pick);
      if (!item) return;
      if ('shipment' in item) {
        const x = item.shipment;
        const pod = x.destination_hub_id === HUB.makassar;
        const kind: Kind | undefined = x.status.startsWith('otw_')
          ? pod
            ? 'pod_confirm'
            : 'confirm'
          : x.status === 'confirm_tiba'
            ? pod
              ? 'pod_start'
              : 'start_unloading'
            : x.status === 'sedang_bongkar'
              ? pod
                ? 'pod_complete'
                : 'complete_unloading'
              : undefined;
        const same = shipments.filter(
          (y) => y.status === x.status && (y.destination_hub_id === HUB.makassar) === pod,
        );
        if (kind) return step(run, { ...s, kind, pick: same.indexOf(x) });
        return;
      }
      const v = item.vehicle;
      if (v.siap_muat)
        return step(run, {
          ...s,
          kind: 'start_loading',
          pick: vehicles.filter((y) => y.siap_muat).indexOf(v),
        });
      if (v.sedang_muat) {
        return step(run, {
          ...s,
          kind: 'finish_loading',
          pick: vehicles.filter((y) => y.sedang_muat).indexOf(v),
        });
      }
      if (v.ready && v.is_active && !carrying.has(v.id)) {
        const loadedHere = v.loading_finished_at !== null;
        if (!loadedHere)
          return step(run, {
            ...s,
            kind: 'queue',
            pick: vehicles.filter((y) => y.ready && y.is_active).indexOf(v),
          });
        if (v.nama_kapal) {
          const ready = vehicles.filter(
            (y) =>
              y.nama_kapal &&
              y.ready &&
              (y.current_hub_id === HUB.poljak || y.current_hub_id === HUB.polsub) &&
              !carrying.has(y.id),
          );
          if (ready.includes(v)) return step(run, { ...s, kind: 'ship_sea', pick: ready.indexOf(v) });
        } else {
          const ready = vehicles.filter(
            (y) =>
              !y.nama_kapal &&
              y.ready &&
              y.current_hub_id &&
              fourHubs.includes(y.current_hub_id as never) &&
              !carrying.has(y.id),
          );
          if (ready.includes(v)) return step(run, { ...s, kind: 'ship_darat', pick: ready.indexOf(v) });
        }
        return step(run, {
          ...s,
          kind: 'queue',
          pick: vehicles.filter((y) => y.ready && y.is_active).indexOf(v),
        });
      }
      return;
    }
    case 'start_loading_any': {
      const v = pickFrom(vehicles, s.pick);
      if (!v || !v.current_hub_id) return;
      return run.issue('start_loading', { hub_id: v.current_hub_id, vehicle_id: v.id });
    }
  }
}

const advance = (pick: number, flag: boolean, n2 = 0): Step => ({ kind: 'advance', pick, n1: 0, n2, flag });
/**
 * A fixed first example, so every run of the test covers each flow end to end
 * whatever the random seed: the truck is queued, loaded and shipped to
 * Cikarang, arrives and is unloaded; the sea unit is queued, loaded and
 * shipped from PolJak to POD Makassar, arrives and is unloaded; then edits,
 * stock, and a confirmation that no longer fits (refused by both).
 */
const EVERY_FLOW: Step[] = [
  ...[0, 1, 2, 3].map(() => advance(0, false)),
  ...[0, 1, 2].map(() => advance(0, true)),
  ...[0, 1, 2, 3].map(() => advance(1, false, 1)),
  ...[0, 1, 2].map(() => advance(0, true)),
  { kind: 'edit_vendor', pick: 0, n1: 1, n2: 1, flag: false },
  { kind: 'edit_vendor', pick: 0, n1: 0, n2: 5, flag: false },
  { kind: 'edit_vehicle', pick: 0, n1: 3, n2: 1, flag: false },
  { kind: 'add_inventory', pick: 2, n1: 4, n2: 0, flag: true },
  { kind: 'confirm_any', pick: 0, n1: 0, n2: 0, flag: false },
];

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
        expect([...written.keys()].sort()).toEqual([...run.touched.keys()].filter((k) => !unchanged.includes(k)).sort());
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
