// Issue 12 acceptance: what the Status Shipment screen does reaches the
// devices. An admin adds a status, renames it with a new label and colour; a
// hub tablet sees the same row (stable id) with the new key, label and colour
// after its next sync, and its shipment carries the new key. A refused rename
// changes nothing on either side.
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, signedIn } from '../support/clients';
import { openDevice, type Device } from '../support/sync-device';
import { DEMO_USERS, HUB, seedId } from '../support/demo';

const VEHICLE = seedId.vehicle(15);
const run = Date.now().toString(36);
const key = (name: string) => `sync_${run}_${name}`;

let owner: pg.Client;
let admin: SupabaseClient;
let tablet: Device;

async function statusOnTablet(id: string) {
  const doc = await tablet.engine.db.shipment_statuses.findOne(id).exec();
  return doc ? { key: doc.key, label: doc.label, color: doc.color, deleted: doc.deleted } : undefined;
}

beforeAll(async () => {
  owner = await ownerSql();
  admin = await signedIn(DEMO_USERS.admin);
  tablet = await openDevice(DEMO_USERS.karawang);
});

afterAll(async () => {
  await tablet.dispose();
  await owner.query('delete from public.shipments where batch_number like $1', [`SYNC-${run}-%`]);
  await owner.query('delete from public.shipment_statuses where key like $1', [`sync_${run}_%`]);
  await owner.end();
  await admin.auth.signOut();
});

describe('a status edited by the admin, on a second device', () => {
  it('label, colour and a renamed key reach the tablet after sync; its shipment follows', async () => {
    const from = key('otw_x');
    const to = key('otw_y');
    const added = await admin.rpc('add_shipment_status', {
      new_status: from,
      new_label: 'OTW X',
      new_color: 'info',
    });
    expect(added.error).toBeNull();
    const id = added.data.id as string;
    const { rows } = await owner.query<{ id: string }>(
      `insert into public.shipments (batch_number, vehicle_id, origin_hub_id, destination_hub_id, status)
       values ($1, $2, $3, $4, $5) returning id`,
      [`SYNC-${run}-1`, VEHICLE, HUB.karawang, HUB.cikarang, from],
    );
    const shipmentId = rows[0]!.id;

    await tablet.engine.syncNow();
    expect(await statusOnTablet(id)).toEqual({ key: from, label: 'OTW X', color: 'info', deleted: false });
    expect((await tablet.engine.db.shipments.findOne(shipmentId).exec())?.status).toBe(from);

    const renamed = await admin.rpc('rename_shipment_status', {
      old_value: from,
      new_value: to,
      new_label: 'Menuju Y',
      new_color: 'danger',
    });
    expect(renamed.error).toBeNull();

    await tablet.engine.syncNow();
    expect(await statusOnTablet(id)).toEqual({ key: to, label: 'Menuju Y', color: 'danger', deleted: false });
    expect((await tablet.engine.db.shipments.findOne(shipmentId).exec())?.status).toBe(to);
    const withOldKey = await tablet.engine.db.shipment_statuses.find({ selector: { key: from } }).exec();
    expect(withOldKey.filter((d) => !d.deleted)).toHaveLength(0);
  });

  it('a refused rename (the new key exists) moves neither the status nor its shipments', async () => {
    const a = key('a');
    const b = key('b');
    expect((await admin.rpc('add_shipment_status', { new_status: a })).error).toBeNull();
    expect((await admin.rpc('add_shipment_status', { new_status: b })).error).toBeNull();
    await owner.query(
      `insert into public.shipments (batch_number, vehicle_id, origin_hub_id, destination_hub_id, status)
       values ($1, $2, $3, $4, $5)`,
      [`SYNC-${run}-2`, VEHICLE, HUB.karawang, HUB.cikarang, a],
    );
    const refused = await admin.rpc('rename_shipment_status', {
      old_value: a,
      new_value: b,
      new_label: 'Tidak Jadi',
    });
    expect(refused.error?.code).toBe('23505');
    const { rows } = await owner.query('select status from public.shipments where batch_number = $1', [
      `SYNC-${run}-2`,
    ]);
    expect(rows[0].status).toBe(a);
    const label = await owner.query('select label from public.shipment_statuses where key = $1', [a]);
    expect(label.rows[0].label).not.toBe('Tidak Jadi');
  });

  it('a removed status disappears from the tablet after sync', async () => {
    const gone = key('gone');
    const added = await admin.rpc('add_shipment_status', {
      new_status: gone,
      new_label: 'Hilang',
      new_color: 'warning',
    });
    await tablet.engine.syncNow();
    expect((await statusOnTablet(added.data.id))?.deleted).toBe(false);
    expect((await admin.rpc('remove_shipment_status', { value_to_remove: gone })).error).toBeNull();
    await tablet.engine.syncNow();
    const after = await statusOnTablet(added.data.id);
    expect(after === undefined || after.deleted).toBe(true);
  });
});
