// Perlu perhatian, live (issue 30): the items of src/lib/attention/attention.ts from the same local
// queries the screens use, a clock tick, and three answers only the server has: the
// thresholds an admin set (attention_settings), the hub devices' last syncs
// (device_sync_report_list) and the counted receipts whose signatures or photos have not
// arrived (evidence_awaited: receipts are not replicated). Those are read on demand: while online
// every 30 s and after a sync round (at most every 10 s), shared by every reader (the
// dashboard's board and the bell), and kept in localStorage so an offline start has the
// last ones.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  attentionItems,
  DEFAULT_THRESHOLDS,
  thresholdsFrom,
  type AttentionItem,
  type AttentionThresholds,
  type DeviceReport,
  type AttentionSettingsRow,
  type EvidenceAwaited,
} from './attention';
import type { Viewer } from '../session/access';
import { useSignedIn } from '../session/session';
import { ATTENTION_KEY, AUTH_STORAGE_KEY } from '../session/storage-keys';
import { supabase } from '../session/supabase';
import { useFreshness, useTablesArrived } from '../sync-engine';
import { useNow } from '../hooks/use-now';
import { useOnline } from '../hooks/use-online';
import { ALL_ROWS, useRxByIds, useRxQuery } from '../hooks/use-rx-query';

export const SERVER_POLL_MS = 30_000;
const AFTER_ROUND_MS = 10_000;

export interface AttentionServerState {
  thresholds: AttentionThresholds;
  devices: DeviceReport[];
  evidence: EvidenceAwaited[];
  /** When the server last answered (ms), or null: never on this device. */
  at: number | null;
}

const EMPTY: AttentionServerState = { thresholds: DEFAULT_THRESHOLDS, devices: [], evidence: [], at: null };

function readKept(userId: string): AttentionServerState {
  try {
    const kept = JSON.parse(localStorage.getItem(ATTENTION_KEY) ?? 'null') as
      (AttentionServerState & { userId: string }) | null;
    if (!kept || kept.userId !== userId || !Array.isArray(kept.devices)) return EMPTY;
    return {
      thresholds: thresholdsFrom(kept.thresholds as never),
      devices: kept.devices,
      // Kept by a release before it: none known until the next answer.
      evidence: Array.isArray(kept.evidence) ? kept.evidence : [],
      at: kept.at,
    };
  } catch {
    return EMPTY;
  }
}

/** One shared reader of the server's answers per user: started by the first hook, stopped with the last. */
class ServerAnswers {
  private state: AttentionServerState;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private fetching = false;
  private lastFetch = 0;

  constructor(readonly userId: string) {
    this.state = readKept(userId);
  }

  get = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      void this.fetch();
      this.timer = setInterval(() => void this.fetch(), SERVER_POLL_MS);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  };

  /** Read again now (after an admin changed the thresholds). */
  refresh(): Promise<void> {
    return this.fetch(true);
  }

  /** After a sync round: read again unless a read is recent. */
  nudge(): void {
    if (Date.now() - this.lastFetch >= AFTER_ROUND_MS) void this.fetch();
  }

  private async fetch(force = false): Promise<void> {
    if ((this.fetching && !force) || !navigator.onLine) return;
    this.fetching = true;
    this.lastFetch = Date.now();
    try {
      const [settings, devices, evidence] = await Promise.all([
        supabase.rpc('attention_settings'),
        supabase.rpc('device_sync_report_list'),
        supabase.rpc('evidence_awaited'),
      ]);
      const failed = settings.error ?? devices.error ?? evidence.error;
      if (failed) throw new Error(failed.message);
      this.state = {
        thresholds: thresholdsFrom(settings.data as AttentionSettingsRow),
        devices: (devices.data as DeviceReport[]) ?? [],
        evidence: (evidence.data as EvidenceAwaited[]) ?? [],
        at: Date.now(),
      };
      try {
        // Signed out meanwhile (the session's key is gone): nothing of the last user is kept.
        if (shared !== this || localStorage.getItem(AUTH_STORAGE_KEY) === null) return;
        localStorage.setItem(ATTENTION_KEY, JSON.stringify({ ...this.state, userId: this.userId }));
      } catch {
        // A full storage costs an offline start the last answer, nothing else.
      }
      for (const listener of this.listeners) listener();
    } catch (error) {
      console.warn('attention: the server could not be read; the last answer stays', error);
    } finally {
      this.fetching = false;
    }
  }
}

let shared: ServerAnswers | null = null;
function answersFor(userId: string): ServerAnswers {
  if (shared?.userId !== userId) shared = new ServerAnswers(userId);
  return shared;
}

/** Reads the thresholds and devices again now (Settings, after saving). */
export function refreshAttention(userId: string): Promise<void> {
  return answersFor(userId).refresh();
}

/** The thresholds and devices as the server last answered (shared, polled while read). */
export function useAttentionServer(userId: string): AttentionServerState {
  const answers = answersFor(userId);
  const state = useSyncExternalStore(answers.subscribe, answers.get, answers.get);
  // Only when a sync ends (the whole status changes several times a tap).
  const lastSyncedAt = useFreshness()?.lastSyncedAt ?? null;
  const online = useOnline();
  useEffect(() => {
    if (online && lastSyncedAt) answers.nudge();
  }, [answers, online, lastSyncedAt]);
  return state;
}

const TABLES = ['hubs', 'shipments', 'vehicles', 'discrepancies'] as const;
const ON_THE_WAY = { selector: { selesai_bongkar: false } };
const QUEUED = { selector: { siap_muat: true, sedang_muat: false } };
const OPEN = { selector: { status: 'open' as const } };

export interface Attention {
  items: AttentionItem[];
  /** The local queries have answered (an empty list then means nothing needs a person). */
  ready: boolean;
  thresholds: AttentionThresholds;
  /** Hub names by id, for the items' places. */
  hubNames: ReadonlyMap<string, string>;
}

/** Perlu perhatian for the signed-in viewer, live: rows, the server's answers, a clock every 30 s. */
export function useAttention(): Attention {
  const { profile } = useSignedIn();
  const viewer: Viewer = useMemo(
    () => ({ role: profile.role, hubId: profile.hubId, hubInfo: profile.hubInfo }),
    [profile.role, profile.hubId, profile.hubInfo],
  );
  const server = useAttentionServer(profile.userId);
  const hubs = useRxQuery('hubs', ALL_ROWS);
  const shipments = useRxQuery('shipments', ON_THE_WAY);
  const vehicles = useRxQuery('vehicles', QUEUED);
  // Open discrepancies (issue 28) and their shipments' batch numbers (received: not on the way).
  const discrepancies = useRxQuery('discrepancies', OPEN);
  const discrepancyShipments = useRxByIds(
    'shipments',
    discrepancies.rows.map((d) => d.shipment_id),
  );
  const now = useNow(30_000);
  // "Nothing needs a person" is a claim about these tables: only once they have arrived (issue 29).
  const arrived = useTablesArrived(TABLES);
  // The server's lists not read for two rounds of polling (offline): each as of that read only.
  const serverAsOf = server.at !== null && now - server.at > 2 * SERVER_POLL_MS ? server.at : undefined;
  const items = useMemo(
    () =>
      attentionItems({
        now,
        thresholds: server.thresholds,
        viewer,
        hubs: hubs.rows,
        shipments: shipments.rows,
        vehicles: vehicles.rows,
        devices: server.devices,
        devicesAsOf: serverAsOf,
        evidence: server.evidence,
        evidenceAsOf: serverAsOf,
        discrepancies: discrepancies.rows,
        batches: new Map([...discrepancyShipments.values()].map((s) => [s.id, s.batch_number])),
      }),
    [
      now,
      server,
      serverAsOf,
      viewer,
      hubs.rows,
      shipments.rows,
      vehicles.rows,
      discrepancies.rows,
      discrepancyShipments,
    ],
  );
  const hubNames = useMemo(() => new Map(hubs.rows.map((h) => [h.id, h.name])), [hubs.rows]);
  return {
    items,
    ready: arrived && hubs.ready && shipments.ready && vehicles.ready && discrepancies.ready,
    thresholds: server.thresholds,
    hubNames,
  };
}
