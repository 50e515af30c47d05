// The public face of the sync engine: the only module src/ may import.
export { SyncEngine, ValidationFailed, LocalWriteFailed, type SyncOptions, type SyncStatus } from './engine';
export type { TableProgress } from './replication/pull';
export { CommandRefused, type Actor, type Change, type CommandEnvelope } from './commands/types';
export { CATALOGUE } from './commands/catalogue';
export { MESSAGES } from './messages';
export { DATABASE_PREFIX, type LocalDatabase } from './db/database';
export { uploadPath, type ImageSlot } from './uploads/queue';
export type * from './model/rows';
// Pure rules and engine-store shapes the hub operations screens use (issue 6).
export { vehicleBadge, type VehicleBadge } from './domain/vehicle-badge';
export { hubKind, type HubKind } from './domain/hub-type';
export { otwForHub, otwForWarehouse, type OtwStatus } from './domain/destination';
export { jakartaDate, formatWib } from './domain/time';
export { seaBatchNumber } from './commands/shipping';
export type { OutboxEntry, UploadEntry, ConflictEntry } from './db/engine-store';
// The dashboard's, in-transit's and hub activity's figures (issue 10).
export * from './domain/dashboard';
export * from './domain/dashboard-figures';
export { liveTable, liveDashboardInput, type LiveTable } from './db/live-table';
export { podCityOfHub, podCityOfShipment } from './domain/pod-city';
export { warehouseForCity } from './domain/lookups';
export { mayActForPodCity } from './commands/pod';
