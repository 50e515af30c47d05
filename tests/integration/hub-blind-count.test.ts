// Issue 41: blind counting per hub. hubs.blind_count is the hub's setting, changed only by an
// admin through edit_hub (changes.blind_count, a boolean; supabase/schemas/functions/cmd_hubs.sql):
// a hub user and tower control are refused by the server, the row keeps its value. New hubs
// count as before (false). The field reaches devices with the hub's row.
import { afterAll, describe, expect, it } from 'vitest';
import { as, closeDb, id, makeHub, rowOf, tag } from './commands-support';

afterAll(closeDb);

describe('edit_hub blind_count', () => {
  it('is false by default, set and cleared by an admin only, refused for a non-boolean', async () => {
    const { hubId } = await makeHub(`Hub Buta ${tag()}`, 'Bekasi');
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: false });

    const karawang = await as('karawang');
    const tower = await as('tower');
    const admin = await as('admin');
    expect(await karawang.run('edit_hub', { hub_id: hubId, changes: { blind_count: true } })).toMatchObject({
      code: 'forbidden',
    });
    expect(await tower.run('edit_hub', { hub_id: hubId, changes: { blind_count: true } })).toMatchObject({
      code: 'forbidden',
    });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: false });

    expect(await admin.run('edit_hub', { hub_id: hubId, changes: { blind_count: 'ya' } })).toMatchObject({
      outcome: 'rejected',
    });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: false });

    await admin.ok('edit_hub', { hub_id: hubId, changes: { blind_count: true } });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: true, city: 'Bekasi' });
    // Field by field: a later edit of the city leaves the setting alone.
    await admin.ok('edit_hub', { hub_id: hubId, changes: { city: 'Cibitung' } });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: true, city: 'Cibitung' });
    await admin.ok('edit_hub', { hub_id: hubId, changes: { blind_count: false } });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: false });
  });

  it('a hub added by an admin counts as before', async () => {
    const admin = await as('admin');
    const hubId = id();
    await admin.ok('add_hub', { hub_id: hubId, name: `Hub Baru ${tag()}` });
    expect(await rowOf('hubs', hubId)).toMatchObject({ blind_count: false });
  });
});
