// HTTPS on a hub's network. A tablet's browser gives a page served over http:// from a LAN
// address no secure context: no service worker (nothing works offline, the app cannot be
// installed), no camera (getUserMedia), no crypto.subtle (the documents' SHA-256). So on any
// address other than loopback the stack serves the app and the API over HTTPS:
//   - TLS_CERT_FILE and TLS_KEY_FILE: the hub's own certificate (from its own CA), preferred;
//   - else a certificate of its own: a CA made once in DATA_DIR/tls (ca.pem, its key 0600), and a
//     server certificate it signs for this machine's names and addresses (server.pem, its key
//     0600), made again when a name or address is missing from it or it ends within 30 days. The
//     tablets trust ca.pem once (README, "On a hub's network"); a new server certificate needs
//     nothing on them.
//   - TLS=off: plain HTTP, for a stack behind the hub's own TLS proxy.
// On loopback the stack stays on plain HTTP (localhost is a secure context) unless files are given.
import { X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { isLoopbackHost } from './jwt-secret';

/** The folder in DATA_DIR with the stack's own CA and server certificate. */
export const TLS_DIR = 'tls';

export interface ResolvedTls {
  key: string;
  cert: string;
  /** 'files': TLS_CERT_FILE/TLS_KEY_FILE; 'generated': the stack's own (DATA_DIR/tls). */
  source: 'files' | 'generated';
  /** The certificate the tablets must trust: the given certificate, or the stack's own CA. */
  trustPath: string;
  /** SHA-256 fingerprint of that certificate, to compare on a tablet when installing it. */
  trustFingerprint: string;
  /** The names and addresses the server certificate is for. */
  names: string[];
}

export interface TlsOptions {
  host: string;
  dataDir: string;
  certFile?: string;
  keyFile?: string;
  /** 'off': plain HTTP wherever it listens (behind the hub's own TLS proxy). */
  mode?: 'off';
  /** More DNS names for the server certificate (TLS_NAMES), e.g. the name the hub's DNS gives it. */
  extraNames?: readonly string[];
}

export class TlsConfigError extends Error {}

const DAY = 86_400_000;

/** A name in one form: lower case, an IPv6 address compressed ('0:0:0:0:0:0:0:1' is '::1'). */
function canonical(name: string): string {
  const bare = name
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return isIPv6(bare) ? new URL(`http://[${bare}]`).hostname.slice(1, -1) : bare;
}

/**
 * This machine's names and addresses: what a tablet may type to reach it (link-local IPv6
 * addresses left out: they belong to one interface and change).
 */
export function machineNames(host: string, extra: readonly string[] = []): string[] {
  const names = new Set<string>(['localhost', '127.0.0.1', '::1', canonical(hostname())]);
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (!a.internal && !/^fe80:/i.test(a.address)) names.add(canonical(a.address.replace(/%.*$/, '')));
    }
  }
  if (host && host !== '0.0.0.0' && host !== '::') names.add(canonical(host));
  for (const name of extra) if (name.trim()) names.add(canonical(name));
  return [...names].sort();
}

/**
 * The address to name in the stack's URLs when it listens on every address (0.0.0.0, ::):
 * this machine's first network address, as a tablet would type it (else localhost).
 */
export function reachableHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host;
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === 'IPv4') return a.address;
  }
  return 'localhost';
}

const isIp = (name: string) => /^[\d.]+$/.test(name) || name.includes(':');

function altNames(names: readonly string[]) {
  return names.map((name) =>
    isIp(name) ? { type: 7 as const, ip: name } : { type: 2 as const, value: name },
  );
}

/** The names and addresses a certificate is for (its subjectAltName). */
function namesIn(cert: X509Certificate): Set<string> {
  return new Set(
    (cert.subjectAltName ?? '')
      .split(/,\s*/)
      .map((entry) => canonical(entry.replace(/^(DNS|IP Address):/, '')))
      .filter(Boolean),
  );
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function writePrivate(path: string, text: string) {
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600);
}

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

async function ownCa(dir: string): Promise<{ key: string; cert: string; path: string }> {
  const path = join(dir, 'ca.pem');
  const keyPath = join(dir, 'ca-key.pem');
  const cert = read(path);
  const key = read(keyPath);
  if (cert && key && Date.parse(new X509Certificate(cert).validTo) - Date.now() > 30 * DAY) {
    chmodSync(keyPath, 0o600);
    return { key, cert, path };
  }
  const now = new Date();
  const made = await generate([{ name: 'commonName', value: `Dermaga hub CA (${hostname()})` }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY),
    notAfterDate: new Date(now.getTime() + 10 * 365 * DAY),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  writePrivate(keyPath, made.private);
  writeFileSync(path, made.cert);
  return { key: made.private, cert: made.cert, path };
}

async function ownServer(dir: string, names: readonly string[], ca: { key: string; cert: string }) {
  const path = join(dir, 'server.pem');
  const keyPath = join(dir, 'server-key.pem');
  const cert = read(path);
  const key = read(keyPath);
  if (cert && key) {
    const x = new X509Certificate(cert);
    const has = namesIn(x);
    const current =
      x.checkIssued(new X509Certificate(ca.cert)) &&
      Date.parse(x.validTo) - Date.now() > 30 * DAY &&
      names.every((n) => has.has(canonical(n)));
    if (current) {
      chmodSync(keyPath, 0o600);
      return { key, cert };
    }
  }
  const now = new Date();
  const made = await generate([{ name: 'commonName', value: hostname() }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY),
    // 397 days: what browsers accept of a server certificate, whoever issued it.
    notAfterDate: new Date(now.getTime() + 397 * DAY),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: altNames(names) },
    ],
  });
  writePrivate(keyPath, made.private);
  writeFileSync(path, made.cert);
  return { key: made.private, cert: made.cert };
}

/** The stack's TLS, or null for plain HTTP (loopback without files, or TLS=off). */
export async function resolveTls(opts: TlsOptions): Promise<ResolvedTls | null> {
  if (opts.mode === 'off') return null;
  if (!!opts.certFile !== !!opts.keyFile) {
    throw new TlsConfigError('Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.');
  }
  if (opts.certFile && opts.keyFile) {
    const cert = readFileSync(opts.certFile, 'utf8');
    const key = readFileSync(opts.keyFile, 'utf8');
    const x = new X509Certificate(cert);
    return {
      key,
      cert,
      source: 'files',
      trustPath: opts.certFile,
      trustFingerprint: x.fingerprint256,
      names: [...namesIn(x)],
    };
  }
  if (isLoopbackHost(opts.host)) return null;
  const dir = join(opts.dataDir, TLS_DIR);
  mkdirSync(dir, { recursive: true });
  const names = machineNames(opts.host, opts.extraNames);
  const ca = await ownCa(dir);
  const server = await ownServer(dir, names, ca);
  return {
    key: server.key,
    // The chain: the server certificate, then the CA that signed it.
    cert: `${server.cert.trim()}\n${ca.cert.trim()}\n`,
    source: 'generated',
    trustPath: ca.path,
    trustFingerprint: fingerprint(ca.cert),
    names,
  };
}
