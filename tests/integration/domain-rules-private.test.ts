// The domain rules (supabase/schemas/functions/domain_rules.sql) and cmd_serial_normal are the
// commands' helpers, not the API's: as RPCs any signed-in user could make them work for
// minutes on one request (dm_contains' position() on a 1 MB text ran 95 s, never looking at the
// statement timeout; a PostgREST filter on what dm_trim answered, 25 s). Their execute is
// revoked from anon and authenticated; the commands that use them still run (as their owner).
import { afterAll, describe, expect, it } from 'vitest';
import { HUB, WAREHOUSE } from '../support/demo';
import { as, closeDb, daratPayload, makeVehicle } from './commands-support';
import { signUp } from './sign-up-sender';

afterAll(closeDb);

/** Each rule with arguments it would take. */
const RULES: Record<string, Record<string, unknown>> = {
  dm_trim: { value: ' x ' },
  dm_lower: { value: 'X' },
  dm_slug: { value: 'Hub X' },
  dm_contains: { haystack: 'abc', needle: 'b' },
  hub_kind: { p_name: 'Hub Karawang', p_type: 'karawang' },
  otw_destination: { p_names: ['Makassar'], p_city: 'Makassar' },
  pod_city_from_status: { p_status: 'otw_pod_makassar' },
  pod_city_of_hub: { p_name: 'POD Makassar', p_city: 'Makassar' },
  dm_format_wib: { p_at: '2026-12-03T10:00:00Z' },
  cmd_serial_normal: { p_raw: 'sn-1' },
};

describe('the domain rules', () => {
  it('are not callable through the API by a sign-up, a hub user or tower control', async () => {
    const callers = [
      (await signUp('rules-private')).client,
      (await as('karawang')).client,
      (await as('tower')).client,
    ];
    const answers: Record<string, string[]> = {};
    for (const [name, args] of Object.entries(RULES)) {
      for (const client of callers) {
        const { error } = await client.rpc(name, args);
        (answers[name] ??= []).push(error?.code ?? 'answered');
      }
    }
    expect(answers).toEqual(
      Object.fromEntries(Object.keys(RULES).map((n) => [n, ['42501', '42501', '42501']])),
    );
  });

  it('still serve the commands that use them', async () => {
    // create_shipment_darat derives its OTW status (otw_destination, hub_kind, dm_trim).
    const p = daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang);
    await (await as('karawang')).ok('create_shipment_darat', p);
  });
});
