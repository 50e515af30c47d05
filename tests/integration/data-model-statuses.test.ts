// Issue 3 acceptance: the status procedures of spec 7.3 over the
// shipment_statuses table, through supabase-js: add; rename with the shipments
// following; remove an unused one; refuse to remove a used one; non-admins
// refused. Keys made here are unique per run and removed afterwards.
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, serviceClient, signedIn } from '../support/clients';
import { DEMO_USERS, HUB, seedId } from '../support/demo';
import { SEEDED_STATUSES } from '../support/statuses';

const { vehicle } = seedId;

const run = Date.now().toString(36);
const key = (name: string) => `test_${run}_${name}`;

let owner: pg.Client;
let admin: SupabaseClient;
let tower: SupabaseClient;
let karawang: SupabaseClient;

interface StatusRow {
  key: string;
  id: string;
  label: string;
  color: string;
  sort_order: number;
  deleted: boolean;
}

async function statusRow(k: string): Promise<StatusRow | undefined> {
  const { rows } = await owner.query<StatusRow>('select * from public.shipment_statuses where key = $1', [k]);
  return rows[0];
}

async function values(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client.rpc('get_shipment_status_values');
  if (error) throw new Error(error.message);
  return data as string[];
}

beforeAll(async () => {
  owner = await ownerSql();
  admin = await signedIn(DEMO_USERS.admin);
  tower = await signedIn(DEMO_USERS.tower);
  karawang = await signedIn(DEMO_USERS.karawang);
});

afterAll(async () => {
  // Remove what this run made, shipments first (they reference the statuses).
  await owner.query(`delete from public.shipments where batch_number like $1`, [`TEST-${run}-%`]);
  await owner.query(`delete from public.shipment_statuses where key like $1`, [`test_${run}_%`]);
  await owner.end();
  for (const client of [admin, tower, karawang]) await client.auth.signOut();
});

describe('get_shipment_status_values', () => {
  it('returns the live keys in display order, for every signed-in user', async () => {
    const keys = await values(karawang);
    expect(keys.slice(0, 4)).toEqual(['siap_muat_darat', 'sedang_muat_darat', 'otw_darat', 'tiba_darat']);
    // The keys from otw_cikarang on (the hub statuses and the fleet's).
    expect(keys).toEqual(
      expect.arrayContaining(SEEDED_STATUSES.slice(SEEDED_STATUSES.indexOf('otw_cikarang'))),
    );
    expect(await values(admin)).toEqual(keys);
  });

  it('every status has a label and a badge color', async () => {
    const { data, error } = await karawang
      .from('shipment_statuses')
      .select('key, label, color')
      .eq('key', 'otw_podmakasar');
    expect(error).toBeNull();
    expect(data).toEqual([{ key: 'otw_podmakasar', label: 'OTW POD Makassar', color: 'primary' }]);
  });
});

describe('add_shipment_status', () => {
  it('adds a status, with a label from the key by default, at the end of the order', async () => {
    const { data, error } = await admin.rpc('add_shipment_status', { new_status: key('otw_bekasi') });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      key: key('otw_bekasi'),
      label: `Test ${run[0]!.toUpperCase()}${run.slice(1)} Otw Bekasi`,
      color: 'info',
      deleted: false,
    });
    const keys = await values(admin);
    expect(keys.at(-1)).toBe(key('otw_bekasi'));
  });

  it('takes an optional label and color', async () => {
    const { data, error } = await admin.rpc('add_shipment_status', {
      new_status: key('otw_kendari'),
      new_label: 'OTW Kendari',
      new_color: 'primary',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ label: 'OTW Kendari', color: 'primary' });
  });

  it('refuses a key that exists, and a key that is not lower case words with underscores', async () => {
    const duplicate = await admin.rpc('add_shipment_status', { new_status: 'otw_cikarang' });
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.error?.message).toMatch(/already exists/);

    const malformed = await admin.rpc('add_shipment_status', { new_status: 'OTW Bekasi!' });
    expect(malformed.error?.code).toBe('22023');

    const blank = await admin.rpc('add_shipment_status', { new_status: '  ' });
    expect(blank.error?.code).toBe('22023');
    expect(blank.error?.message).toMatch(/required/);
  });
});

describe('rename_shipment_status', () => {
  it('renames a status and the shipments follow, stamped for the pull', async () => {
    const from = key('otw_a');
    const to = key('otw_b');
    expect((await admin.rpc('add_shipment_status', { new_status: from })).error).toBeNull();
    const before = await statusRow(from);

    // A shipment with that status (written as the owner: the command procedure comes later).
    const { rows } = await owner.query<{ id: string; change_xid: string }>(
      `insert into public.shipments (batch_number, vehicle_id, origin_hub_id, destination_hub_id, status)
       values ($1, $2, $3, $4, $5) returning id, change_xid::text`,
      [`TEST-${run}-1`, vehicle(15), HUB.karawang, HUB.cikarang, from],
    );
    const shipmentId = rows[0]!.id;

    const { data, error } = await admin.rpc('rename_shipment_status', { old_value: from, new_value: to });
    expect(error).toBeNull();
    expect(data).toMatchObject({ key: to });

    // The shipment follows, as the admin reads it through PostgREST.
    const shipment = await admin.from('shipments').select('status').eq('id', shipmentId).single();
    expect(shipment.data?.status).toBe(to);
    // Its pull position advanced, so devices pull the new status.
    const after = await owner.query<{ change_xid: string }>(
      'select change_xid::text from public.shipments where id = $1',
      [shipmentId],
    );
    expect(BigInt(after.rows[0]!.change_xid)).toBeGreaterThan(BigInt(rows[0]!.change_xid));

    // Same row for the devices (stable id), new key; the old key is gone.
    expect((await statusRow(to))?.id).toBe(before!.id);
    expect(await statusRow(from)).toBeUndefined();
    const keys = await values(admin);
    expect(keys).toContain(to);
    expect(keys).not.toContain(from);
  });

  it('with the same key edits only label and color', async () => {
    const k = key('label_only');
    await admin.rpc('add_shipment_status', { new_status: k });
    const { data, error } = await admin.rpc('rename_shipment_status', {
      old_value: k,
      new_value: k,
      new_label: 'Label Baru',
      new_color: 'danger',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ key: k, label: 'Label Baru', color: 'danger' });
  });

  it('refuses an unknown status and a new key that exists', async () => {
    const unknown = await admin.rpc('rename_shipment_status', {
      old_value: key('nope'),
      new_value: key('nope2'),
    });
    expect(unknown.error?.code).toBe('P0002');
    expect(unknown.error?.message).toMatch(/does not exist/);

    const taken = await admin.rpc('rename_shipment_status', {
      old_value: key('otw_bekasi'),
      new_value: 'selesai',
    });
    expect(taken.error?.code).toBe('23505');
  });
});

describe('remove_shipment_status', () => {
  it('removes an unused status', async () => {
    const k = key('unused');
    await admin.rpc('add_shipment_status', { new_status: k });

    const used = await admin.rpc('is_shipment_status_used', { status_value: k });
    expect(used.data).toBe(false);

    const { error } = await admin.rpc('remove_shipment_status', { value_to_remove: k });
    expect(error).toBeNull();
    expect(await values(admin)).not.toContain(k);
    // Kept as a tombstone, so devices pull the removal.
    expect((await statusRow(k))?.deleted).toBe(true);

    // Adding it again brings the same row back.
    const again = await admin.rpc('add_shipment_status', { new_status: k, new_label: 'Lagi' });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ key: k, label: 'Lagi', deleted: false });
  });

  it('refuses to remove a status in use by shipments', async () => {
    const used = await admin.rpc('is_shipment_status_used', { status_value: 'otw_cikarang' });
    expect(used.data).toBe(true);

    const { error } = await admin.rpc('remove_shipment_status', { value_to_remove: 'otw_cikarang' });
    expect(error?.code).toBe('23503');
    expect(error?.message).toMatch(/Cannot delete status "otw_cikarang": it is used by \d+ shipment/);
    expect(await values(admin)).toContain('otw_cikarang');
  });

  it('refuses an unknown status', async () => {
    const { error } = await admin.rpc('remove_shipment_status', { value_to_remove: key('never') });
    expect(error?.code).toBe('P0002');
  });
});

describe('the service role', () => {
  it('acts for an admin (edge functions, admin tooling)', async () => {
    const service = serviceClient();
    const k = key('by_service');
    expect((await service.rpc('add_shipment_status', { new_status: k })).error).toBeNull();
    expect((await service.rpc('remove_shipment_status', { value_to_remove: k })).error).toBeNull();
    expect((await statusRow(k))?.deleted).toBe(true);
  });
});

describe('non-admins', () => {
  it('tower_control and hub users are refused every write procedure', async () => {
    for (const [who, client] of [
      ['tower', tower],
      ['karawang', karawang],
    ] as const) {
      const add = await client.rpc('add_shipment_status', { new_status: key(`by_${who}`) });
      expect(add.error?.code, `${who} add`).toBe('42501');
      expect(add.error?.message).toMatch(/Only an admin/);

      const rename = await client.rpc('rename_shipment_status', {
        old_value: 'transit',
        new_value: key(`by_${who}`),
      });
      expect(rename.error?.code, `${who} rename`).toBe('42501');

      const remove = await client.rpc('remove_shipment_status', { value_to_remove: 'transit' });
      expect(remove.error?.code, `${who} remove`).toBe('42501');
    }
    expect(await statusRow(key('by_tower'))).toBeUndefined();
    expect(await statusRow(key('by_karawang'))).toBeUndefined();
    expect((await statusRow('transit'))?.deleted).toBe(false);
  });

  it('may read: get_shipment_status_values and is_shipment_status_used', async () => {
    // The hub user cannot read the PolSub-to-Makassar shipments, but the answer counts them.
    expect((await karawang.rpc('is_shipment_status_used', { status_value: 'otw_podmakasar' })).data).toBe(
      true,
    );
    expect((await tower.rpc('is_shipment_status_used', { status_value: 'transit' })).data).toBe(false);
  });

  it('anon is refused every status procedure', async () => {
    const anon = anonClient();
    expect((await anon.rpc('get_shipment_status_values')).error).not.toBeNull();
    expect((await anon.rpc('is_shipment_status_used', { status_value: 'selesai' })).error).not.toBeNull();
    expect((await anon.rpc('add_shipment_status', { new_status: key('by_anon') })).error).not.toBeNull();
    expect((await anon.rpc('remove_shipment_status', { value_to_remove: 'transit' })).error).not.toBeNull();
    expect(await statusRow(key('by_anon'))).toBeUndefined();
  });
});
