// The product's messages that commands validate and refuse with (spec 5 and 8, verbatim, and
// the few the spec has none for): the server's messages by key (server-texts.ts, one text per
// key, issue 39), with each templated one as a function of its values, so code that needs the
// Indonesian sentence (a zod message, a test) names it by its key. src/lib/i18n/default-strings.ts
// re-exports what the UI needs.
import { messageText, type MessageKey, type MessageParam } from './message';
import { SERVER_TEXTS } from './server-texts';

const text = (key: MessageKey, params: Record<string, MessageParam>) => messageText({ key, params });

export const MESSAGES = {
  ...SERVER_TEXTS,
  warehouseNotFoundForCity: (city: string) => text('warehouseNotFoundForCity', { city }),
  vehicleInactive: (plate: string) => text('vehicleInactive', { plate }),
  vehicleNotAtHub: (plate: string) => text('vehicleNotAtHub', { plate }),
  vehicleInQueue: (plate: string) => text('vehicleInQueue', { plate }),
  duplicateVendor: (name: string) => text('duplicateVendor', { name }),
  duplicateVehicleType: (name: string) => text('duplicateVehicleType', { name }),
  duplicateHub: (name: string) => text('duplicateHub', { name }),
  vehicleNotReady: (plate: string) => text('vehicleNotReady', { plate }),
  notSeaFleet: (plate: string) => text('notSeaFleet', { plate }),
  notInReadyQueue: (plate: string) => text('notInReadyQueue', { plate }),
  notInQueue: (plate: string) => text('notInQueue', { plate }),
  notLoadingHere: (plate: string) => text('notLoadingHere', { plate }),
  vendorHasVehicles: (name: string, count: number) => text('vendorHasVehicles', { name, count }),
  hubHasWarehouses: (name: string) => text('hubHasWarehouses', { name }),
  stockShort: (item: 'Smartboard' | 'Bracket', warehouse: string, available: number, asked: number) =>
    text('stockShort', { item, warehouse, available, asked }),
  batchTaken: (batch: string) => text('batchTaken', { batch }),
  /** A command the API refused for what it carries (push.ts): set aside on the device. */
  unsendable: (answer: string) => text('unsendable', { answer }),
  // issue 40: every stored text bounded (sync/commands/text-bounds.ts; the server's
  // public.cmd_require_text_bound refuses with the same words)
  textTooLong: {
    ...SERVER_TEXTS.textTooLong,
    person: SERVER_TEXTS.handover.nameTooLong,
    note: SERVER_TEXTS.handover.noteTooLong,
  },
};
