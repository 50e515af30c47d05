// Issue 30, "Perlu perhatian": the devices' sync reports (report_device_sync,
// device_sync_reports, device_sync_report_list) and the board's thresholds
// (attention_settings, set_attention_settings), over real HTTP as the devices call
// them. A user reports only for itself and its own device, within bounds; tower
// control and admins read every hub user's device, a hub user only its hub's;
// nobody writes the tables directly; only an admin sets the thresholds.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, signedIn } from '../support/clients';
import { DEMO_USERS, HUB } from '../support/demo';

interface ListedReport {
  device_id: string;
  user_id: string;
  email: string;
  hub_id: string | null;
  last_sync_at: string;
  outbox_size: number;
  app_version: string | null;
}

let karawang: SupabaseClient;
let cikarang: SupabaseClient;
let tower: SupabaseClient;
let admin: SupabaseClient;
const karawangDevice = randomUUID();
const cikarangDevice = randomUUID();
const towerDevice = randomUUID();

const report = (client: SupabaseClient, device: string, size: number, version: string | null = 'test') =>
  client.rpc('report_device_sync', { p_device_id: device, p_outbox_size: size, p_app_version: version });

async function listed(client: SupabaseClient): Promise<ListedReport[]> {
  const { data, error } = await client.rpc('device_sync_report_list');
  if (error) throw new Error(error.message);
  return data as ListedReport[];
}

async function ownerRow(device: string) {
  const sql = await ownerSql();
  try {
    return (await sql.query('select * from public.device_sync_reports where device_id = $1', [device])).rows[0];
  } finally {
    await sql.end();
  }
}

let savedSettings: unknown;

beforeAll(async () => {
  [karawang, cikarang, tower, admin] = await Promise.all([
    signedIn(DEMO_USERS.karawang),
    signedIn(DEMO_USERS.cikarang),
    signedIn(DEMO_USERS.tower),
    signedIn(DEMO_USERS.admin),
  ]);
  const sql = await ownerSql();
  try {
    savedSettings = (await sql.query(`select value from public.app_settings where key = 'attention'`)).rows[0]?.value;
  } finally {
    await sql.end();
  }
});

afterAll(async () => {
  const sql = await ownerSql();
  try {
    await sql.query('delete from public.device_sync_reports where device_id = any($1)', [
      [karawangDevice, cikarangDevice, towerDevice],
    ]);
    // Other files read the thresholds: leave them as found.
    if (savedSettings === undefined) await sql.query(`delete from public.app_settings where key = 'attention'`);
    else await sql.query(`update public.app_settings set value = $1 where key = 'attention'`, [savedSettings]);
  } finally {
    await sql.end();
  }
});

describe('report_device_sync', () => {
  it('records the caller, its hub, the server time and the outbox size', async () => {
    const before = Date.now();
    const { data, error } = await report(karawang, karawangDevice, 3, '1.2.3');
    expect(error).toBeNull();
    const row = await ownerRow(karawangDevice);
    const { data: user } = await karawang.auth.getUser();
    expect(row).toMatchObject({ user_id: user.user!.id, hub_id: HUB.karawang, outbox_size: 3, app_version: '1.2.3' });
    expect(new Date(row.last_sync_at).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(new Date(data as string).getTime()).toBe(new Date(row.last_sync_at).getTime());

    // Again: the same row, its time moved on and its size replaced.
    await new Promise((r) => setTimeout(r, 20));
    expect((await report(karawang, karawangDevice, 0)).error).toBeNull();
    const again = await ownerRow(karawangDevice);
    expect(again.outbox_size).toBe(0);
    expect(new Date(again.last_sync_at).getTime()).toBeGreaterThan(new Date(row.last_sync_at).getTime());
  });

  it('refuses a device another user reported, and leaves its row as it was', async () => {
    expect((await report(karawang, karawangDevice, 1)).error).toBeNull();
    const mine = await ownerRow(karawangDevice);
    const { error } = await report(cikarang, karawangDevice, 99);
    expect(error?.message).toBe('Perangkat ini dilaporkan oleh pengguna lain');
    expect(await ownerRow(karawangDevice)).toEqual(mine);
  });

  it('refuses anon and bounds what it is given', async () => {
    expect((await report(anonClient(), randomUUID(), 0)).error).not.toBeNull();
    const device = randomUUID();
    for (const [size, version] of [
      [-1, 'x'],
      [1_000_001, 'x'],
      [0, 'v'.repeat(65)],
      [0, 'v1\u0007'],
    ] as const) {
      const { error } = await report(karawang, device, size, version);
      expect(error, `${size} ${version}`).not.toBeNull();
    }
    expect((await karawang.rpc('report_device_sync', { p_device_id: null, p_outbox_size: 0 })).error).not.toBeNull();
    expect(await ownerRow(device)).toBeUndefined();
  });

  it('is the only way in: no user writes the table directly', async () => {
    const { data: user } = await karawang.auth.getUser();
    const device = randomUUID();
    const insert = await karawang
      .from('device_sync_reports')
      .insert({ device_id: device, user_id: user.user!.id, outbox_size: 0 });
    expect(insert.error).not.toBeNull();
    await report(karawang, karawangDevice, 2);
    const update = await karawang
      .from('device_sync_reports')
      .update({ last_sync_at: '2020-01-01T00:00:00Z' })
      .eq('device_id', karawangDevice);
    expect(update.error).not.toBeNull();
    expect(await ownerRow(device)).toBeUndefined();
    expect(new Date((await ownerRow(karawangDevice)).last_sync_at).getFullYear()).toBeGreaterThan(2020);
  });
});

describe('who reads the reports', () => {
  beforeAll(async () => {
    expect((await report(karawang, karawangDevice, 4)).error).toBeNull();
    expect((await report(cikarang, cikarangDevice, 0)).error).toBeNull();
    expect((await report(tower, towerDevice, 0)).error).toBeNull();
  });

  it('tower control and admins: every hub user\'s device, with who it is (not staff devices)', async () => {
    for (const client of [tower, admin]) {
      const rows = await listed(client);
      const ids = rows.map((r) => r.device_id);
      expect(ids).toContain(karawangDevice);
      expect(ids).toContain(cikarangDevice);
      expect(ids).not.toContain(towerDevice);
      expect(rows.find((r) => r.device_id === karawangDevice)).toMatchObject({
        email: DEMO_USERS.karawang,
        hub_id: HUB.karawang,
        outbox_size: 4,
      });
      const table = await client.from('device_sync_reports').select('device_id').in('device_id', [karawangDevice, towerDevice]);
      expect(table.data?.map((r) => r.device_id).sort()).toEqual([karawangDevice, towerDevice].sort());
    }
  });

  it('a hub user: its own hub\'s devices only, in the list and in the table', async () => {
    const rows = await listed(karawang);
    expect(rows.map((r) => r.device_id)).toContain(karawangDevice);
    expect(rows.every((r) => r.hub_id === HUB.karawang)).toBe(true);
    const table = await karawang.from('device_sync_reports').select('device_id, hub_id');
    expect(table.error).toBeNull();
    expect(table.data!.map((r) => r.device_id)).toContain(karawangDevice);
    expect(table.data!.map((r) => r.device_id)).not.toContain(cikarangDevice);
    expect(table.data!.map((r) => r.device_id)).not.toContain(towerDevice);
  });

  it('anon reads nothing', async () => {
    const { data } = await anonClient().from('device_sync_reports').select('device_id');
    expect(data ?? []).toEqual([]);
    expect((await anonClient().rpc('device_sync_report_list')).error).not.toBeNull();
  });
});

describe('the thresholds', () => {
  it('every signed-in user reads them, with defaults for what is not set', async () => {
    const { data, error } = await karawang.rpc('attention_settings');
    expect(error).toBeNull();
    expect(Object.keys(data as object).sort()).toEqual(
      ['device_silent_minutes', 'eta_grace_minutes', 'waiting_by_hub', 'waiting_minutes'].sort(),
    );
  });

  it('only an admin sets them, within bounds, per hub too', async () => {
    const before = (await admin.rpc('attention_settings')).data as Record<string, unknown>;
    const refused = await tower.rpc('set_attention_settings', { p: { waiting_minutes: 5 } });
    expect(refused.error).not.toBeNull();
    for (const bad of [
      { waiting_minutes: 0 },
      { waiting_minutes: -5 },
      { waiting_minutes: 1.5 },
      { waiting_minutes: '60' },
      { device_silent_minutes: 43_201 },
      { waiting_by_hub: { [randomUUID()]: 30 } },
      { waiting_by_hub: { [HUB.cikarang]: 0 } },
      { something_else: 1 },
    ]) {
      const { error } = await admin.rpc('set_attention_settings', { p: bad });
      expect(error, JSON.stringify(bad)).not.toBeNull();
    }
    expect((await admin.rpc('attention_settings')).data).toEqual(before);

    const set = await admin.rpc('set_attention_settings', {
      p: { waiting_minutes: 90, device_silent_minutes: 300, waiting_by_hub: { [HUB.cikarang]: 45 } },
    });
    expect(set.error).toBeNull();
    const seen = (await karawang.rpc('attention_settings')).data as Record<string, unknown>;
    expect(seen).toMatchObject({
      waiting_minutes: 90,
      device_silent_minutes: 300,
      waiting_by_hub: { [HUB.cikarang]: 45 },
    });
  });
});
