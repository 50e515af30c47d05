// The engine-free half of the sync package's public face: the rules, messages, command
// catalogue and row types the screens use, with no RxDB or Dexie behind them. src/ imports
// from here, so a screen's chunk never carries the engine: the engine itself (RxDB, ten
// collections, the replication) is loaded on its own (src/lib/sync-engine.tsx) once the first
// screen is painted (issue 14, P5). sync/index.ts re-exports all of this with the engine.
export type { ChangeWatch, SyncEngine, SyncOptions, SyncStatus } from './engine';
export {
  CommandRefused,
  LocalWriteFailed,
  REJECTION_CODES,
  TransientError,
  ValidationFailed,
  type RejectionCode,
} from './errors';
export type { TableProgress } from './replication/pull';
export type { Actor, Change, CommandEnvelope } from './commands/types';
export {
  CATALOGUE,
  COMMANDS,
  type AnyCommand,
  type CommandInput,
  type CommandPayload,
  type CommandType,
} from './commands/catalogue';
export { MESSAGES } from './messages';
export {
  issueMessage,
  issueText,
  KEY,
  keyedMessage,
  type KeyedMessage,
  type MessageKey,
  type MessageParam,
} from './message';
export type { LocalDatabase } from './db/database';
export { uploadPath, type ImageSlot } from './uploads/queue';
export type * from './model/rows';
// Pure rules and engine-store shapes the hub operations screens use (issue 6).
export { vehicleBadge, type VehicleBadge } from './domain/vehicle-badge';
export { hubKind, type HubKind } from './domain/hub-type';
export { otwForHub, otwForWarehouse, type OtwStatus } from './domain/destination';
export { jakartaDate, formatWib } from './domain/time';
export {
  DEFAULT_RETENTION_DAYS,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  retentionSchema,
  UNLOADED_STATUSES,
} from './domain/working-set';
export { seaBatchNumber } from './commands/shipping';
export { isUndoable, UNDO_WINDOW_MS } from './commands/undo';
export { isCorrectable } from './commands/shipment-correction';
export { mayBookAt } from './commands/master-data';
// Issue 42: TVs by serial: a serial's one form, a loading scan's check, a hub that tracks them.
export {
  checkLoadScan,
  checkReceiptSerials,
  MAX_SERIALS,
  normalizeSerial,
  tallySerials,
  type ReceiptSerials,
  type SerialCounts,
  type SerialProblem,
  type SerialScan,
  type SerialTally,
  type UnitPlace,
} from './domain/serials';
export { tracksSerials } from './commands/serials';
export { unitInSet } from './domain/working-set';
export * from './domain/stock';
export type {
  OutboxEntry,
  UploadEntry,
  ImageUpload,
  DocumentUpload,
  DocumentFacts,
  ConflictEntry,
} from './db/engine-store';
// The dashboard's, in-transit's and hub activity's figures (issue 10).
export * from './domain/dashboard';
export * from './domain/dashboard-figures';
export type { LiveTable } from './db/live-table';
export { podCityOfHub, podCityOfShipment } from './domain/pod-city';
export { firstWarehouseOf, warehouseForCity } from './domain/lookups';
export { mayActForPodCity } from './commands/pod';
// The handover (issue 28): the counted receipt's rules (the form shows the commands' own
// messages per field), the handover's messages, where a document is stored.
export {
  checkReceipt,
  receiptFieldMessages,
  neededDiscrepancies,
  bookedCounts,
  receiptTally,
  receiptInput,
  RECEIPT_ITEMS,
  DISCREPANCY_REASONS,
  COUNT_FIELDS,
  MAX_COUNT,
  MAX_NAME,
  MAX_NOTE,
  MAX_PHOTOS,
  type ReceiptValues,
  type ReceiptDiscrepancy,
  type ReceiptProblem,
  type NeededDiscrepancy,
  type SentCounts,
  type ShipmentSent,
  type CountField,
  type ReceiptItem,
  type DiscrepancyReason,
  type ReceiptInput,
  type Receipt,
} from './commands/handover-receipt';
export { HANDOVER_MESSAGES, discrepancyMessage } from './messages-handover';
export { DOCUMENT_KINDS, DOCUMENT_EXTENSION, documentObjectPath } from './commands/handover';
