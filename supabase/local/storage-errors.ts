// Storage's refusals, with the status, error and message hosted Storage gives
// (supabase/storage, src/internal/errors/codes.ts).
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class StorageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const storageErrors = {
  notFound: () => new StorageError(404, 'not_found', 'Object not found'),
  /** Hosted: EntityTooLarge, 413 "Payload too large". */
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  /** Hosted: InvalidMimeType, 415 invalid_mime_type. */
  invalidMime: (mime: string) =>
    new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`),
  /** The bytes are not what the declared type says (the local stack's check, same answer as a refused type). */
  contentMismatch: (mime: string) =>
    new StorageError(415, 'invalid_mime_type', `mime type ${mime} does not match the file's content`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
};
