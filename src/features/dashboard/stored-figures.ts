// The dashboard's last figures, kept on the device between starts (issue 14, P5). Reading
// every stored shipment and inventory row takes seconds on a tablet, so a start draws the
// figures the dashboard last showed at once, marked with when they were computed, and
// replaces them as soon as the local database answers. Kept per user and viewer (role
// and hub) under an app key, so sign-out wipes them with the rest (wipe-local-data.ts);
// anything that does not read back as this viewer's figures is ignored.
import type { DashboardFigures, Viewer } from '../../../sync/pure';
import { DASHBOARD_FIGURES_KEY } from '../../lib/session/storage-keys';

const VERSION = 1;

export interface StoredFigures {
  figures: DashboardFigures;
  /** When they were computed (ISO). */
  at: string;
}

interface Stored extends StoredFigures {
  version: typeof VERSION;
  userId: string;
  role: Viewer['role'];
  hubId: string | null;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function isFigures(value: unknown): value is DashboardFigures {
  const f = value as Partial<DashboardFigures> | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    typeof f.inTransit === 'object' &&
    f.inTransit !== null &&
    Array.isArray(f.hubCards) &&
    Array.isArray(f.podCards)
  );
}

export function readStoredFigures(
  store: KeyValueStore,
  userId: string,
  { role, hubId }: Viewer,
): StoredFigures | null {
  try {
    const raw = store.getItem(DASHBOARD_FIGURES_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (
      stored.version !== VERSION ||
      stored.userId !== userId ||
      stored.role !== role ||
      (stored.hubId ?? null) !== (hubId ?? null) ||
      typeof stored.at !== 'string' ||
      !isFigures(stored.figures)
    ) {
      return null;
    }
    return { figures: stored.figures, at: stored.at };
  } catch {
    return null;
  }
}

export function writeStoredFigures(
  store: KeyValueStore,
  userId: string,
  { role, hubId }: Viewer,
  figures: DashboardFigures,
  at: Date,
): void {
  const stored: Stored = {
    version: VERSION,
    userId,
    role,
    hubId: hubId ?? null,
    figures,
    at: at.toISOString(),
  };
  try {
    store.setItem(DASHBOARD_FIGURES_KEY, JSON.stringify(stored));
  } catch (error) {
    // A full storage costs the next start its head start, nothing else.
    console.warn('dashboard: could not keep the figures', error);
  }
}
