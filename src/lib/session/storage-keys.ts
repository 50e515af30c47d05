// Everything the app keeps in localStorage, by key. Every key starts with
// APP_STORAGE_PREFIX, so sign-out can wipe them all (src/lib/session/wipe-local-data.ts).

export const APP_STORAGE_PREFIX = 'dermaga-';

/** Where supabase-js keeps the session (fixed, so a sign-out that cannot reach the server can forget it). */
export const AUTH_STORAGE_KEY = 'dermaga-auth';

/** The signed-in user's profile and hub, so the app opens with no network. */
export const PROFILE_CACHE_KEY = 'dermaga-profile';

/** Set when a sign-out could not delete a local database yet; the next start finishes the wipe. */
export const WIPE_PENDING_KEY = 'dermaga-wipe-pending';

/** The dashboard's last figures, drawn at once on the next start until the local database answers. */
export const DASHBOARD_FIGURES_KEY = 'dermaga-dashboard-figures';

/**
 * The height each dashboard block that waits for data last had, by the width it had then
 * (src/components/held-height.tsx): held until its data is there again on the next start.
 */
export const HELD_HEIGHTS_KEY = 'dermaga-held-heights';

/** Perlu perhatian: the thresholds and the devices' reports the server last answered (offline starts). */
export const ATTENTION_KEY = 'dermaga-attention';

/**
 * The device's display choice (high-contrast mode, Settings). It holds nothing of a user, so a
 * sign-out keeps it: a dock tablet stays legible for whoever signs in next.
 */
export const HIGH_CONTRAST_KEY = 'dermaga-high-contrast';

/**
 * The device's language (issue 30, Settings): 'en' when English is chosen, absent for the
 * default (Bahasa Indonesia). Like high contrast, a choice of the device, kept after sign-out.
 */
export const LANGUAGE_KEY = 'dermaga-language';

/**
 * Whether evidence photos and documents carry the device's location (issue 28, Settings):
 * 'on' when switched on. Like the browser's permission it stands for, a choice of the device,
 * kept after sign-out.
 */
export const EVIDENCE_LOCATION_KEY = 'dermaga-evidence-location';

/**
 * The idle probe's interval in ms while the socket is down, overriding 2.5 s (issue 44): '0'
 * switches the probe off (the e2e tests measure the pokes alone). A setting of the device
 * for diagnosis, kept after sign-out; absent in normal use.
 */
export const PROBE_INTERVAL_KEY = 'dermaga-probe-interval';

/** The safety probe's interval in ms (60 s when absent): likewise a device setting for diagnosis. */
export const SAFETY_PROBE_KEY = 'dermaga-safety-probe';

/**
 * Who has signed in on this device before (issue 41: "Selamat datang kembali" only for them): a
 * short hash of each e-mail, never the address. Kept after sign-out, or every sign-in would be
 * a first one.
 */
export const SIGNED_IN_BEFORE_KEY = 'dermaga-signed-in-before';

/** Keys of the device, not of a user: sign-out leaves them. */
export const DEVICE_STORAGE_KEYS: readonly string[] = [
  HIGH_CONTRAST_KEY,
  LANGUAGE_KEY,
  EVIDENCE_LOCATION_KEY,
  PROBE_INTERVAL_KEY,
  SAFETY_PROBE_KEY,
  SIGNED_IN_BEFORE_KEY,
];
