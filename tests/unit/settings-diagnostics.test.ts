// The diagnostics file of Settings: outbox, conflicts, versions, never a token.
import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../sync';
import {
  buildDiagnostics,
  diagnosticsFileName,
  formatBytes,
  REDACTED,
  redact,
  type DiagnosticsInput,
} from '../../src/features/settings/diagnostics';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

const status: SyncStatus = {
  online: true,
  syncing: false,
  pendingCommands: 1,
  pendingUploads: 1,
  oldestPendingAt: '2026-11-21T07:00:00.000Z',
  lastSyncedAt: '2026-11-21T06:59:00.000Z',
  lastError: `401 for Bearer ${JWT}`,
  rejections: [],
  firstSync: null,
};

function input(): DiagnosticsInput {
  return {
    generatedAt: '2026-11-21T07:05:00.000Z',
    app: { version: '0.1.0', builtAt: '2026-11-20T00:00:00.000Z' },
    device: { userAgent: 'Chromium', online: true },
    user: { id: 'u1', role: 'hub_user', hubId: 'h1' },
    status,
    outbox: [
      {
        id: 'c1',
        type: 'start_loading',
        payload: { hub_id: 'h1', vehicle_id: 'v1', note: `token ${JWT}` },
        issued_at: '2026-11-21T07:00:00.000Z',
        actor: 'u1',
        seq: 1,
        state: 'pending',
        xid: null,
        attempts: 2,
        last_error: 'timeout',
      },
    ],
    uploads: [
      {
        path: 's1/delivery_record.jpg',
        shipment_id: 's1',
        slot: 'delivery_record',
        mime: 'image/jpeg',
        bytes: new ArrayBuffer(2048),
        state: 'pending',
        attempts: 0,
        next_attempt_at: 0,
        last_error: null,
        created_at: '2026-11-21T07:00:00.000Z',
      },
    ],
    conflicts: [
      {
        command_id: 'c0',
        type: 'confirm_arrival',
        code: 'conflict',
        message: 'Sudah dikonfirmasi',
        at: 'x',
        payload: {},
      },
    ],
    meta: [
      { key: 'lastSyncedAt', value: '2026-11-21T06:59:00.000Z' },
      { key: 'checkpoint:hubs', value: { xid: '10' } },
      { key: 'session', value: { access_token: JWT } },
    ],
  };
}

describe('buildDiagnostics', () => {
  const file = buildDiagnostics(input()) as {
    app: unknown;
    sync: SyncStatus;
    outbox: Array<{ payload: { note: string } }>;
    uploads: Array<{ bytes?: unknown }>;
    conflicts: unknown[];
    meta: Array<{ key: string }>;
  };
  const text = JSON.stringify(file);

  it('carries the outbox, the conflicts, the sync state and the versions', () => {
    expect(file.app).toEqual({ version: '0.1.0', builtAt: '2026-11-20T00:00:00.000Z' });
    expect(file.outbox[0]).toMatchObject({
      id: 'c1',
      type: 'start_loading',
      attempts: 2,
      last_error: 'timeout',
    });
    expect(file.conflicts[0]).toMatchObject({ command_id: 'c0', message: 'Sudah dikonfirmasi' });
    expect(file.sync).toMatchObject({ pendingCommands: 1, pendingUploads: 1 });
    expect(file.meta.map((m) => m.key)).toEqual(['lastSyncedAt', 'checkpoint:hubs']);
  });

  it('never a token: JWT-shaped text and credential fields are blanked, photo bytes left out', () => {
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('access_token');
    expect(file.sync.lastError).toBe(`401 for Bearer ${REDACTED}`);
    expect(file.outbox[0]!.payload.note).toBe(`token ${REDACTED}`);
    expect(file.uploads[0]).toMatchObject({ path: 's1/delivery_record.jpg', size: 2048 });
    expect(file.uploads[0]!.bytes).toBeUndefined();
  });
});

describe('redact', () => {
  it('blanks fields named like credentials at any depth', () => {
    expect(redact({ a: { refresh_token: 'x', apikey: 'y', Authorization: 'z', fine: 1 } })).toEqual({
      a: { refresh_token: REDACTED, apikey: REDACTED, Authorization: REDACTED, fine: 1 },
    });
  });
});

describe('helpers', () => {
  it('names the file by time, safe for every file system', () => {
    expect(diagnosticsFileName('2026-11-21T07:05:00.000Z')).toBe(
      'dermaga-diagnostics-2026-11-21T07-05-00-000Z.json',
    );
  });
  it.each([
    [undefined, '-'],
    [0, '0 B'],
    [1023, '1.023 B'],
    [1536, '1,5 KB'],
    [5 * 1024 * 1024, '5,0 MB'],
  ])('formatBytes(%s) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
