// The gateway keeps an idle keep-alive connection open longer than its clients keep theirs
// (supabase/local/stack.ts). With Node's 5 s default, a client that reused a connection idle
// for about 5 s raced the server closing it, and a POST failed with "fetch failed" (status 0:
// seen in bad-input-services on a loaded machine). Here a connection idle for 6 s is still
// the one the next request goes on.
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { stack } from '../support/clients';

function get(agent: Agent, path: string): Promise<{ status: number; reused: boolean; keepAlive: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack().apiUrl}${path}`, { agent, headers: { apikey: stack().anonKey } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, keepAlive: String(res.headers['keep-alive'] ?? '') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('an idle connection to the gateway', () => {
  it('is still open after 6 s, and the server says it keeps it about a minute', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, '/auth/v1/health');
      expect(first.status).toBe(200);
      expect(first.reused).toBe(false);
      expect(first.keepAlive).toMatch(/timeout=(\d+)/);
      expect(Number(/timeout=(\d+)/.exec(first.keepAlive)![1])).toBeGreaterThanOrEqual(60);
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await get(agent, '/auth/v1/health');
      expect(second.status).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
