// What a file is by its first bytes (issue 27, finding 8): an HTML page
// uploaded as image/png was stored and served back from the app's origin.
// Storage refuses a file whose bytes are not the image type it declares. Only
// the types a bucket here may take are known (supabase/migrations: JPEG and
// PNG; WebP, GIF and PDF for a bucket that allows them); a declared type not
// listed here is left to the bucket's allowed_mime_types. Five fixed
// signatures need no library (file-type and its tokenizer stack would be the
// alternative, made for far more formats than these).

/** How many leading bytes decide. */
export const SNIFF_BYTES = 12;

const startsWith = (b: Uint8Array, at: number, sig: number[] | string) => {
  const bytes = typeof sig === 'string' ? [...sig].map((ch) => ch.charCodeAt(0)) : sig;
  return b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
};

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, 0, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => startsWith(b, 0, 'RIFF') && startsWith(b, 8, 'WEBP'),
  'image/gif': (b) => startsWith(b, 0, 'GIF87a') || startsWith(b, 0, 'GIF89a'),
  'application/pdf': (b) => startsWith(b, 0, '%PDF-'),
};
SIGNATURES['image/jpg'] = SIGNATURES['image/jpeg']!;

/**
 * Whether a file starting with these bytes may be stored as `declared`: a type
 * listed above must have its signature; another is left to the bucket's list.
 */
export function contentMatches(declared: string, head: Uint8Array): boolean {
  const check = SIGNATURES[declared.toLowerCase()];
  return check ? check(head) : true;
}

/** Types a browser shows inline without running anything; everything else is served as a download. */
export const INLINE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/gif']);
