// Notices a database that stopped answering (issue 9: embedded PGlite can die
// on a hostile query and then every REST call hangs until it times out) and
// says so loudly instead of leaving a stack that looks up but serves nothing.
// It asks `select 1` every few seconds; no answer within the timeout, or an
// error, twice in a row, and onDead is called once with the reason.
import type pg from 'pg';

export interface Watchdog {
  stop(): void;
}

export function watchDatabase(
  pool: pg.Pool,
  opts: { intervalMs?: number; timeoutMs?: number; onDead: (reason: string) => void },
): Watchdog {
  const intervalMs = opts.intervalMs ?? 5000;
  const timeoutMs = opts.timeoutMs ?? 5000;
  let misses = 0;
  let dead = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const declare = (reason: string) => {
    if (dead) return;
    dead = true;
    clearTimeout(timer);
    opts.onDead(reason);
  };
  // A connection the database dropped: pg emits 'error' on the pool.
  const onPoolError = (error: Error) => declare(`connection lost: ${error.message}`);
  pool.on('error', onPoolError);

  const ping = async () => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        pool.query('select 1'),
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      misses = 0;
    } catch (error) {
      misses++;
      if (misses >= 2) declare(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timeout);
    }
    if (!dead) schedule();
  };
  // unref: the watchdog alone never keeps a process alive.
  const schedule = () => {
    timer = setTimeout(() => void ping(), intervalMs);
    timer.unref?.();
  };
  schedule();
  return {
    stop() {
      dead = true;
      clearTimeout(timer);
      pool.off('error', onPoolError);
    },
  };
}
