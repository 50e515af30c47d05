// Gathers this device's diagnostics from the engine's store and saves them as a file.
import type { SyncEngine, SyncStatus } from '../../../sync/pure';
import { downloadText } from '../../lib/csv';
import type { UserProfile } from '../../lib/session/profile';
import { buildDiagnostics, diagnosticsFileName } from './diagnostics';

export async function exportDiagnostics(
  engine: SyncEngine,
  status: SyncStatus,
  profile: UserProfile,
): Promise<string> {
  const store = engine.local.store;
  const [outbox, uploads, conflicts, meta, estimate, persisted] = await Promise.all([
    store.outbox.orderBy('seq').toArray(),
    store.uploads.toArray(),
    store.conflicts.orderBy('at').toArray(),
    store.meta.toArray(),
    navigator.storage?.estimate?.(),
    navigator.storage?.persisted?.(),
  ]);
  const generatedAt = new Date().toISOString();
  const file = buildDiagnostics({
    generatedAt,
    app: { version: import.meta.env.VITE_APP_VERSION, builtAt: import.meta.env.VITE_BUILT_AT },
    device: {
      userAgent: navigator.userAgent,
      online: navigator.onLine,
      storage: { usage: estimate?.usage, quota: estimate?.quota, persisted },
    },
    user: { id: profile.userId, role: profile.role, hubId: profile.hubId },
    status,
    changes: engine.changes$.value,
    outbox,
    uploads,
    conflicts,
    meta,
  });
  const name = diagnosticsFileName(generatedAt);
  downloadText(name, JSON.stringify(file, null, 2), 'application/json');
  return name;
}
