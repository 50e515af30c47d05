// Status Shipment Management: the spec's strings (2.11, 5, 8.4) verbatim, and
// the few it has none for (marked).
export const TITLE = 'Status Shipment Management';
export const DESCRIPTION = 'Kelola nilai status shipment, label dan warnanya.'; // not in the spec
export const ADD_STATUS = 'Add Status';
export const ADD_TITLE = 'Add New Status';
export const EDIT_TITLE = 'Edit Status';
export const COLUMN_KEY = 'Status Key';
export const COLUMN_LABEL = 'Display Label';
export const COLUMN_PREVIEW = 'Preview';
export const COLUMN_ACTIONS = 'Actions';
export const FIELD_KEY = 'Status Key';
export const FIELD_LABEL = 'Display Label';
export const FIELD_COLOR = 'Badge Color';
export const KEY_HINT = 'Lower case words joined by underscores, e.g. otw_makassar.'; // not in the spec
export const EDIT = 'Edit';
export const DELETE = 'Delete';
export const DELETE_TITLE = 'Are you sure?';
export const deleteDescription = (key: string) =>
  `This action cannot be undone. This will permanently delete the status "${key}" from the database.`;
export const READ_ONLY = 'Only an admin can change the statuses.'; // not in the spec
export const EMPTY = 'Belum ada status.'; // not in the spec

export const COLOR_LABELS = {
  info: 'Info',
  warning: 'Warning',
  primary: 'Primary',
  success: 'Success',
  danger: 'Danger',
} as const;

// spec 5 and 8.4
export const REQUIRED = 'Both key and label are required';
export const FAILURE = {
  fetch: 'Failed to fetch status values',
  connect: 'Failed to connect to database',
  checkUsed: 'Failed to check if status is in use',
  inUse: 'Cannot Delete - This status is currently being used by shipments and cannot be deleted',
  verifyUsage: 'Failed to verify status usage',
  updateDb: 'Failed to update status in database',
  update: 'Failed to update status',
  deleteDb: 'Failed to delete status from database',
  delete: 'Failed to delete status',
  addDb: 'Failed to add status to database',
  add: 'Failed to add status',
} as const;
export const SUCCESS = {
  updated: 'Status updated successfully',
  deleted: 'Status deleted successfully',
  added: 'Status added successfully',
} as const;
