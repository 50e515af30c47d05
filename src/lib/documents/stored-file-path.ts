// Issue 40: which object of the private bucket shipment-documents a row names (pure). The
// shipping forms' image columns keep the spec's relative public URL
// ('/storage/v1/object/public/shipment-documents/<path>'), documents their path; either way
// the app reads the object through a signed URL or the tablet's own copy (stored-file.ts).

export const DOCUMENTS_BUCKET = 'shipment-documents';

const PUBLIC_PREFIX = `/storage/v1/object/public/${DOCUMENTS_BUCKET}/`;

/** The object's path in the bucket, from a column's value (a relative public URL or the path itself). */
export function objectPathOf(value: string): string {
  const at = value.indexOf(PUBLIC_PREFIX);
  return at >= 0 ? decodeURIComponent(value.slice(at + PUBLIC_PREFIX.length)) : value.replace(/^\/+/, '');
}
