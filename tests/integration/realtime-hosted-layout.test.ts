// Issue 44, the deploy rehearsal of the Realtime pieces: the migrations laid over a database
// that already has hosted Supabase's realtime schema (its layout: realtime.messages
// partitioned by inserted_at with RLS on, realtime.topic(), and realtime.send() writing a
// broadcast row that Realtime reads from the WAL). The local bootstrap must leave hosted's
// objects as they are, the poke trigger must send through hosted's realtime.send (a row per
// poke, on the topic, private), and the join policy must decide as on the local stack.
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { mayJoin } from '../../supabase/local/realtime-auth';
import { stack } from '../support/clients';
import { HUB, USER_ID } from '../support/demo';
import { createTestDatabase } from '../support/test-database';

// As supabase/realtime's own migrations make them (the parts the product uses).
const HOSTED_REALTIME = `
  create schema realtime;
  create table realtime.messages (
    topic text not null,
    extension text not null,
    payload jsonb,
    event text,
    private boolean default false,
    updated_at timestamp without time zone not null default now(),
    inserted_at timestamp without time zone not null default now(),
    id uuid not null default gen_random_uuid(),
    primary key (id, inserted_at)
  ) partition by range (inserted_at);
  create table realtime.messages_rehearsal partition of realtime.messages
    for values from ('2000-01-01') to ('2100-01-01');
  alter table realtime.messages enable row level security;
  create function realtime.topic() returns text language sql stable
    as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
  create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
  returns void language plpgsql as $$
  begin
    begin
      execute format('set local realtime.topic to %L', topic);
      insert into realtime.messages (payload, event, topic, private, extension)
      values (payload, event, topic, private, 'broadcast');
    exception when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
    end;
  end;
  $$;
  comment on function realtime.send(jsonb, text, text, boolean) is 'hosted';
`;

let database: { url: string; drop: () => Promise<void> };
let owner: pg.Client;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase(stack().dbUrl, 'dermaga_realtime_hosted');
  owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  // The API roles exist cluster-wide (the suite's stack made them); hosted grants usage too.
  await owner.query(HOSTED_REALTIME);
  await owner.query('grant usage on schema realtime to anon, authenticated, service_role');
  await owner.query('grant select, insert, update on realtime.messages to anon, authenticated');
  await migrate(database.url, resolve('supabase'));
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await owner?.end();
  await database?.drop();
});

describe('the Realtime pieces on hosted Supabase\'s layout', () => {
  it('the bootstrap keeps hosted\'s realtime.send, and the trigger sends a private broadcast row through it', async () => {
    const kept = await owner.query(`select obj_description('realtime.send(jsonb, text, text, boolean)'::regprocedure) as c`);
    expect(kept.rows[0].c).toBe('hosted');
    // The seed's rows poked already: this test reads only what its own vendor sends.
    await owner.query('delete from realtime.messages; delete from public.realtime_pokes');
    const name = `Rehearsal ${Date.now()}`;
    await owner.query('insert into public.vendors (id, name) values (gen_random_uuid(), $1)', [name]);
    const rows = await owner.query(
      `select topic, event, private, extension, payload from realtime.messages where topic = 'dermaga:company' and event = 'poke'`,
    );
    expect(rows.rows).toEqual([
      { topic: 'dermaga:company', event: 'poke', private: true, extension: 'broadcast', payload: { scope: 'dermaga:company' } },
    ]);
    // No row data: the vendor's name is nowhere in what was sent.
    expect(JSON.stringify(rows.rows)).not.toContain(name);
  });

  it('the join policy on realtime.messages lets a hub user hear its hub and the company, not another hub; anon nothing', async () => {
    const karawang = { sub: USER_ID.karawang, role: 'authenticated' };
    expect(await mayJoin(pool, karawang, `dermaga:hub:${HUB.karawang}`)).toBe(true);
    expect(await mayJoin(pool, karawang, 'dermaga:company')).toBe(true);
    expect(await mayJoin(pool, karawang, `dermaga:hub:${HUB.cikarang}`)).toBe(false);
    expect(await mayJoin(pool, karawang, 'dermaga:desk')).toBe(false);
    expect(await mayJoin(pool, { role: 'anon' }, 'dermaga:company')).toBe(false);
    expect(await mayJoin(pool, { sub: USER_ID.tower, role: 'authenticated' }, 'dermaga:desk')).toBe(true);
  });
});
