// Business constants from the spec (section 9), shared by every form that enforces them.

export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt (Supabase Auth) reads 72 bytes of a password: a longer one is refused, never cut (issue 27). */
export const MAX_PASSWORD_BYTES = 72;

/** UTF-8 bytes of a password: what the 72-byte limit counts. */
export function passwordBytes(password: string): number {
  return new TextEncoder().encode(password).length;
}

/** Under this width (px) the layout is mobile: the sidebar is a sheet (spec 9). */
export const MOBILE_BREAKPOINT = 768;

/**
 * Under this width (px), a tablet upright (800x1280) included, the sidebar is an icon rail
 * whose labels open as a drawer, not a 16rem column (issue 29).
 */
export const COMPACT_BREAKPOINT = 1024;

// The sidebar (spec 9).
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
