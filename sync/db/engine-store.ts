// The engine's own durable state, in IndexedDB through Dexie (not RxDB: these
// are queues and bookkeeping, never queried by the UI directly), and the tables the device
// only reads (STORE_TABLES: the users' names, read live by Dexie's liveQuery).
import { Dexie, type Table } from 'dexie';
import type { CommandEnvelope } from '../commands/types';
import type { RejectionCode } from '../errors';
import type { KeyedMessage } from '../message';
import type { DocumentKind, Profile, Tables, ViewTable } from '../model/rows';
import type { IndexedDbImpl } from './database';

export interface OutboxEntry extends CommandEnvelope {
  /** Device order: commands are sent and applied by seq. */
  seq?: number;
  /** pending: not yet accepted; applied: accepted, its effect awaits the pull horizon passing xid. */
  state: 'pending' | 'applied';
  xid: string | null;
  attempts: number;
  last_error: string | null;
  /**
   * Handed to a push call at least once (push.ts, under the write lock): the server may have
   * applied it, so it can no longer be withdrawn, only reversed (replication/undo.ts).
   */
  sent?: boolean;
}

/** The server's version of a row that pending commands changed in the view (null: row did not exist). */
export interface BaseEntry<T extends ViewTable = ViewTable> {
  key: string;
  table: T;
  id: string;
  row: Tables[T] | null;
}

interface UploadCommon {
  /** The object path in the bucket (deterministic: a retried upload rewrites one object). */
  path: string;
  shipment_id: string;
  mime: string;
  bytes: ArrayBuffer;
  /** failed: Storage refused it for good (issue 40: 403, 413, 415...); never retried, shown as a rejection. */
  state: 'pending' | 'uploaded' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: string;
}

/** A shipping form's photo, shipments/<shipment>/<slot>.<ext>: set_shipment_image once stored. */
export interface ImageUpload extends UploadCommon {
  slot: 'delivery_record' | 'bast';
  document?: undefined;
}

/** What attach_document records with a document, fixed when it was made on the device. */
export interface DocumentFacts {
  /** The shipment_documents row's id (the caller's, or made when queued). */
  id: string;
  kind: DocumentKind;
  size_bytes: number;
  /** SHA-256 of the bytes, 64 lowercase hex digits. */
  sha256: string;
  /** When it was captured or made on the device (ISO). */
  device_time: string;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
  discrepancy_id: string | null;
  /** A correction (issue 40): the sealed document it replaces (attach_correction). */
  replaces?: string | null;
}

/**
 * A document of a shipment (surat jalan, BAST, signature, discrepancy photo),
 * shipments/<shipment>/documents/<id>.<pdf|png|jpg>: attach_document once stored.
 */
export interface DocumentUpload extends UploadCommon {
  slot?: undefined;
  document: DocumentFacts;
  /** A document the queue makes again with the server's time before it goes up (the BAST). */
  remake?: DocumentRemake;
}

/**
 * What a document that shows the server's receipt time was made from (issue 28: the BAST),
 * kept with its queued bytes until they are uploaded; sync/uploads/server-time.ts.
 */
export interface DocumentRemake {
  /** The shipment_receipts row whose received_at the document shows. */
  receipt_id: string;
  /** The maker's own input (the app's BastData); the sync layer only keeps it. */
  data: unknown;
  /** Set once the bytes were made again with the receipt's server time: they are final. */
  server_time: string | null;
}

/** Entries written before issue 28 are photos (no `document`), and stay so. */
export type UploadEntry = ImageUpload | DocumentUpload;

export interface ConflictEntry {
  command_id: string;
  type: string;
  code: RejectionCode;
  /** The text as it came (the server's Indonesian sentence): shown when there is no key. */
  message: string;
  /** The refusal by key (issue 39): shown in the device's language. Absent in older rows. */
  key?: KeyedMessage;
  at: string;
  payload: unknown;
}

interface MetaEntry {
  key: string;
  value: unknown;
}

/** Meta key: the RxDB collections a device held that the view no longer has, to remove once. */
export const LEFT_RXDB = 'rxdb:left';

export class EngineStore extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  base!: Table<BaseEntry, string>;
  uploads!: Table<UploadEntry, string>;
  conflicts!: Table<ConflictEntry, string>;
  meta!: Table<MetaEntry, string>;
  /** STORE_TABLES (model/rows.ts): pulled rows as the server sent them, deleted ones removed. */
  profiles!: Table<Profile, string>;

  constructor(name: string, idb?: IndexedDbImpl) {
    super(name, idb ? { indexedDB: idb.indexedDB, IDBKeyRange: idb.IDBKeyRange } : undefined);
    this.version(1).stores({
      outbox: '++seq, &id, state',
      base: 'key',
      uploads: 'path, state, shipment_id',
      conflicts: 'command_id, at',
      meta: 'key',
    });
    // The users' names left RxDB (its 14th collection waited 1.8 s at every start): a device
    // that held them there pulls them again into this table.
    this.version(2)
      .stores({ profiles: 'id' })
      .upgrade((tx) => tx.table('meta').bulkDelete(['checkpoint:profiles', 'firstPull:profiles']));
    // ...and the RxDB collection that held them is removed (database.ts, openLocal): its
    // IndexedDB database stayed on the device until sign-out. Version 2's devices too.
    this.version(3)
      .stores({})
      .upgrade((tx) => tx.table('meta').put({ key: LEFT_RXDB, value: ['profiles'] }));
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.meta.put({ key, value });
  }

  async deleteMeta(key: string): Promise<void> {
    await this.meta.delete(key);
  }
}

export const baseKey = (table: ViewTable, id: string) => `${table}:${id}`;
