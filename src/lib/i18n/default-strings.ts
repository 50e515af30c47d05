// The app's own strings as constants, for code and tests that quote them. Since issue 30 the
// text lives in the catalogues (src/lib/i18n): these are the default language's (Bahasa
// Indonesia, the spec's strings verbatim where it gives one). Screens translate with t(key).
import { id } from './id';

export const PRODUCT_NAME = 'Dermaga';

/** Title of the destructive toast every failure uses (spec section 8). */
export const ERROR_TITLE = id.common.errorTitle;

export const LOADING_MESSAGE = id.common.loading;

export const NOT_FOUND_TITLE = id.notFound.title;
export const NOT_FOUND_DESCRIPTION = id.notFound.description;
export const RETURN_TO_DASHBOARD = id.notFound.returnToDashboard;

export const LOG_OUT = id.shell.logOut;

// Login (spec 2.3, 5, 8.6)
export const LOGIN_FILL_ALL_FIELDS = id.auth.fillAllFields;
export const LOGIN_PASSWORD_TOO_SHORT = id.users.server.passwordTooShort;
export const LOGIN_AUTH_ERROR_TITLE = id.auth.errorTitle;
// Not in the spec: shown when the provider gives no message because it could not be reached.
export const LOGIN_SERVER_UNREACHABLE = id.auth.serverUnreachable;
export const LOGIN_WELCOME_TITLE = id.auth.welcomeTitle;
export const LOGIN_WELCOME_DESCRIPTION = id.auth.welcomeDescription;
export const SIGNUP_VERIFY_EMAIL_TITLE = id.auth.verifyTitle;
export const SIGNUP_VERIFY_EMAIL_DESCRIPTION = id.auth.verifyDescription;

// The login page's pitch (spec 1).
export const LOGIN_HIGHLIGHTS = [
  id.auth.highlights.tracking,
  id.auth.highlights.inventory,
  id.auth.highlights.roles,
];

// Restricted screens (spec 6).
export const RESTRICTED_TITLE = id.restricted.title;
export const RESTRICTED_NO_PERMISSION = id.users.server.notAdmin;
export const RESTRICTED_ROLE_ONLY = id.restricted.roleOnly;

// Sign-out of a shared tablet (architecture point 8; not in the spec).
export const SIGN_OUT_PENDING_TITLE = id.shell.signOutPendingTitle;
export const signOutPendingDescription = (count: number) =>
  id.shell.signOutPendingDescription.replace('{{count}}', String(count));
export const SIGN_OUT_ANYWAY = id.shell.signOutAnyway;
export const CANCEL = id.common.cancel;

// The installable app (not in the spec).
export const PWA_UPDATE_AVAILABLE = id.shell.pwaUpdateTitle;
export const PWA_UPDATE_DESCRIPTION = id.shell.pwaUpdateDescription;
export const PWA_RELOAD = id.common.reload;
export const PWA_OFFLINE_READY = id.shell.pwaOfflineReady;
export const PWA_OFFLINE_READY_DESCRIPTION = id.shell.pwaOfflineReadyDescription;

// Sync status (architecture guarantee 12; not in the spec).
export const SYNC_ONLINE = id.sync.online;
export const SYNC_OFFLINE = id.sync.offline;
export const SYNC_SYNCING = id.sync.syncing;
// Issue 13: the browser has not promised to keep this device's data (persistent storage).
export const STORAGE_NOT_PERSISTED = id.sync.storageNotPersisted;
export const STORAGE_ASK_PERSIST = id.common.askForPersistentStorage;
export const SYNC_NOW = id.sync.syncNow;
export const SYNC_ALL_SYNCED = id.sync.allSynced;
export const SYNC_NEVER = id.sync.never;
export const SYNC_NO_REJECTIONS = id.sync.noRejections;
/** A row changed by a command the server has not accepted yet. */
export const PENDING_SYNC = id.sync.pending;
/** Title of the alert listing actions the server refused. */
export const REJECTED_TITLE = id.sync.rejectedTitle;

/** A read of this device's own data failed (src/components/read-error-alert.tsx). */
export const READ_FAILED = {
  title: id.sync.readFailedTitle,
  reload: id.common.reload,
} as const;
/** Forms: the first button of every dialog (spec 2.5, 4.4). */
export const CANCEL_LABEL = id.common.cancel;
export const SAVE_LABEL = id.common.save;

// Screens not built yet.

// Screens that work on the server (issue 12; not in the spec).
export const NEEDS_CONNECTION_TITLE = id.connection.title;
export const NEEDS_CONNECTION_DESCRIPTION = id.connection.description;
