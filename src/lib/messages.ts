// Every user-facing string from the product spec lives here, so tests and screens
// quote the same text and a wording change happens in one place.

export const PRODUCT_NAME = 'Dermaga';

/** Title of the destructive toast every failure uses (spec section 8). */
export const ERROR_TITLE = 'Error';

export const LOADING_MESSAGE = 'Loading...';

export const NOT_FOUND_TITLE = 'Page Not Found';
export const NOT_FOUND_DESCRIPTION = "The page you're looking for doesn't exist.";
export const RETURN_TO_DASHBOARD = 'Return to Dashboard';

export const LOG_OUT = 'Log out';

// Login (spec 2.3, 5, 8.6)
export const LOGIN_FILL_ALL_FIELDS = 'Please fill in all fields';
export const LOGIN_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const LOGIN_AUTH_ERROR_TITLE = 'Authentication Error';
// Not in the spec: shown when the provider gives no message because it could not be reached.
export const LOGIN_SERVER_UNREACHABLE = 'Cannot reach the server. Check your connection and try again.';
export const LOGIN_WELCOME_TITLE = 'Welcome back!';
export const LOGIN_WELCOME_DESCRIPTION = 'You have successfully signed in.';
export const SIGNUP_VERIFY_EMAIL_TITLE = 'Account created!';
export const SIGNUP_VERIFY_EMAIL_DESCRIPTION =
  'Please check your email to verify your account before signing in.';

// The login page's pitch (spec 1).
export const LOGIN_HIGHLIGHTS = [
  'Real-time shipment tracking',
  'Multi-hub inventory management',
  'Role-based access control',
] as const;

// Restricted screens (spec 6).
export const RESTRICTED_TITLE = 'Access Restricted';
export const RESTRICTED_NO_PERMISSION =
  "You don't have permission to access this feature. Contact your administrator for access.";
export const RESTRICTED_ROLE_ONLY =
  'This feature is restricted to certain user roles. Contact your administrator for access.';

// Sign-out of a shared tablet (architecture point 8; not in the spec).
export const SIGN_OUT_PENDING_TITLE = 'Unsynced changes on this tablet';
export const signOutPendingDescription = (count: number) =>
  `${count} ${count === 1 ? 'change has' : 'changes have'} not reached the server yet. ` +
  'Signing out now deletes them from this tablet for good. Wait until the indicator says synced to keep them.';
export const SIGN_OUT_ANYWAY = 'Sign out and delete';
export const CANCEL = 'Cancel';

// The installable app (not in the spec).
export const PWA_UPDATE_AVAILABLE = 'A new version is available';
export const PWA_UPDATE_DESCRIPTION = 'Reload to use it. Unsynced work stays on this tablet.';
export const PWA_RELOAD = 'Reload';
export const PWA_OFFLINE_READY = 'Ready to work offline';
export const PWA_OFFLINE_READY_DESCRIPTION = 'Dermaga now opens on this device even without a connection.';

// Sync status (architecture guarantee 12; not in the spec).
export const SYNC_ONLINE = 'Online';
export const SYNC_OFFLINE = 'Offline';
export const SYNC_SYNCING = 'Syncing';
// Issue 13: the browser has not promised to keep this device's data (persistent storage).
export const STORAGE_NOT_PERSISTED =
  'Penyimpanan perangkat belum permanen: browser dapat menghapus data yang belum tersinkron bila ruang penyimpanan menipis.';
export const STORAGE_ASK_PERSIST = 'Minta penyimpanan permanen';
export const SYNC_NOW = 'Sync now';
export const SYNC_ALL_SYNCED = 'All changes synced';
export const SYNC_NEVER = 'Not yet synced on this device';
export const SYNC_NO_REJECTIONS = 'No rejected actions.';
/** A row changed by a command the server has not accepted yet. */
export const PENDING_SYNC = 'Menunggu sinkron';
/** Title of the alert listing actions the server refused. */
export const REJECTED_TITLE = 'Ditolak server';

/** A read of this device's own data failed (src/components/read-error-alert.tsx). */
export const READ_FAILED = {
  title: 'Data di perangkat ini tidak dapat dibaca',
  reload: 'Muat Ulang',
} as const;
/** Forms: the first button of every dialog (spec 2.5, 4.4). */
export const CANCEL_LABEL = 'Batal';
export const SAVE_LABEL = 'Simpan';

// Screens not built yet.
export const SCREEN_COMING = 'This screen is being built. It will appear here inside the app.';

// Screens that work on the server (issue 12; not in the spec).
export const NEEDS_CONNECTION_TITLE = 'This screen needs a connection';
export const NEEDS_CONNECTION_DESCRIPTION =
  'It reads and changes data on the server, which this device cannot reach right now. ' +
  'Connect to the internet and it opens again; work on the hub screens continues offline.';
