// Which rows a command still waiting in the outbox touches: every id its
// payload names (keys ending in _id, lists ending in _ids). A card whose row is
// among them shows the "waiting to sync" marker.
import type { OutboxEntry } from '../../sync/pure';

export function idsOfPayload(payload: unknown): string[] {
  if (!payload || typeof payload !== 'object') return [];
  const ids: string[] = [];
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    if (key.endsWith('_id') && typeof value === 'string') ids.push(value);
    if (key.endsWith('_ids') && Array.isArray(value))
      for (const item of value) if (typeof item === 'string') ids.push(item);
  }
  return ids;
}

export function pendingIds(entries: readonly Pick<OutboxEntry, 'state' | 'payload'>[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.state !== 'pending') continue;
    for (const id of idsOfPayload(entry.payload)) ids.add(id);
  }
  return ids;
}
