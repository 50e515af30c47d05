// PGlite has one backend; @electric-sql/pglite-socket (0.2.17) queues the
// protocol messages of every client connection onto it one message at a time,
// keeping a transaction's messages together but not an extended query's:
// client A's Parse, then client B's Parse (replacing the unnamed statement),
// then A's Bind fails ('bind message supplies 1 parameters, but prepared
// statement "" requires 0', 'portal "" does not exist'), which PostgREST,
// Auth and Storage answered as 5xx under concurrent requests. A failed
// message also left the queue marked busy for good.
//
// This replaces the queue's processing loop on the server's instance: a
// client that has begun an extended query (Parse, Bind, Describe, Execute,
// Close, Flush) keeps the backend until its Sync, as inside a transaction; an
// error is passed to its client and the queue goes on. Internal API of the
// pinned version; tests/integration/pglite-concurrency.test.ts holds it to this.
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface Entry {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueueInternals {
  db: PGlite;
  queue: Entry[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const ENDS = new Set(['S', 'Q', 'X'].map((c) => c.charCodeAt(0)));

export function keepExtendedQueriesTogether(server: PGLiteSocketServer): void {
  const q = (server as unknown as { queryQueue?: QueueInternals }).queryQueue;
  if (!q || !Array.isArray(q.queue) || typeof q.clearQueueForHandler !== 'function') {
    throw new Error('pglite-socket changed: review supabase/local/pglite-queue.ts');
  }
  /** The client in the middle of an extended query, until its Sync. */
  let holder: number | null = null;

  q.processQueue = async function processQueue() {
    if (q.processing || q.queue.length === 0) return;
    q.processing = true;
    try {
      while (q.queue.length > 0) {
        const owner = holder ?? (q.db.isInTransaction() ? q.lastHandlerId : null);
        let entry: Entry | undefined;
        if (owner !== null) {
          const at = q.queue.findIndex((e) => e.handlerId === owner);
          if (at === -1) break; // its next message will start the loop again
          entry = q.queue.splice(at, 1)[0];
        } else {
          entry = q.queue.shift();
        }
        if (!entry) break;
        const type = entry.message[0]!;
        if (EXTENDED.has(type)) holder = entry.handlerId;
        else if (ENDS.has(type) && holder === entry.handlerId) holder = null;
        let bytes = 0;
        const current = entry;
        try {
          await q.db.runExclusive(() =>
            q.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          current.reject(error);
          continue;
        }
        q.lastHandlerId = entry.handlerId;
        entry.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };

  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    // A client gone mid-query releases the backend.
    if (holder === handlerId) holder = null;
    clear(handlerId);
    void q.processQueue();
  };
}
