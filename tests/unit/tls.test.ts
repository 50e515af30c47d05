// HTTPS on a hub's network (supabase/local/tls.ts): on an address other than loopback the stack
// makes a CA of its own once and a server certificate it signs for this machine's names and
// addresses, reuses both, makes the server certificate again when a name is missing from it,
// takes the hub's own files when given, and serves plain HTTP on loopback or with TLS=off.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterEach, describe, expect, it } from 'vitest';
import { machineNames, reachableHost, resolveTls, TLS_DIR, TlsConfigError } from '../../supabase/local/tls';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dermaga-tls-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The chain's certificates: the server's, then its CA's. */
const chain = (pem: string) =>
  pem
    .split(/(?<=-----END CERTIFICATE-----)\s*/)
    .filter((p) => p.includes('BEGIN CERTIFICATE'))
    .map((p) => new X509Certificate(p));

describe('resolveTls', () => {
  it('is plain HTTP on loopback, and with TLS=off anywhere', async () => {
    expect(await resolveTls({ host: '127.0.0.1', dataDir: dataDir() })).toBeNull();
    expect(await resolveTls({ host: 'localhost', dataDir: dataDir() })).toBeNull();
    expect(await resolveTls({ host: '0.0.0.0', dataDir: dataDir(), mode: 'off' })).toBeNull();
  });

  it('on the network makes a CA and a server certificate it signs, for every name of this machine', async () => {
    const dir = dataDir();
    const tls = (await resolveTls({ host: '0.0.0.0', dataDir: dir, extraNames: ['Gudang.Hub.Local'] }))!;
    expect(tls.source).toBe('generated');
    expect(tls.trustPath).toBe(join(dir, TLS_DIR, 'ca.pem'));
    const [server, ca] = chain(tls.cert);
    const caCert = new X509Certificate(readFileSync(tls.trustPath));
    expect(ca!.fingerprint256).toBe(caCert.fingerprint256);
    expect(tls.trustFingerprint).toBe(caCert.fingerprint256);
    expect(caCert.ca).toBe(true);
    expect(server!.ca).toBe(false);
    expect(server!.checkIssued(caCert)).toBe(true);
    expect(server!.verify(caCert.publicKey)).toBe(true);
    expect(
      server!.checkPrivateKey(await import('node:crypto').then((c) => c.createPrivateKey(tls.key))),
    ).toBe(true);
    // Every name a tablet may use, the extra one in lower case, and no link-local address.
    expect(tls.names).toEqual(machineNames('0.0.0.0', ['gudang.hub.local']));
    expect(tls.names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', 'gudang.hub.local']));
    expect(tls.names.some((n) => n.startsWith('fe80:'))).toBe(false);
    for (const name of tls.names)
      expect(server!.checkHost(name) ?? server!.checkIP(name), name).toBeDefined();
    // Browsers accept a server certificate for at most 398 days.
    const days = (Date.parse(server!.validTo) - Date.parse(server!.validFrom)) / 86_400_000;
    expect(days).toBeLessThanOrEqual(398);
    for (const key of ['ca-key.pem', 'server-key.pem']) {
      expect(statSync(join(dir, TLS_DIR, key)).mode & 0o777).toBe(0o600);
    }
  });

  it('reuses both on the next start, and signs a new server certificate with the same CA when a name is new', async () => {
    const dir = dataDir();
    const first = (await resolveTls({ host: '0.0.0.0', dataDir: dir }))!;
    const again = (await resolveTls({ host: '0.0.0.0', dataDir: dir }))!;
    expect(again.cert).toBe(first.cert);
    expect(again.key).toBe(first.key);
    const renamed = (await resolveTls({ host: '0.0.0.0', dataDir: dir, extraNames: ['dermaga.lan'] }))!;
    expect(renamed.trustFingerprint).toBe(first.trustFingerprint);
    expect(renamed.key).not.toBe(first.key);
    expect(chain(renamed.cert)[0]!.checkHost('dermaga.lan')).toBe('dermaga.lan');
  });

  it("takes the hub's own certificate and key when both are given, on any address", async () => {
    const dir = dataDir();
    const own = await generate([{ name: 'commonName', value: 'hub.example' }], {
      keyType: 'ec',
      algorithm: 'sha256',
    });
    writeFileSync(join(dir, 'cert.pem'), own.cert);
    writeFileSync(join(dir, 'key.pem'), own.private);
    const tls = (await resolveTls({
      host: '127.0.0.1',
      dataDir: dir,
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    }))!;
    expect(tls).toMatchObject({
      source: 'files',
      cert: own.cert,
      key: own.private,
      trustPath: join(dir, 'cert.pem'),
    });
    expect(tls.trustFingerprint).toBe(new X509Certificate(own.cert).fingerprint256);
    await expect(
      resolveTls({ host: '0.0.0.0', dataDir: dir, certFile: join(dir, 'cert.pem') }),
    ).rejects.toThrow(TlsConfigError);
  });
});

describe('reachableHost', () => {
  it('names a network address of this machine for 0.0.0.0, and keeps any other host', () => {
    expect(reachableHost('192.168.1.20')).toBe('192.168.1.20');
    const named = reachableHost('0.0.0.0');
    expect(named).not.toBe('0.0.0.0');
    expect(machineNames('0.0.0.0')).toContain(named);
  });
});
