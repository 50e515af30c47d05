// The database under concurrent clients. PGlite has one backend behind a
// socket server that queues every connection's protocol messages; extended
// queries (what node-postgres and PostgREST send: Parse, Bind, Execute, Sync)
// from different clients must not interleave (supabase/local/pglite-queue.ts).
// Against PostgreSQL the same test holds trivially.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stack } from '../support/clients';

const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
});

describe('concurrent clients', () => {
  it('run parameterized queries side by side, each getting its own answers', async () => {
    for (let i = 0; i < 8; i++) {
      const client = new pg.Client({ connectionString: stack().dbUrl });
      await client.connect();
      clients.push(client);
    }
    const errors: string[] = [];
    let answered = 0;
    await Promise.all(
      clients.map(async (client, c) => {
        for (let n = 0; n < 60; n++) {
          if (n > 0 && errors.length) await client.query('rollback').catch(() => undefined);
          try {
            // Each client's own statement text (and, for odd clients, another parameter
            // count): a Bind that meets another client's statement answers wrong or fails.
            // Half the clients work in transactions, whose statements the queue keeps together.
            const inTransaction = c % 4 < 2;
            if (inTransaction) await client.query('begin');
            const { rows } =
              c % 2 === 0
                ? await client.query<{ c: number; n: number }>(`select ${c} as c, $1::int as n`, [n])
                : await client.query<{ c: number; n: number }>(`select ${c} as c, $1::int + $2::int as n`, [n, 0]);
            if (inTransaction) await client.query('commit');
            if (rows[0]!.c !== c || rows[0]!.n !== n) errors.push(`client ${c} query ${n}: got ${JSON.stringify(rows[0])}`);
            answered++;
          } catch (error) {
            errors.push(`client ${c} query ${n}: ${(error as Error).message}`);
          }
        }
      }),
    );
    expect(errors).toEqual([]);
    expect(answered).toBe(8 * 60);
    // One failed statement leaves the database serving the others.
    await expect(clients[0]!.query('select 1 / 0')).rejects.toThrow(/division by zero/);
    expect((await clients[1]!.query('select 2 as v')).rows[0].v).toBe(2);
  });
});
