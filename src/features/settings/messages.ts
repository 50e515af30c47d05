// Settings (spec 2.1 names the entry only; issue 12 says what an admin of a fleet of tablets needs).
export const SETTINGS_TITLE = 'Settings';
export const SETTINGS_DESCRIPTION =
  'This device: its sync, its storage, the app version and a diagnostics file for support.';
export const SYNC_CARD = 'Sync on this device';
export const STORAGE_CARD = 'Storage on this device';
export const STORAGE_USED = 'Used';
export const STORAGE_QUOTA = 'Available to the app';
export const STORAGE_PERSISTENT = 'Persistent storage';
export const STORAGE_GRANTED = 'Granted: the browser will not clear it to free space';
export const STORAGE_NOT_GRANTED = 'Not granted: the browser may clear unsynced work when space runs low';
export const STORAGE_UNSUPPORTED = 'This browser does not report its storage.';
export const STORAGE_ASK = 'Ask for persistent storage';
export const STORAGE_REFUSED =
  'The browser did not grant persistent storage. Installing the app usually lets it.';
export const VERSION_CARD = 'App version';
export const VERSION_LABEL = 'Version';
export const VERSION_BUILT = 'Built';
export const UPDATE_CHECK = 'Check for updates';
export const UPDATE_CHECKING = 'Checking...';
export const UPDATE_NONE = 'This is the latest version.';
export const UPDATE_READY = 'A new version is ready: choose Reload in the notice to use it.';
export const UPDATE_NO_WORKER = 'Updates are not available here (no service worker).';
export const UPDATE_OFFLINE = 'Connect to check for updates.';
export const UPDATE_FAILED = 'The update check failed';
export const DIAGNOSTICS_CARD = 'Diagnostics';
export const DIAGNOSTICS_DESCRIPTION =
  "A file for support with this device's outbox, rejected actions, sync state and versions. It never contains passwords or tokens.";
export const DIAGNOSTICS_EXPORT = 'Export diagnostics';
export const DIAGNOSTICS_DONE = 'Diagnostics file saved';
