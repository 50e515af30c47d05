// A request whose answer never comes fails after its bound instead of the platform's 300 s
// (src/lib/session/request-timeout.ts): a real HTTP server that reads the request and never answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithTimeout } from '../../src/lib/session/request-timeout';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req) => req.resume()); // never answers
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// Timed from before the request starts (its bound starts with it): on a loaded machine the first
// fetch can spend hundreds of milliseconds setting up before a promise is returned.
async function failsAfter(request: () => Promise<unknown>): Promise<{ name: string; ms: number }> {
  const t0 = Date.now();
  try {
    await request();
    return { name: 'answered', ms: Date.now() - t0 };
  } catch (error) {
    return { name: (error as Error).name, ms: Date.now() - t0 };
  }
}

describe('fetchWithTimeout', () => {
  it('fails a request that is never answered after its bound, as a timeout', async () => {
    const f = fetchWithTimeout(fetch, { requestMs: 300, uploadMs: 5_000 });
    const out = await failsAfter(() => f(`${base}/rest/v1/rpc/pull_changes`, { method: 'POST', body: '{}' }));
    expect(out.name).toBe('TimeoutError');
    expect(out.ms).toBeGreaterThanOrEqual(250);
    expect(out.ms).toBeLessThan(3_000);
  });

  it('gives a photo upload the longer bound', async () => {
    const f = fetchWithTimeout(fetch, { requestMs: 300, uploadMs: 1_200 });
    const out = await failsAfter(() =>
      f(`${base}/storage/v1/object/shipment-documents/shipments/x/bast.png`, { method: 'POST', body: 'x' }),
    );
    expect(out.name).toBe('TimeoutError');
    expect(out.ms).toBeGreaterThanOrEqual(1_100);
  });

  it("keeps the caller's own signal", async () => {
    const f = fetchWithTimeout(fetch, { requestMs: 5_000 });
    const out = await failsAfter(() =>
      f(`${base}/auth/v1/token`, { method: 'POST', signal: AbortSignal.timeout(200) }),
    );
    expect(out.name).toBe('TimeoutError');
    expect(out.ms).toBeLessThan(2_000);
  });
});
