// The dashboard's last figures kept between starts (src/features/dashboard/stored-figures.ts):
// read back for the same user and viewer only; anything else is ignored.
import { describe, expect, it, vi } from 'vitest';
import type { DashboardFigures } from '../../sync';
import { readStoredFigures, writeStoredFigures } from '../../src/features/dashboard/stored-figures';
import { DASHBOARD_FIGURES_KEY } from '../../src/lib/session/storage-keys';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

const FIGURES: DashboardFigures = {
  inTransit: { shipments: 3, tv: 120, bracket: 40 },
  hubCards: [
    {
      kind: 'karawang',
      hub: undefined,
      stock: { tv: 500, bracket: 70 },
      flow: { incoming: 0, arrived: 1, unloading: 0, outgoing: 2 },
      capacity: 1000,
    },
  ],
  podCards: [{ city: 'Makassar', otw: 1, arrived: 0, unloading: 0, tv: 10, bracket: 2 }],
} as DashboardFigures;

const ADMIN = { role: 'admin', hubId: null } as const;
const AT = new Date('2026-11-24T07:30:00Z');

describe('stored dashboard figures', () => {
  it('reads back what was kept for the same user and viewer, with its time', () => {
    const store = memoryStore();
    writeStoredFigures(store, 'u1', ADMIN, FIGURES, AT);
    expect(readStoredFigures(store, 'u1', ADMIN)).toEqual({ figures: FIGURES, at: AT.toISOString() });
  });

  it('ignores another user, another role or another hub', () => {
    const store = memoryStore();
    writeStoredFigures(store, 'u1', { role: 'hub_user', hubId: 'h1' }, FIGURES, AT);
    expect(readStoredFigures(store, 'u2', { role: 'hub_user', hubId: 'h1' })).toBeNull();
    expect(readStoredFigures(store, 'u1', { role: 'tower_control', hubId: 'h1' })).toBeNull();
    expect(readStoredFigures(store, 'u1', { role: 'hub_user', hubId: 'h2' })).toBeNull();
    expect(readStoredFigures(store, 'u1', { role: 'hub_user', hubId: 'h1' })).not.toBeNull();
  });

  it('ignores nothing kept, unreadable JSON, another version and a wrong shape', () => {
    const store = memoryStore();
    expect(readStoredFigures(store, 'u1', ADMIN)).toBeNull();
    store.map.set(DASHBOARD_FIGURES_KEY, '{not json');
    expect(readStoredFigures(store, 'u1', ADMIN)).toBeNull();
    writeStoredFigures(store, 'u1', ADMIN, FIGURES, AT);
    const kept = JSON.parse(store.map.get(DASHBOARD_FIGURES_KEY)!) as Record<string, unknown>;
    store.map.set(DASHBOARD_FIGURES_KEY, JSON.stringify({ ...kept, version: 0 }));
    expect(readStoredFigures(store, 'u1', ADMIN)).toBeNull();
    store.map.set(
      DASHBOARD_FIGURES_KEY,
      JSON.stringify({ ...kept, figures: { inTransit: {}, hubCards: 'x' } }),
    );
    expect(readStoredFigures(store, 'u1', ADMIN)).toBeNull();
  });

  it('is kept under the app prefix (sign-out wipes it) and a full storage only warns', () => {
    expect(DASHBOARD_FIGURES_KEY.startsWith('dermaga-')).toBe(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    };
    expect(() => writeStoredFigures(full, 'u1', ADMIN, FIGURES, AT)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
