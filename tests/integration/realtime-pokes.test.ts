// Issue 44: changes pushed, not polled. The database pokes a topic per scope on commit
// (supabase/schemas/functions/realtime_pokes.sql) and the stack's Realtime endpoint
// (supabase/local/realtime.ts) lets a user join only the topics RLS on realtime.messages
// allows, through supabase-js's own channel API, as on hosted Supabase. Which topics a commit's
// rows name, and what working them out costs, is realtime-pokes-topics.test.ts.
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, ownerSql, stack } from '../support/clients';
import { WAREHOUSE } from '../support/demo';
import { as, closeDb, id } from './commands-support';
import { addStock, hub, join, keep, leaveChannels, user } from './pokes-support';
import { PokeChannels, type SocketState } from '../../sync/replication/pokes';

afterAll(closeDb);

afterAll(leaveChannels);

describe('who may join a topic (RLS on realtime.messages, as the joining user)', () => {
  it('a hub user joins its own hub and the company topic, and is refused another hub, the desk and another user', async () => {
    const karawang = await user('karawang');
    expect((await join(karawang, hub('karawang'))).status).toBe('SUBSCRIBED');
    expect((await join(karawang, 'dermaga:company')).status).toBe('SUBSCRIBED');
    const other = await join(karawang, hub('cikarang'));
    expect(other.status).toBe('CHANNEL_ERROR');
    expect(other.error).toMatch(/Unauthorized/);
    expect((await join(karawang, 'dermaga:desk')).status).toBe('CHANNEL_ERROR');
    expect((await join(karawang, 'dermaga:user:aaaaaaaa-0000-4000-8000-000000000001')).status).toBe(
      'CHANNEL_ERROR',
    );
  });

  it('an anonymous client joins no topic at all, and a public channel is refused', async () => {
    const anon = keep(anonClient());
    for (const topic of ['dermaga:company', hub('karawang'), 'dermaga:desk']) {
      const joined = await join(anon, topic);
      expect(joined.status, topic).toBe('CHANNEL_ERROR');
      expect(joined.error).toMatch(/Unauthorized/);
    }
    const karawang = await user('karawang');
    const open = await new Promise<string>((resolve) =>
      karawang
        .channel('dermaga:company', { config: { private: false } })
        .subscribe((status) => resolve(status)),
    );
    expect(open).toBe('CHANNEL_ERROR');
  });

  it('tower control joins every hub and the desk', async () => {
    const tower = await user('tower');
    for (const topic of [hub('karawang'), hub('cikarang'), 'dermaga:desk', 'dermaga:company'])
      expect((await join(tower, topic)).status, topic).toBe('SUBSCRIBED');
  });
});

describe('the endpoint is bounded', () => {
  const url = (query: string) => `${stack().apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket${query}`;
  const outcome = (ws: WebSocket) =>
    new Promise<string>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(`http ${res.statusCode}`));
      ws.on('close', (code) => resolve(`closed ${code}`));
      ws.on('error', () => undefined);
    });

  it('refuses a socket without a valid key, and closes one that sends a frame over 16 KiB', async () => {
    expect(await outcome(new WebSocket(url('?vsn=2.0.0')))).toBe('http 401');
    expect(await outcome(new WebSocket(url('?vsn=2.0.0&apikey=forged')))).toBe('http 401');
    const big = new WebSocket(url(`?vsn=2.0.0&apikey=${stack().anonKey}`));
    const closed = outcome(big);
    big.on('open', () =>
      big.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(17 * 1024) }])),
    );
    expect(await closed).toBe('closed 1009');
  });
});

describe('a commit pokes the scopes that read it, and only those', () => {
  it('stock booked at Karawang pokes the Karawang and desk subscribers, not Cikarang nor the company topic', async () => {
    const karawang = await user('karawang');
    const tower = await user('tower');
    const cikarang = await user('cikarang');
    const atKarawang = await join(karawang, hub('karawang'));
    const desk = await join(tower, 'dermaga:desk');
    // Cikarang's channels share one socket: what reaches it arrives in commit order.
    const cikarangHeard: string[] = [];
    const atCikarang = await join(cikarang, hub('cikarang'), cikarangHeard);
    const company = await join(cikarang, 'dermaga:company', cikarangHeard);
    for (const j of [atKarawang, desk, atCikarang, company]) expect(j.status).toBe('SUBSCRIBED');

    await addStock(WAREHOUSE.karawang);
    await expect.poll(() => atKarawang.pokes).toContain(hub('karawang'));
    await expect.poll(() => desk.pokes).toContain('dermaga:desk');
    // A later commit at Cikarang is the fence: once its poke is heard, anything the Karawang
    // commit sent to Cikarang's socket would have arrived before it.
    await addStock(WAREHOUSE.cikarang);
    await expect.poll(() => cikarangHeard).toContain(hub('cikarang'));
    expect(company.pokes).toEqual([]);
    expect(cikarangHeard.every((scope) => scope === hub('cikarang'))).toBe(true);
    // No row data in a poke: the scope, and nothing else.
    expect(atKarawang.pokes.every((scope) => scope === hub('karawang'))).toBe(true);
  });

  it('a vendor (a company-wide table) pokes the company topic', async () => {
    const karawang = await user('karawang');
    const company = await join(karawang, 'dermaga:company');
    await (await as('admin')).ok('add_vendor', { vendor_id: id(), name: `Poke ${id().slice(0, 8)}` });
    await expect.poll(() => company.pokes).toContain('dermaga:company');
  });

  it('a burst to one topic sends at most one poke per 250 ms', async () => {
    const sql = await ownerSql();
    const listener = await ownerSql();
    try {
      const topic = `dermaga:burst:${id()}`;
      const heard: number[] = [];
      listener.on('notification', (n) => {
        if (n.payload?.includes(topic)) heard.push(Date.now());
      });
      await listener.query('listen dermaga_realtime');
      const started = Date.now();
      for (let i = 0; i < 40; i++) await sql.query('select public.poke_topic($1)', [topic]);
      await sql.query('select public.poke_topic($1)', [topic]);
      const elapsed = Date.now() - started;
      await expect.poll(() => heard.length).toBeGreaterThan(0);
      console.log(`[pokes] 41 commits to one topic in ${elapsed} ms sent ${heard.length} poke(s)`);
      expect(heard.length).toBeLessThanOrEqual(Math.floor(elapsed / 250) + 1);
    } finally {
      await sql.end();
      await listener.end();
    }
  });
});

describe('the device side (sync/replication/pokes.ts)', () => {
  it('a channel the server closes on a refused token refresh is joined again, and runs a round when it is', async () => {
    const karawang = await user('karawang');
    const states: SocketState[] = [];
    const rounds: string[] = [];
    const pokes = new PokeChannels({
      supabase: karawang,
      onPoke: (why) => rounds.push(why),
      onState: (s) => states.push(s),
    });
    try {
      pokes.subscribe([hub('karawang'), 'dermaga:company']);
      await expect.poll(() => pokes.socketState, { timeout: 20_000 }).toBe('live');
      expect(rounds.filter((r) => r === 'subscribed')).toHaveLength(2);
      const good = (await karawang.auth.getSession()).data.session!.access_token;
      // A refresh the server refuses: it closes both channels (as hosted Realtime does).
      await karawang.realtime.setAuth('not-a-token');
      await expect.poll(() => pokes.socketState, { timeout: 20_000 }).toBe('down');
      await karawang.realtime.setAuth(good);
      await expect.poll(() => pokes.socketState, { timeout: 60_000 }).toBe('live');
      expect(rounds.filter((r) => r === 'subscribed').length).toBeGreaterThanOrEqual(4);
      // And it hears again.
      await addStock(WAREHOUSE.karawang);
      await expect.poll(() => rounds.includes('poke'), { timeout: 20_000 }).toBe(true);
    } finally {
      await pokes.stop();
    }
  });
});
