// Issue 44 and 43: which topics a commit's rows name (supabase/schemas/functions/realtime_pokes.sql,
// each kind of table worked out once a statement), held for a batch of commands and poked once
// at its end, and what working them out costs: by index, jsonb made once a row, lines in chunks.
// Who may join a topic and the device's side are realtime-pokes.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../support/clients';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, daratPayload, id, makeHub, makeVehicle } from './commands-support';
import { addStock, hub, join, leaveChannels, user } from './pokes-support';

afterAll(closeDb);
afterAll(leaveChannels);

describe("the topics a commit's rows name, and what working them out costs", () => {
  it('a profile whose user is gone (a deleted user: its user_id set to null) names no topic of its own', async () => {
    // Found by CI: deleting a user failed on a null topic (realtime_pokes.topic is not null).
    const sql = await ownerSql();
    try {
      const kept = id();
      const { rows } = await sql.query<{ topics: string[] }>(
        `select public.poke_topics_of('profiles', $1::jsonb) as topics`,
        [JSON.stringify([{ user_id: null }, { user_id: kept }])],
      );
      expect([...rows[0]!.topics].sort()).toEqual(['dermaga:desk', `dermaga:user:${kept}`]);
    } finally {
      await sql.end();
    }
  });

  it('names the topics of each kind of table, as worked out by hand (issue 43: one query a kind)', async () => {
    // A shipment of this test's own, Karawang to Cikarang, on a truck of its own.
    const vehicleId = await makeVehicle(HUB.karawang);
    const p = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    await (await as('karawang')).ok('create_shipment_darat', p);
    // A POD in a city of its own, and a warehouse of another hub in that city.
    const city = `Kota ${id().slice(0, 8)}`;
    const pod = await makeHub(`POD ${city}`, city, 'pod');
    const depot = await makeHub(`Gudang ${city}`, null, 'hub', {
      name: `Gudang ${city}`,
      location: ` ${city.toUpperCase()} `,
    });
    const sql = await ownerSql();
    const topicsOf = async (table: string, rows: unknown[]) => {
      const { rows: got } = await sql.query<{ topics: string[] }>(
        `select public.poke_topics_of($1, $2::jsonb) as topics`,
        [table, JSON.stringify(rows)],
      );
      return [...got[0]!.topics].sort();
    };
    const sorted = (...topics: string[]) => [...new Set(topics)].sort();
    const at = (hubId: string) => `dermaga:hub:${hubId}`;
    try {
      const desk = 'dermaga:desk';
      // A shipment: its own three hubs (the one in a row, whatever the database holds).
      expect(
        await topicsOf('shipments', [
          { origin_hub_id: HUB.karawang, destination_hub_id: HUB.cikarang, current_hub_id: HUB.karawang },
        ]),
      ).toEqual(sorted(desk, hub('karawang'), hub('cikarang')));
      // A row that names the shipment: the shipment's hubs (a discrepancy: its own as well).
      expect(await topicsOf('containers', [{ shipment_id: p.shipment_id }])).toEqual(
        sorted(desk, hub('karawang'), hub('cikarang')),
      );
      expect(
        await topicsOf('discrepancies', [{ shipment_id: p.shipment_id, current_hub_id: pod.hubId }]),
      ).toEqual(sorted(desk, hub('karawang'), hub('cikarang'), at(pod.hubId)));
      // A TV unit: its own hub, and its shipment's.
      expect(await topicsOf('tv_units', [{ hub_id: pod.hubId, shipment_id: p.shipment_id }])).toEqual(
        sorted(desk, at(pod.hubId), hub('karawang'), hub('cikarang')),
      );
      expect(await topicsOf('tv_units', [{ hub_id: pod.hubId, shipment_id: null }])).toEqual(
        sorted(desk, at(pod.hubId)),
      );
      // A vehicle: its hub and its shipments' hubs; the company when it is free to queue.
      expect(
        await topicsOf('vehicles', [
          { id: vehicleId, current_hub_id: pod.hubId, is_active: true, ready: true },
        ]),
      ).toEqual(sorted(desk, at(pod.hubId), hub('karawang'), hub('cikarang'), 'dermaga:company'));
      expect(
        await topicsOf('vehicles', [{ id: id(), current_hub_id: null, is_active: true, ready: false }]),
      ).toEqual([desk]);
      // Stock: the warehouse's hub and the PODs of its city (the city's case and spaces aside).
      expect(await topicsOf('stock_balances', [{ warehouse_id: depot.warehouseId }])).toEqual(
        sorted(desk, at(depot.hubId), at(pod.hubId)),
      );
      expect(
        await topicsOf('inventory', [{ warehouse_id: depot.warehouseId }, { warehouse_id: id() }]),
      ).toEqual(sorted(desk, at(depot.hubId), at(pod.hubId)));
      // Company-wide tables; a profile's user.
      expect(await topicsOf('vendors', [{ id: id() }])).toEqual(sorted(desk, 'dermaga:company'));
      const someone = id();
      expect(await topicsOf('profiles', [{ user_id: someone }])).toEqual(
        sorted(desk, `dermaga:user:${someone}`),
      );
    } finally {
      await sql.end();
    }
  });

  it("finds the rows' shipments by index, never by a scan of every shipment (issue 43, P2)", async () => {
    // Each floor command's statements ask for the topics of a vehicle's or a shipment's row. Done
    // as a scan of every shipment it cost 0.9 ms a statement with the bench's 10,740 shipments
    // (and grew with the history). 10,000 copies of this test's shipment, in a transaction that
    // is rolled back, make the table big enough for the planner's choice to matter.
    const vehicleId = await makeVehicle(HUB.karawang);
    const p = daratPayload(HUB.karawang, vehicleId, WAREHOUSE.cikarang);
    await (await as('karawang')).ok('create_shipment_darat', p);
    const sql = await ownerSql();
    const seqScans = async () =>
      Number(
        (
          await sql.query<{ n: string }>(
            `select seq_scan as n from pg_stat_xact_user_tables where schemaname = 'public' and relname = 'shipments'`,
          )
        ).rows[0]!.n,
      );
    try {
      await sql.query('begin');
      await sql.query(
        `insert into public.shipments
         select (jsonb_populate_record(null::public.shipments,
                   to_jsonb(s) || jsonb_build_object('id', gen_random_uuid()))).*
         from public.shipments s, generate_series(1, 10000)
         where s.id = $1`,
        [p.shipment_id],
      );
      const before = await seqScans();
      const topics = await sql.query<{ vehicle: string[]; container: string[] }>(
        `select public.poke_topics_of('vehicles', $1::jsonb) as vehicle,
                public.poke_topics_of('containers', $2::jsonb) as container`,
        [
          JSON.stringify([{ id: vehicleId, current_hub_id: null, is_active: true, ready: false }]),
          JSON.stringify([{ shipment_id: p.shipment_id }]),
        ],
      );
      expect(await seqScans()).toBe(before);
      // The same topics as ever (the copies share the shipment's hubs).
      const expected = ['dermaga:desk', hub('cikarang'), hub('karawang')].sort();
      expect([...topics.rows[0]!.vehicle].sort()).toEqual(expected);
      expect([...topics.rows[0]!.container].sort()).toEqual(expected);
    } finally {
      await sql.query('rollback');
      await sql.end();
    }
  });

  it("a batch pokes once, at its end, the scopes of its applied commands' rows, old and new, and none of a refused one's (issue 43)", async () => {
    // A hub of this test's own and a ready truck there: a queue at Karawang takes the truck
    // from that hub, so its old row names the hub's topic.
    const pod = await makeHub(`POD ${id().slice(0, 8)}`, `Kota ${id().slice(0, 8)}`, 'pod');
    const truck = await makeVehicle(pod.hubId);
    const notReady = await makeVehicle(pod.hubId, { ready: false });
    const sql = await ownerSql();
    try {
      // Making the trucks poked the hub's topic (and earlier tests Karawang's): their 250 ms
      // throttle is reset, so that any later poke of them is heard.
      await sql.query(`update public.realtime_pokes set sent_at = '-infinity' where topic = any ($1)`, [
        [`dermaga:hub:${pod.hubId}`, hub('karawang')],
      ]);
    } finally {
      await sql.end();
    }
    const tower = await user('tower');
    const heard: string[] = [];
    const atPod = await join(tower, `dermaga:hub:${pod.hubId}`, heard);
    const atCikarang = await join(tower, hub('cikarang'), heard);
    const atKarawang = await join(await user('karawang'), hub('karawang'));
    for (const j of [atPod, atCikarang, atKarawang]) expect(j.status).toBe('SUBSCRIBED');

    // One call: the queue updates the truck, then is refused at the truck that is not ready (its
    // subtransaction rolls the truck back, and what the update held for the pokes with it);
    // then stock is booked at Karawang.
    const karawang = await as('karawang');
    const [queued, booked] = await karawang.send([
      karawang.command('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck, notReady] }),
      karawang.command('add_inventory', {
        inventory_id: id(),
        warehouse_id: WAREHOUSE.karawang,
        date_recorded: '2026-11-20',
        smartboard_quantity: 1,
        bracket_quantity: 0,
      }),
    ]);
    expect([queued!.outcome, booked!.outcome]).toEqual(['rejected', 'applied']);
    await expect.poll(() => atKarawang.pokes).toContain(hub('karawang'));
    // The fence (one socket: commit order): a later commit at Cikarang, heard after anything the
    // batch sent to the hub's topic.
    await addStock(WAREHOUSE.cikarang);
    await expect.poll(() => heard).toContain(hub('cikarang'));
    expect(atPod.pokes).toEqual([]);

    // Applied, the same queue pokes the hub the truck left (its old row), and Karawang.
    const [again] = await karawang.send([
      karawang.command('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [truck] }),
    ]);
    expect(again!.outcome).toBe('applied');
    await expect.poll(() => atPod.pokes).toEqual([`dermaga:hub:${pod.hubId}`]);
  });

  it('the triggers keep every column the topics are worked out from (poke_fields, poke_topics_of)', async () => {
    const sql = await ownerSql();
    try {
      const source = async (name: string) =>
        (
          await sql.query<{ src: string }>(`select prosrc as src from pg_proc where oid = $1::regprocedure`, [
            name,
          ])
        ).rows[0]!.src;
      const topics = await source('public.poke_topics_of(text, jsonb)');
      const fields = await source('public.poke_fields(text, jsonb)');
      const read = [...topics.matchAll(/e (?:->>|\?) '(\w+)'/g)].map((m) => m[1]!);
      expect(new Set(read)).toEqual(
        new Set([
          'origin_hub_id',
          'destination_hub_id',
          'current_hub_id',
          'hub_id',
          'warehouse_id',
          'shipment_id',
          'id',
          'is_active',
          'ready',
          'user_id',
        ]),
      );
      const kept = [...fields.matchAll(/r -> '(\w+)'/g)].map((m) => m[1]!);
      expect(read.filter((column) => !kept.includes(column))).toEqual([]);
    } finally {
      await sql.end();
    }
  });

  it('the trigger turns each row into jsonb once, and holds only the fields a row has (issue 43, P2)', async () => {
    const sql = await ownerSql();
    try {
      await sql.query('begin');
      // The trigger's own queries, from its stored source, planned over tables of the vehicles'
      // shape named as its transition tables: to_jsonb computed once for each table read, not
      // once for each field poke_fields reads.
      const src = (
        await sql.query<{ src: string }>(
          `select prosrc as src from pg_proc where oid = 'public.poke_changed_scopes()'::regprocedure`,
        )
      ).rows[0]!.src;
      const queries = [...src.matchAll(/select pg_catalog\.jsonb_agg\([\s\S]*?\) x;/g)].map((m) => m[0]);
      expect(queries).toHaveLength(3);
      await sql.query('create temp table new_rows on commit drop as select * from public.vehicles limit 0');
      await sql.query('create temp table old_rows on commit drop as select * from public.vehicles limit 0');
      for (const query of queries) {
        const planned = query
          .replace(' into changed', '')
          .replace('tg_table_name', "'vehicles'")
          .replace(/;$/, '');
        const plan = (await sql.query<{ 'QUERY PLAN': string }>(`explain (verbose) ${planned}`)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        // Computed: `to_jsonb(n.*)` as such. `((to_jsonb(n.*)))` is a reference to a scan's output.
        const computed = plan.match(/to_jsonb\(\w+\.\*\)(?!\))/g) ?? [];
        expect(computed).toHaveLength(query.match(/from (?:new|old)_rows/g)!.length);
      }
      await sql.query('rollback');

      // A held line: the vehicle's fields without the ones it lacks (no nulls).
      const truck = await makeVehicle(HUB.karawang);
      await sql.query('begin');
      await sql.query(`select set_config('dermaga.pokes_held', 'on', true)`);
      await sql.query(`update public.vehicles set driver_name = driver_name || '.' where id = $1`, [truck]);
      const held = (await sql.query<{ held: string }>(`select current_setting('dermaga.poke_rows') as held`))
        .rows[0]!.held;
      await sql.query('rollback');
      const [table, rows] = held.trimEnd().split('\t');
      expect(table).toBe('vehicles');
      expect(JSON.parse(rows!)).toEqual([
        { id: truck, current_hub_id: HUB.karawang, is_active: true, ready: true },
        { id: truck, current_hub_id: HUB.karawang, is_active: true, ready: true },
      ]);
    } finally {
      await sql.end();
    }
  });

  it("a batch over many trucks holds its lines in chunks, and pokes every truck's hub once at its end (issue 43, P2)", async () => {
    const hubs: string[] = [];
    const trucks: string[] = [];
    for (let i = 0; i < 16; i++) {
      const { hubId } = await makeHub(`Hub chunk ${id().slice(0, 8)}`, null);
      hubs.push(hubId);
      trucks.push(await makeVehicle(hubId));
    }
    const topics = hubs.map((h) => `dermaga:hub:${h}`);
    const sql = await ownerSql();
    try {
      await sql.query('begin');
      await sql.query(`select set_config('dermaga.pokes_held', 'on', true)`);
      // The trucks' own pokes as they were made are within the 250 ms throttle: forgotten.
      await sql.query('delete from public.realtime_pokes where topic = any ($1)', [topics]);
      for (const truck of trucks) {
        await sql.query(`update public.vehicles set driver_name = driver_name || '.' where id = $1`, [truck]);
      }
      // Sixteen distinct lines of about 230 bytes: more than one chunk of 2 KB, none of them
      // poked yet.
      const chunks = Number(
        (await sql.query<{ n: string }>(`select current_setting('dermaga.poke_chunk', true) as n`)).rows[0]!
          .n,
      );
      expect(chunks).toBeGreaterThan(1);
      const sent = async () =>
        (
          await sql.query<{ topic: string }>(
            `select topic from public.realtime_pokes where topic = any ($1) and sent_at >= now() order by topic`,
            [topics],
          )
        ).rows.map((r) => r.topic);
      expect(await sent()).toEqual([]);
      await sql.query('select public.poke_held_scopes()');
      expect(await sent()).toEqual([...topics].sort());
      const left = await sql.query<{ rows: string; chunk: string; second: string }>(
        `select current_setting('dermaga.poke_rows', true) as rows, current_setting('dermaga.poke_chunk', true) as chunk,
                current_setting('dermaga.poke_rows_2', true) as second`,
      );
      expect(left.rows[0]).toEqual({ rows: '', chunk: '', second: '' });
    } finally {
      await sql.query('rollback');
      await sql.end();
    }
  });
});
