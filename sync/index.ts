// The public face of the sync engine: the only module src/ may import.
export { SyncEngine, ValidationFailed, type SyncOptions, type SyncStatus } from './engine';
export { CommandRefused, type Actor, type Change, type CommandEnvelope } from './commands/types';
export { CATALOGUE } from './commands/catalogue';
export { MESSAGES } from './messages';
export { DATABASE_PREFIX, type LocalDatabase } from './db/database';
export { uploadPath, type ImageSlot } from './uploads/queue';
export type * from './model/rows';
