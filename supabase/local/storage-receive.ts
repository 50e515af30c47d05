// Receives an upload's body into a temporary file while it streams (issue 27,
// finding 2): one anonymous chunked upload used to be read whole into memory
// before its size was looked at, in the stack's own process. Here every
// chunk is counted as it arrives and the upload stops the moment it passes
// the limit (hosted Storage: the bucket's file_size_limit and a global one,
// 413 EntityTooLarge while streaming); the type is checked before any byte is
// stored (the declared type against the bucket's list, then the first bytes
// against the declared type: content-sniff.ts). A multipart form (what
// supabase-js sends for a Blob or File) is parsed by busboy, as hosted
// Storage's @fastify/multipart does, so its file streams to disk as well.
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import busboy from 'busboy';
import { contentMatches, SNIFF_BYTES } from './content-sniff';
import { storageErrors } from './storage-errors';

export interface Received {
  size: number;
  mime: string;
  cacheControl: string;
  eTag: string;
  /** SHA-256 of the stored bytes, 64 lowercase hex digits (issue 40: what attach_document seals). */
  sha256: string;
}

export interface ReceiveOptions {
  /** Where the bytes go; removed again when the upload is refused. */
  tmpPath: string;
  /** The most bytes the file may have. */
  limit: number;
  /** Throws when the bucket does not take this type (called before any byte is stored). */
  checkMime: (mime: string) => void;
}

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

/** Counts, sniffs and hashes the file's bytes on their way to the temporary file. */
class Sink {
  size = 0;
  private head = Buffer.alloc(0);
  private sniffed = false;
  private readonly md5 = createHash('md5');
  private readonly sha256 = createHash('sha256');
  private readonly out: WriteStream;

  constructor(
    private readonly opts: ReceiveOptions,
    private readonly mime: string,
  ) {
    this.out = createWriteStream(opts.tmpPath, { mode: 0o600 });
    // Never an unhandled 'error': a write still on its way when an upload is refused and the
    // file closed (413 mid-body) fails with ERR_STREAM_DESTROYED, and unhandled that error
    // would take the whole local stack down (seen once in a clean-clone run of stack-lan).
    // A failure that matters reaches the upload through write()'s and finish()'s awaits.
    this.out.on('error', (error: Error) => {
      this.failed ??= error;
    });
  }

  /** The temporary file's first error, if any (thrown by write and finish). */
  private failed: Error | undefined;

  private sniff() {
    this.sniffed = true;
    if (!contentMatches(this.mime, this.head)) throw storageErrors.contentMismatch(this.mime);
  }

  async write(chunk: Uint8Array) {
    this.size += chunk.byteLength;
    if (this.size > this.opts.limit) throw storageErrors.tooLarge();
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) this.sniff();
    }
    this.md5.update(chunk);
    this.sha256.update(chunk);
    if (this.failed) throw this.failed;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** The file's eTag (MD5, as hosted Storage's) and SHA-256, once every byte is on disk. */
  async finish(): Promise<{ eTag: string; sha256: string }> {
    if (!this.sniffed) this.sniff();
    if (this.failed) throw this.failed;
    this.out.end();
    await once(this.out, 'finish');
    return { eTag: this.md5.digest('hex'), sha256: this.sha256.digest('hex') };
  }

  close() {
    this.out.destroy();
  }
}

/**
 * Pumps the request body into `write` chunk by chunk, with backpressure, and
 * stops reading the moment anything fails (the caller answers at once and the
 * connection is closed: the rest of the body is never read).
 */
async function pump(
  body: ReadableStream<Uint8Array>,
  write: (chunk: Uint8Array) => Promise<void>,
  failed: Promise<never>,
) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), failed]);
      if (done) return;
      await Promise.race([write(value), failed]);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
}

function rawUpload(req: Request, opts: ReceiveOptions): Promise<Received> {
  const mime = (req.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim();
  opts.checkMime(mime);
  const sink = new Sink(opts, mime);
  return (async () => {
    try {
      if (req.body) await pump(req.body, (chunk) => sink.write(chunk), new Promise<never>(() => {}));
      const digests = await sink.finish();
      return {
        size: sink.size,
        mime,
        cacheControl: req.headers.get('cache-control') ?? 'max-age=3600',
        ...digests,
      };
    } finally {
      sink.close();
    }
  })();
}

async function multipartUpload(req: Request, type: string, opts: ReceiveOptions): Promise<Received> {
  // One file and a few small fields (supabase-js sends cacheControl and the file); anything
  // beyond is not stored. The file's own limit is the Sink's, one byte past it trips it.
  const form = busboy({
    headers: { 'content-type': type },
    limits: { files: 1, fields: 8, fieldSize: 4096, parts: 12, fileSize: opts.limit + 1 },
  });
  let fail!: (error: unknown) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {});
  const fields: Record<string, string> = {};
  let file: Promise<Omit<Received, 'cacheControl'>> | undefined;
  let sink: Sink | undefined;

  form.on('field', (name, value) => (fields[name] = value));
  form.on('file', (_name, stream, info) => {
    if (file) return void stream.resume();
    file = (async () => {
      const mime = info.mimeType || 'application/octet-stream';
      opts.checkMime(mime);
      sink = new Sink(opts, mime);
      for await (const chunk of stream as AsyncIterable<Buffer>) await sink.write(chunk);
      return { size: sink.size, mime, ...(await sink.finish()) };
    })();
    file.catch(fail);
  });
  form.on('error', (error: Error) =>
    fail(storageErrors.invalidRequest(`Malformed multipart form: ${error.message}`)),
  );
  const closed = once(form, 'close');
  closed.catch(() => {});

  try {
    if (req.body) {
      await pump(
        req.body,
        async (chunk) => {
          if (!form.write(chunk)) await once(form, 'drain');
        },
        failed,
      );
    }
    form.end();
    await Promise.race([closed, failed]);
    if (!file) throw storageErrors.invalidRequest('No file in the form');
    const received = await Promise.race([file, failed]);
    return { ...received, cacheControl: fields.cacheControl ?? '3600' };
  } finally {
    sink?.close();
    form.destroy();
  }
}

/** The upload's bytes in opts.tmpPath, or a StorageError (and no file left behind). */
export async function receiveUpload(req: Request, opts: ReceiveOptions): Promise<Received> {
  const type = req.headers.get('content-type') ?? '';
  try {
    return type.toLowerCase().startsWith('multipart/form-data')
      ? await multipartUpload(req, type, opts)
      : await rawUpload(req, opts);
  } catch (error) {
    await rm(opts.tmpPath, { force: true });
    // The client went away mid-upload: nothing is stored, and nobody is left to read an answer.
    const { code, message, name } = error as NodeJS.ErrnoException;
    if (message === 'aborted' || code === 'ECONNRESET' || name === 'AbortError') {
      throw storageErrors.invalidRequest('The upload was interrupted');
    }
    throw error;
  }
}
