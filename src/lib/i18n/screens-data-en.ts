// English for the audit trail, Inventory Master, the ui primitives and the date picker (the same keys as
// screens-data-id.ts).
// The spec's texts that are the same in both languages are read from screensDataId, not written twice.
import { screensDataId } from './screens-data-id';

export const screensDataEn: typeof screensDataId = {
  audit: {
    description:
      'Every action sent by every device, newest first: who did what, when the device says it happened, when the server received it, and the outcome.',
    filterUserPlaceholder: 'Email or name',
    filterFrom: 'From date',
    filterTo: 'To date',
    all: 'All',
    reset: 'Reset filters',
    columns: {
      deviceTime: 'Device time',
      serverTime: 'Received by server',
      outcome: 'Outcome',
    },
    applied: 'Applied',
    rejectedWith: 'Rejected: {{message}}',
    empty: 'No actions for these filters.',
    failed: 'Failed to load the audit trail: {{error}}',
    payload: 'Data sent',
    detailLabel: 'Details {{what}} {{when}}',
  },
  inventory: {
    title: 'Inventory Master',
    subtitle: 'Manage the inventory of goods in the warehouses',
    add: 'Add Inventory',
    addTitle: 'Add Inventory Data',
    addWarehouseTitle: 'Add New Warehouse',
    addWarehouse: 'Add Warehouse',
    noWarehouses: 'No warehouses with stock yet.',
    summary: screensDataId.inventory.summary,
    tvStock: 'TV Stock: {{value}}',
    bracketStock: 'Bracket Stock: {{value}}',
    fields: {
      smartboard: 'Smartboard Quantity',
      bracket: 'Bracket Quantity',
      batch: 'Batch Number (Optional)',
      warehouseName: 'Warehouse Name',
      location: 'Location (Optional)',
    },
    toast: {
      inventoryAdded: 'Inventory added successfully',
      warehouseAdded: 'Warehouse added successfully',
    },
    failure: screensDataId.inventory.failure,
    message: {
      chooseDate: 'Choose a date',
      smartboardNotNegative: 'The smartboard quantity cannot be negative',
      bracketNotNegative: 'The bracket quantity cannot be negative',
    },
  },
  ui: {
    closeToast: 'Close notification',
  },
  datePicker: {
    noDay: 'dd/mm/yyyy',
  },
};
