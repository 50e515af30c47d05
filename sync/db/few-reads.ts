// RxDB's Dexie storage reads every document it is about to write (Dexie's bulkGet: one IndexedDB
// request a key) to find a conflict, also where the collection is empty: a new device's first
// sync read each of its rows before writing it, one request a row, each a round trip to the
// browser's IndexedDB backend (issue 43; docs/performance.md, "The 14th collection"). This Dexie
// middleware, installed on RxDB's Dexie databases (database.ts), answers a read of many keys with
// one count over the keys' range, and, when that range holds few more rows than the keys, one read
// of it; else the read a key as before. The answer is the same: each key's stored row, or
// undefined.
import {
  cmp,
  type DBCore,
  type DBCoreGetManyRequest,
  type DBCoreQuery,
  type DBCoreRangeType,
  type Middleware,
} from 'dexie';

/** Fewer keys than this are read one request a key (a tap's few rows). */
export const MANY_KEYS = 64;
/** The range is read whole when it holds at most this many rows a key asked for. */
const SPREAD = 2;

function fewReads(down: DBCore): DBCore {
  return {
    ...down,
    table(name) {
      const table = down.table(name);
      const primaryKey = table.schema.primaryKey;
      const keyOf = primaryKey.extractKey;
      if (primaryKey.outbound || primaryKey.compound || !keyOf) return table;
      return {
        ...table,
        async getMany(req: DBCoreGetManyRequest) {
          const { keys } = req;
          if (keys.length < MANY_KEYS || !keys.every((k) => typeof k === 'string')) return table.getMany(req);
          let lower = keys[0] as string;
          let upper = keys[0] as string;
          for (const key of keys) {
            if (cmp(key, lower) < 0) lower = key;
            if (cmp(key, upper) > 0) upper = key;
          }
          // DBCoreRangeType.Range (a const enum: its value, as the type allows).
          const query: DBCoreQuery = {
            index: primaryKey,
            range: { type: 2 as DBCoreRangeType, lower, upper },
          };
          const held = await table.count({ trans: req.trans, query });
          if (held === 0) return keys.map(() => undefined);
          if (held > SPREAD * keys.length) return table.getMany(req);
          const { result } = await table.query({ trans: req.trans, query, values: true });
          const byKey = new Map<unknown, unknown>(result.map((row) => [keyOf(row), row]));
          return keys.map((key) => byKey.get(key));
        },
      };
    },
  };
}

export const FEW_READS: Middleware<DBCore> = { stack: 'dbcore', name: 'dermagaFewReads', create: fewReads };
