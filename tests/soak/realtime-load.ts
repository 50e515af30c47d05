// npm run load:realtime (issue 44): what one box holds of idle tablets connected to the
// stack's Realtime endpoint, and how fast a hub's tablets hear a change. Starts the stack as
// its own process group (tests/soak/stack-process.ts), opens RT_SOCKETS WebSockets (5,000),
// each joined as a hub user to its hub's private topic the way realtime-js joins it
// (phx_join with the access token, heartbeats every 25 s), RT_HUB_TABLETS (1,000) of them at
// Karawang. Then prints:
//   - the stack's memory (the gateway process's RSS) before and after the sockets;
//   - the stack's CPU (every process of its group: gateway, PostgreSQL, PostgREST, Deno) over
//     RT_IDLE_SECONDS (30) while nothing changes, as a share of one core and of the box;
//   - for RT_CHANGES (5) commits at Karawang (stock booked by the owner), the time from the
//     commit's return to each Karawang socket's poke: p50, p95, max, and how many heard it.
//   - with RT_PULL=1, each Karawang tablet then asks changed_tables as its round would (one
//     request each, all at once: the herd a poke starts), and the time until each is answered.
// The clients run in this process, on the same 2 cores as the stack.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { DEFAULT_JWT_SECRET, signHs256 } from '../../supabase/local/keys';
import { HUB, USER_ID, WAREHOUSE } from '../support/demo';
import { StackProcess } from './stack-process';

const SOCKETS = Number(process.env.RT_SOCKETS ?? 5000);
const HUB_TABLETS = Math.min(SOCKETS, Number(process.env.RT_HUB_TABLETS ?? 1000));
const IDLE_SECONDS = Number(process.env.RT_IDLE_SECONDS ?? 30);
const CHANGES = Number(process.env.RT_CHANGES ?? 5);
const PULL = process.env.RT_PULL === '1';
const OTHERS = [
  { user: USER_ID.cikarang, hub: HUB.cikarang },
  { user: USER_ID.poljak, hub: HUB.poljak },
  { user: USER_ID.polsub, hub: HUB.polsub },
  { user: USER_ID.makassar, hub: HUB.makassar },
];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

/** CPU ticks (user + system, 1/100 s) of every process in the group. */
function groupTicks(pgid: number): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue; // pgrp
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // ended meanwhile
    }
  }
  return ticks;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Tablet {
  ws: WebSocket;
  karawang: boolean;
  token: string;
}

function connect(url: string, user: string, hub: string, karawang: boolean, onPoke: (t: Tablet, at: number) => void) {
  return new Promise<Tablet>((resolve, reject) => {
    const now = Math.floor(Date.now() / 1000);
    const token = signHs256({ sub: user, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 7200 }, DEFAULT_JWT_SECRET);
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const tablet: Tablet = { ws, karawang, token };
    const topic = `realtime:dermaga:hub:${hub}`;
    let ref = 1;
    ws.on('open', () =>
      ws.send(JSON.stringify(['1', String(ref++), topic, 'phx_join', {
        config: { broadcast: { ack: false, self: false }, presence: { enabled: false }, postgres_changes: [], private: true },
        access_token: token,
      }])),
    );
    ws.on('message', (data) => {
      const [, , , event, payload] = JSON.parse(data.toString()) as [unknown, unknown, string, string, { status?: string }];
      if (event === 'phx_reply' && payload.status === 'ok' && ref === 2) {
        ref++;
        // Heartbeats as realtime-js sends them, every 25 s, each socket at its own moment.
        setTimeout(() => {
          const beat = setInterval(() => ws.readyState === ws.OPEN && ws.send(JSON.stringify([null, String(ref++), 'phoenix', 'heartbeat', {}])), 25_000);
          ws.on('close', () => clearInterval(beat));
        }, Math.random() * 25_000);
        resolve(tablet);
      } else if (event === 'phx_reply' && payload.status === 'error') reject(new Error(`join refused: ${JSON.stringify(payload)}`));
      else if (event === 'broadcast') onPoke(tablet, performance.now());
    });
    ws.on('error', reject);
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'dermaga-rtload-'));
  const stack = new StackProcess({ dataDir, databaseUrl: process.env.DATABASE_URL });
  const running = await stack.start();
  const pid = stack.pid!;
  const owner = new pg.Client({ connectionString: running.dbUrl });
  await owner.connect();
  const tablets: Tablet[] = [];
  try {
    const url = `${running.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${running.anonKey}&vsn=2.0.0`;
    await new Promise((r) => setTimeout(r, 3000));
    const rssBefore = rssMb(pid);
    let heard: number[] = [];
    let answered: number[] = [];
    const onPoke = (t: Tablet, at: number) => {
      if (!t.karawang) return;
      heard.push(at);
      if (PULL)
        void fetch(`${running.apiUrl}/rest/v1/rpc/changed_tables`, {
          method: 'POST',
          headers: { apikey: running.anonKey, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_checkpoints: {} }),
        }).then(
          (res) => res.arrayBuffer().then(() => res.ok && answered.push(performance.now())),
          () => undefined,
        );
    };
    const began = performance.now();
    for (let i = 0; i < SOCKETS; i += 250) {
      const batch = [];
      for (let j = i; j < Math.min(SOCKETS, i + 250); j++) {
        const karawang = j < HUB_TABLETS;
        const other = OTHERS[j % OTHERS.length]!;
        batch.push(connect(url, karawang ? USER_ID.karawang : other.user, karawang ? HUB.karawang : other.hub, karawang, onPoke));
      }
      tablets.push(...(await Promise.all(batch)));
    }
    const joinSeconds = (performance.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssMb(pid);
    console.log(`[rt-load] ${tablets.length} sockets joined (${HUB_TABLETS} at Karawang) in ${joinSeconds.toFixed(1)} s`);
    console.log(`[rt-load] gateway process RSS: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB with the sockets (${(((rssAfter - rssBefore) * 1024) / tablets.length).toFixed(1)} KB a socket)`);

    const t0 = groupTicks(pid);
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpuSeconds = (groupTicks(pid) - t0) / 100;
    const wall = (performance.now() - w0) / 1000;
    const cores = cpus().length;
    console.log(
      `[rt-load] idle ${wall.toFixed(0)} s with ${tablets.length} sockets: the stack used ${cpuSeconds.toFixed(2)} CPU s, ` +
        `${((cpuSeconds / wall) * 100).toFixed(1)}% of one core, ${((cpuSeconds / wall / cores) * 100).toFixed(1)}% of the ${cores}-core box`,
    );

    const p50s: number[] = [];
    const p95s: number[] = [];
    for (let c = 0; c < CHANGES; c++) {
      heard = [];
      answered = [];
      await owner.query(
        `insert into public.inventory (id, warehouse_id, date_recorded, smartboard_quantity, bracket_quantity)
         values (gen_random_uuid(), $1, current_date, 1, 0)`,
        [WAREHOUSE.karawang],
      );
      const committed = performance.now();
      const deadline = Date.now() + 30_000;
      while (heard.length < HUB_TABLETS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const ms = heard.map((at) => at - committed);
      p50s.push(percentile(ms, 50));
      p95s.push(percentile(ms, 95));
      console.log(
        `[rt-load] change ${c + 1}: ${heard.length} of ${HUB_TABLETS} Karawang tablets heard it; ` +
          `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
      );
      if (PULL) {
        while (answered.length < heard.length && Date.now() < deadline + 60_000) await new Promise((r) => setTimeout(r, 20));
        const asked = answered.map((at) => at - committed);
        console.log(
          `[rt-load]   then changed_tables answered ${answered.length}: p50 ${percentile(asked, 50).toFixed(0)} ms, ` +
            `p95 ${percentile(asked, 95).toFixed(0)} ms, max ${Math.max(...asked).toFixed(0)} ms after the commit`,
        );
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`[rt-load] over ${CHANGES} changes: median p50 ${percentile(p50s, 50).toFixed(0)} ms, worst p95 ${Math.max(...p95s).toFixed(0)} ms`);
  } finally {
    for (const t of tablets) t.ws.terminate();
    await owner.end();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
