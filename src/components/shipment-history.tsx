// A shipment's own history: every command on it, in the order the server
// received them, with who, the device's time, the server's time and the
// outcome. From the audit trail (server only, admin and tower control only:
// docs/security.md), so it needs a connection and says so when offline.
import { commandLabel } from '../lib/command-labels';
import { formatDateTime } from '../lib/format-date';
import { useT } from '../lib/i18n';
import { serverMessage } from '../lib/i18n/server-message';
import { keyedMessage } from '../../sync/pure';
import { isStaff } from '../lib/session/roles';
import { useSignedIn } from '../lib/session/session';
import { supabase } from '../lib/session/supabase';
import { useOnline } from '../lib/hooks/use-online';
import { useServerQuery } from '../lib/hooks/use-server-query';
import { OfflineNotice } from './needs-connection';
import { Badge } from './ui/badge';
import { Spinner } from './ui/spinner';

export interface HistoryEntry {
  seq: number;
  type: string;
  actor_email: string | null;
  actor_name: string | null;
  issued_at: string;
  received_at: string;
  outcome: 'applied' | 'rejected';
  message: string | null;
  message_key: string | null;
  message_params: unknown;
  /** What was sent (issue 29: a correction's counts and reason). */
  payload?: Record<string, unknown> | null;
}

/** A correction's new counts and a correction's or void's reason (issue 29). */
function CorrectionDetail({ entry }: { entry: HistoryEntry }) {
  const t = useT();
  const p = entry.payload ?? {};
  const reason = typeof p.reason === 'string' ? p.reason : null;
  const counts =
    entry.type === 'correct_shipment_counts' && typeof p.smartboard_quantity === 'number'
      ? t('tower.history.newCounts', { tv: p.smartboard_quantity, bracket: String(p.bracket_quantity) })
      : null;
  if (!reason && !counts) return null;
  return (
    <span data-testid="history-reason">
      {counts}
      {counts && reason ? ' · ' : ''}
      {reason && t('tower.history.reason', { reason })}
    </span>
  );
}

async function readHistory(shipmentId: string): Promise<HistoryEntry[]> {
  const { data, error } = await supabase.rpc('shipment_history', { p_shipment_id: shipmentId });
  if (error) throw error;
  return data as HistoryEntry[];
}

/**
 * Mount in a shipment's detail panel; renders nothing for roles that may not read the trail.
 * `version` (the row's change_xid) reads it again once the row changed on the server.
 */
export function ShipmentHistory({ shipmentId, version }: { shipmentId: string; version?: string }) {
  const t = useT();
  const { profile } = useSignedIn();
  const staff = isStaff(profile.role);
  const online = useOnline();
  // Read again when the shipment's row changes on the server (a correction, a void: issue 29).
  const history = useServerQuery(staff ? `history:${shipmentId}:${version ?? ''}` : null, () =>
    readHistory(shipmentId),
  );
  if (!staff) return null;
  return (
    <section className="grid gap-2" data-testid="shipment-history" aria-label={t('tower.history.title')}>
      <h3 className="text-sm font-semibold">{t('tower.history.title')}</h3>
      {!online ? (
        <OfflineNotice description={t('tower.history.offline')} />
      ) : history.error ? (
        <p className="text-sm text-destructive" role="alert">
          {t('common.historyFailed', { error: history.error })}
        </p>
      ) : history.loading && !history.data ? (
        <Spinner className="size-4" aria-label={t('tower.history.title')} />
      ) : history.data?.length ? (
        <ol className="grid gap-2 border-l pl-4">
          {history.data.map((h) => (
            <li
              key={h.seq}
              className="grid gap-0.5 text-sm"
              data-testid="history-entry"
              data-outcome={h.outcome}
            >
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {commandLabel(h.type)}
                {h.outcome === 'rejected' && <Badge variant="danger">{t('common.rejected')}</Badge>}
              </span>
              <span className="text-muted-foreground">
                {t('tower.history.times', {
                  who: h.actor_name ?? h.actor_email ?? '-',
                  issued: formatDateTime(h.issued_at),
                  received: formatDateTime(h.received_at),
                })}
              </span>
              <CorrectionDetail entry={h} />
              {h.outcome === 'rejected' && h.message && (
                <span className="text-destructive">
                  {serverMessage(keyedMessage({ key: h.message_key, params: h.message_params }), h.message)}
                </span>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{t('tower.history.empty')}</p>
      )}
    </section>
  );
}
