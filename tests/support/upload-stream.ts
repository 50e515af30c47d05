// A chunked upload generated lazily (no content-length, no buffer of its size) over a raw
// socket, so the test sees exactly what a client that does not listen would: it sends until
// the server answers, or with keepSending on after the answer until the server closes the
// connection. How much the server took before refusing is what the hardening tests measure
// (issue 27, finding 2).
import { connect } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface StreamedUpload {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** Bytes of the body sent before the answer came. */
  sent: number;
  /** Bytes of the body sent in all (keepSending: until the server closed the connection). */
  sentInAll: number;
  /** Whether the server closed the connection before the whole body was sent. */
  closedByServer: boolean;
}

function parse(raw: string): Pick<StreamedUpload, 'status' | 'body' | 'headers'> | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const body = raw.slice(end + 4);
  if (headers['content-length'] !== undefined && Buffer.byteLength(body) < Number(headers['content-length']))
    return undefined;
  return { status: Number(statusLine!.split(' ')[1]), body, headers };
}

export function streamUpload(
  url: string,
  opts: {
    headers: Record<string, string>;
    totalBytes: number;
    head?: Buffer;
    chunkBytes?: number;
    /** Go on sending after the answer, as a client that does not listen would. */
    keepSending?: boolean;
    /** The certificate an https:// server's is checked against (a hub stack's own CA). */
    ca?: string;
  },
): Promise<StreamedUpload> {
  const target = new URL(url);
  const chunk = Buffer.alloc(opts.chunkBytes ?? 64 * 1024, 7);
  return new Promise((resolve, reject) => {
    const socket =
      target.protocol === 'https:'
        ? connectTls({ port: Number(target.port), host: target.hostname, ca: opts.ca })
        : connect(Number(target.port), target.hostname);
    let sent = 0;
    let sentAtAnswer = -1;
    let raw = '';
    let answer: ReturnType<typeof parse>;
    let closed = false;
    let settled = false;
    const settle = () => {
      if (settled || !answer) return;
      if (opts.keepSending && !closed && sent < opts.totalBytes) return;
      settled = true;
      resolve({
        ...answer,
        sent: sentAtAnswer,
        sentInAll: sent,
        closedByServer: closed && sent < opts.totalBytes,
      });
      socket.destroy();
    };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      raw += d;
      answer ??= parse(raw);
      settle();
    });
    const onClosed = () => {
      if (closed) return;
      closed = true;
      if (answer) settle();
      else if (!settled) {
        settled = true;
        reject(new Error(`connection closed without an answer after ${sent} bytes`));
      }
    };
    socket.on('error', onClosed);
    socket.on('close', onClosed);
    const headers = Object.entries({ ...opts.headers, host: target.host, 'transfer-encoding': 'chunked' })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${target.pathname}${target.search} HTTP/1.1\r\n${headers}\r\n`);
    const write = () => {
      while (!closed && sent < opts.totalBytes && (sentAtAnswer < 0 || opts.keepSending)) {
        const piece = sent === 0 && opts.head ? Buffer.concat([opts.head, chunk]) : chunk;
        sent += piece.length;
        socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        if (!socket.write('\r\n')) return void socket.once('drain', write);
      }
      if (!closed && sent >= opts.totalBytes) socket.write('0\r\n\r\n');
      settle();
    };
    socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', write);
  });
}
