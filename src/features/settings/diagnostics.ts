// The diagnostics file an admin sends to support: what waits in this device's
// outbox and uploads, what the server rejected, the sync bookkeeping and the
// versions. Never a token: session data is not read, and anything shaped like
// a JWT or named like a credential is blanked before the file is written.
import type { ChangeWatch, ConflictEntry, OutboxEntry, SyncStatus, UploadEntry } from '../../../sync/pure';
import { formatNumber } from '../../lib/format-date';

export interface DiagnosticsInput {
  generatedAt: string;
  app: { version: string; builtAt: string };
  device: {
    userAgent: string;
    online: boolean;
    storage?: { usage?: number; quota?: number; persisted?: boolean };
  };
  user: { id: string; role: string; hubId: string | null };
  status: SyncStatus;
  /** How the device hears of changes: the socket, the probe now, the safety probe (issue 44). */
  changes?: ChangeWatch;
  outbox: OutboxEntry[];
  uploads: UploadEntry[];
  conflicts: ConflictEntry[];
  meta: Array<{ key: string; value: unknown }>;
}

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const SECRET_NAME = /token|secret|password|apikey|api_key|authorization|session/i;
export const REDACTED = '[redacted]';

/** A deep copy with credentials blanked: by field name, and any JWT-shaped text. */
export function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(JWT, REDACTED);
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? REDACTED : redact(v)]),
    );
  }
  return value;
}

export function buildDiagnostics(input: DiagnosticsInput) {
  return redact({
    kind: 'dermaga-diagnostics',
    generatedAt: input.generatedAt,
    app: input.app,
    device: input.device,
    user: input.user,
    sync: input.status,
    changes: input.changes,
    outbox: input.outbox,
    // The photos themselves stay on the device: their size says enough.
    uploads: input.uploads.map(({ bytes, ...rest }) => ({ ...rest, size: bytes.byteLength })),
    conflicts: input.conflicts,
    meta: input.meta.filter((m) => !SECRET_NAME.test(m.key)),
  });
}

export function diagnosticsFileName(generatedAt: string): string {
  return `dermaga-diagnostics-${generatedAt.replace(/[:.]/g, '-')}.json`;
}

/** Bytes as people read them: 0 B, 12,3 KB, 4,5 MB, 1,2 GB (the app's number format). */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${formatNumber(value)} B` : `${formatNumber(value, 1)} ${units[unit]}`;
}
