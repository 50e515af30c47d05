// The public face of the sync engine. src/ imports the engine-free half (sync/pure.ts) and
// loads this module, with RxDB and Dexie behind it, only through a dynamic import
// (src/lib/sync-engine.tsx); tests and tools import it whole.
export * from './pure';
export { SyncEngine } from './engine';
export { DATABASE_PREFIX } from './db/database';
export { liveTable, liveDashboardInput } from './db/live-table';
