// The audit trail's filters and their translation to audit_trail()'s arguments
// (supabase/schemas/functions/audit_trail.sql).
import { keyedMessage } from '../../../sync/pure';
import { serverMessage } from '../../lib/i18n/server-message';
import { supabase } from '../../lib/session/supabase';

export interface AuditFilters {
  hubId: string;
  actor: string;
  type: string;
  /** yyyy-MM-dd, this device's calendar days; '' for open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { hubId: '', actor: '', type: '', from: '', to: '' };
export const PAGE_SIZE = 50;

export interface AuditEntry {
  seq: number;
  id: string;
  type: string;
  actor_email: string | null;
  actor_name: string | null;
  hub_id: string | null;
  hub_name: string | null;
  issued_at: string;
  received_at: string;
  outcome: 'applied' | 'rejected';
  code: string | null;
  message: string | null;
  entity_id: string | null;
  payload: Record<string, unknown> | null;
  /** A rejection's message key and parameters (issue 39): shown in the device's language. */
  message_key: string | null;
  message_params: Record<string, unknown> | null;
}

/** A rejected command's message in the device's language (by its key; older rows by their text). */
export function auditMessage(entry: AuditEntry): string {
  return serverMessage(keyedMessage({ key: entry.message_key, params: entry.message_params }), entry.message);
}

/** Start of a local calendar day as an instant; `to` is inclusive, so it ends at the next day's start. */
function dayStart(day: string, plusDays = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).toISOString();
}

export function auditArguments(filters: AuditFilters, limit: number, beforeSeq?: number) {
  return {
    p_hub_id: filters.hubId || null,
    p_actor: filters.actor.trim() || null,
    p_type: filters.type || null,
    p_from: dayStart(filters.from),
    p_to: dayStart(filters.to, 1),
    p_before_seq: beforeSeq ?? null,
    p_limit: limit,
  };
}

export async function readAuditPage(filters: AuditFilters, beforeSeq?: number): Promise<AuditEntry[]> {
  const { data, error } = await supabase.rpc('audit_trail', auditArguments(filters, PAGE_SIZE, beforeSeq));
  if (error) throw error;
  return data as AuditEntry[];
}
