// Issue 9, "who may write": a user without a hub, another hub's user and a hub
// user outside its remit are refused on the server, through real HTTP.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients';
import { png } from '../support/images';
import { signedUrl } from '../support/signed-url';
import {
  as,
  closeDb,
  daratPayload,
  db,
  id,
  makeVehicle,
  plate,
  rowOf,
  tag,
  type Outcome,
} from './commands-support';
import { HUB, seedId, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';

afterAll(closeDb);

const BUCKET = 'shipment-documents';
const SEEDED_OTW_TO_POLJAK = seedId.shipment(11);
const SEEDED_OTW_TO_MAKASSAR = seedId.shipment(17);
const MAKASSAR_FLEET_VEHICLE = seedId.vehicle(21);

/** An open sign-up from /auth: a hub_user profile with no hub. */
async function signUpWithoutHub(): Promise<{ client: SupabaseClient; userId: string }> {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({
    email: `nohub-${randomUUID()}@demo.local`,
    password: 'secret1',
  });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { client, userId: data.user!.id };
}

async function send(client: SupabaseClient, actor: string, type: string, payload: Record<string, unknown>) {
  const { data, error } = await client.rpc('apply_commands', {
    commands: [{ id: randomUUID(), type, payload, issued_at: new Date().toISOString(), actor }],
  });
  if (error) throw new Error(`apply_commands failed: ${error.message}`);
  return (data as { results: Outcome[] }).results[0]!;
}

/** A Karawang shipment made through the form, with no photos yet. */
async function karawangShipment(): Promise<string> {
  const karawang = await as('karawang');
  const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang, { image_count: 0 });
  await karawang.ok('create_shipment_darat', p);
  return p.shipment_id;
}

describe('a signed-up user without a hub', () => {
  let nohub: { client: SupabaseClient; userId: string };
  beforeAll(async () => {
    nohub = await signUpWithoutHub();
  });

  it('cannot point a shipment between Karawang and PolJak at its own upload', async () => {
    const before = await rowOf<{ bast_image_url: string | null }>('shipments', SEEDED_OTW_TO_POLJAK);
    // Whatever the storage says about its upload, the command must refuse it.
    const path = `shipments/${SEEDED_OTW_TO_POLJAK}/bast.png`;
    await nohub.client.storage.from(BUCKET).upload(path, png(3, 3), { contentType: 'image/png' });
    const karawang = await as('karawang');
    await karawang.client.storage.from(BUCKET).upload(path, png(4, 4), { contentType: 'image/png', upsert: true });
    const outcome = await send(nohub.client, nohub.userId, 'set_shipment_image', {
      shipment_id: SEEDED_OTW_TO_POLJAK,
      slot: 'bast',
      path,
    });
    expect(outcome).toMatchObject({ outcome: 'rejected', code: 'forbidden' });
    expect(await rowOf('shipments', SEEDED_OTW_TO_POLJAK)).toMatchObject({
      bast_image_url: before!.bast_image_url,
    });
  });

  it('is refused every operational command, and nothing is written', async () => {
    const vehicle = await makeVehicle(HUB.karawang);
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [vehicle] }],
      ['add_vendor', { vendor_id: id(), name: `Tanpa Hub ${tag()}` }],
      ['add_vehicle_type', { vehicle_type_id: id(), name: `Tanpa Hub ${tag()}` }],
      [
        'add_vehicle',
        {
          vehicle_id: id(),
          vendor_id: TRUCK_VENDOR.id,
          mode: 'darat',
          license_plate: plate('NH'),
          vehicle_type_id: TRUCK_TYPE,
          driver_name: 'X',
        },
      ],
      [
        'add_inventory',
        {
          inventory_id: id(),
          warehouse_id: WAREHOUSE.karawang,
          date_recorded: '2026-11-20',
          smartboard_quantity: 1,
          bracket_quantity: 1,
        },
      ],
      ['add_warehouse', { warehouse_id: id(), name: `Gudang ${tag()}` }],
      ['confirm_arrival', { hub_id: HUB.poljak, shipment_id: SEEDED_OTW_TO_POLJAK }],
      ['pod_confirm_arrival', { shipment_id: SEEDED_OTW_TO_MAKASSAR }],
      ['edit_vehicle', { vehicle_id: vehicle, changes: { driver_name: 'Diganti' } }],
      ['delete_vehicle', { vehicle_id: vehicle }],
    ];
    for (const [type, payload] of attempts) {
      const outcome = await send(nohub.client, nohub.userId, type, payload);
      expect({ type, ...outcome }).toMatchObject({ type, outcome: 'rejected', code: 'forbidden' });
    }
    const { rows } = await (await db()).query(
      `select count(*)::int as n from public.commands where actor_id = $1 and outcome = 'applied'`,
      [nohub.userId],
    );
    expect(rows[0].n).toBe(0);
    expect(await rowOf('vehicles', vehicle)).toMatchObject({ siap_muat: false, deleted: false, driver_name: 'Sopir Uji' });
  });

  it('reads nothing operational', async () => {
    for (const table of ['shipments', 'containers', 'inventory', 'vehicles']) {
      const { data, error } = await nohub.client.from(table).select('id');
      expect({ table, error }).toEqual({ table, error: null });
      expect({ table, rows: data!.length }).toEqual({ table, rows: 0 });
    }
  });
});

describe('shipment photos in storage', () => {
  it('only the origin hub and staff may write a shipment object; another hub cannot overwrite it', async () => {
    const shipmentId = await karawangShipment();
    const path = `shipments/${shipmentId}/delivery_record.png`;
    const karawang = await as('karawang');
    const original = png(6, 6, [10, 200, 10]);
    expect((await karawang.client.storage.from(BUCKET).upload(path, original, { contentType: 'image/png' })).error).toBeNull();
    await karawang.ok('set_shipment_image', { shipment_id: shipmentId, slot: 'delivery_record', path });

    const polsub = await as('polsub');
    const hostile = await polsub.client.storage
      .from(BUCKET)
      .upload(path, png(7, 7, [200, 0, 0]), { contentType: 'image/png', upsert: true });
    expect(hostile.error).not.toBeNull();
    const cikarang = await as('cikarang');
    const destination = await cikarang.client.storage
      .from(BUCKET)
      .upload(`shipments/${shipmentId}/bast.png`, png(7, 7), { contentType: 'image/png' });
    expect(destination.error).not.toBeNull();

    const url = await signedUrl(karawang.client, path);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.equals(original)).toBe(true);
  });

  it('an object a shipment points at cannot be replaced by anyone else, staff included', async () => {
    const shipmentId = await karawangShipment();
    const path = `shipments/${shipmentId}/bast.png`;
    const karawang = await as('karawang');
    expect((await karawang.client.storage.from(BUCKET).upload(path, png(5, 5), { contentType: 'image/png' })).error).toBeNull();
    // Before the shipment points at it, the uploader's retry rewrites it (deterministic path).
    const retried = png(5, 5, [1, 2, 3]);
    expect(
      (await karawang.client.storage.from(BUCKET).upload(path, retried, { contentType: 'image/png', upsert: true })).error,
    ).toBeNull();
    await karawang.ok('set_shipment_image', { shipment_id: shipmentId, slot: 'bast', path });
    const admin = await as('admin');
    const replaced = await admin.client.storage
      .from(BUCKET)
      .upload(path, png(9, 9), { contentType: 'image/png', upsert: true });
    expect(replaced.error).not.toBeNull();
    const url = await signedUrl(karawang.client, path);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(retried)).toBe(true);
  });

  it('refuses paths outside the bucket scheme and shipments that do not exist', async () => {
    const karawang = await as('karawang');
    for (const path of [`tests/${id()}.png`, `shipments/${id()}/delivery_record.png`, `${id()}/x.png`]) {
      const { error } = await karawang.client.storage.from(BUCKET).upload(path, png(2, 2), { contentType: 'image/png' });
      expect({ path, refused: error !== null }).toEqual({ path, refused: true });
    }
  });

  it('set_shipment_image: the destination hub may not repoint the origin\'s photo, nor a path of another shipment', async () => {
    const shipmentId = await karawangShipment();
    const other = await karawangShipment();
    const karawang = await as('karawang');
    const cikarang = await as('cikarang');
    // [who points the BAST at it, the path (Karawang uploads it first), the refusal's code]
    const cases = [
      [karawang, `shipments/${other}/bast.png`, 'validation'],
      [cikarang, `shipments/${shipmentId}/bast.png`, 'forbidden'],
    ] as const;
    for (const [who, path, code] of cases) {
      await karawang.client.storage.from(BUCKET).upload(path, png(3, 3), { contentType: 'image/png' });
      expect(await who.run('set_shipment_image', { shipment_id: shipmentId, slot: 'bast', path })).toMatchObject({
        outcome: 'rejected',
        code,
      });
    }
    expect(await rowOf('shipments', shipmentId)).toMatchObject({ bast_image_url: null });
  });
});

describe('fleets: spec 6', () => {
  it("a hub user cannot edit, deactivate or delete another hub's vehicles, nor any vehicle", async () => {
    const karawang = await as('karawang');
    for (const [type, payload] of [
      ['edit_vehicle', { vehicle_id: MAKASSAR_FLEET_VEHICLE, changes: { is_active: false } }],
      ['delete_vehicle', { vehicle_id: MAKASSAR_FLEET_VEHICLE }],
      ['edit_vehicle', { vehicle_id: await makeVehicle(HUB.karawang), changes: { driver_name: 'Baru' } }],
    ] as const) {
      expect({ type, ...(await karawang.run(type, payload)) }).toMatchObject({ type, outcome: 'rejected', code: 'forbidden' });
    }
    expect(await rowOf('vehicles', MAKASSAR_FLEET_VEHICLE)).toMatchObject({ is_active: true, deleted: false });
  });

  it('a hub user cannot edit or delete vendors; admin can edit, tower control edits vehicles', async () => {
    const karawang = await as('karawang');
    const vendorId = id();
    await karawang.ok('add_vendor', { vendor_id: vendorId, name: `Vendor ${tag()}`, phone: '0812' });
    expect(await karawang.run('edit_vendor', { vendor_id: vendorId, changes: { phone: '0999' } })).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await karawang.run('delete_vendor', { vendor_id: vendorId })).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    expect(await rowOf('vendors', vendorId)).toMatchObject({ phone: '0812', deleted: false });
    await (await as('admin')).ok('edit_vendor', { vendor_id: vendorId, changes: { phone: '0813' } });
    expect(await (await as('tower')).run('edit_vendor', { vendor_id: vendorId, changes: { phone: '1' } })).toMatchObject({
      outcome: 'rejected',
      code: 'forbidden',
    });
    const vehicle = await makeVehicle(HUB.karawang);
    await (await as('tower')).ok('edit_vehicle', { vehicle_id: vehicle, changes: { driver_name: 'Tower' } });
    await (await as('admin')).ok('delete_vehicle', { vehicle_id: vehicle });
    // Hub users still add to their fleet and queue at their own hub.
    const own = id();
    await karawang.ok('add_vehicle', {
      vehicle_id: own,
      vendor_id: vendorId,
      mode: 'darat',
      license_plate: plate('KR'),
      vehicle_type_id: TRUCK_TYPE,
      driver_name: 'Ujang',
    });
    await karawang.ok('queue_vehicles', { hub_id: HUB.karawang, vehicle_ids: [own] });
    expect(await rowOf('vehicles', own)).toMatchObject({ current_hub_id: HUB.karawang, siap_muat: true });
  });
});
