// The status procedures of spec 7.3 (admin only, enforced by the server). After
// a change the device syncs at once, so this screen and every other one show
// the new label and colour from the replicated statuses.
import { t } from '../../lib/i18n';
import type { SyncEngine } from '../../../sync/pure';
import { supabase } from '../../lib/session/supabase';
import type { StatusFormValues } from './status-form';

export class StatusError extends Error {}

function fail(error: { message?: string } | null, fallback: string): never {
  throw new StatusError(error?.message || fallback);
}

export async function addStatus(values: StatusFormValues): Promise<void> {
  const { error } = await supabase.rpc('add_shipment_status', {
    new_status: values.key,
    new_label: values.label,
    new_color: values.color,
  });
  if (error) fail(error, t('statusesScreen.failure.addDb'));
}

export async function editStatus(oldKey: string, values: StatusFormValues): Promise<void> {
  const { error } = await supabase.rpc('rename_shipment_status', {
    old_value: oldKey,
    new_value: values.key,
    new_label: values.label,
    new_color: values.color,
  });
  if (error) fail(error, t('statusesScreen.failure.updateDb'));
}

/** Spec 8.4: a status in use is refused before the delete is tried (and by the server anyway). */
export async function deleteStatus(key: string): Promise<void> {
  const used = await supabase.rpc('is_shipment_status_used', { status_value: key });
  if (used.error) fail(used.error, t('statusesScreen.failure.verifyUsage'));
  if (used.data === true) throw new StatusError(t('statusesScreen.failure.inUse'));
  const { error } = await supabase.rpc('remove_shipment_status', { value_to_remove: key });
  if (error)
    fail(
      error.code === '23503' ? { message: t('statusesScreen.failure.inUse') } : error,
      t('statusesScreen.failure.deleteDb'),
    );
}

/** Pulls the change into this device's view now rather than at the next interval. */
export function syncSoon(engine: SyncEngine | null): void {
  void engine?.syncNow().catch(() => undefined);
}
