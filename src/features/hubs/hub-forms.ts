// Hub management's forms (spec 2.8, 5): checked by the commands' own schemas
// (hub name required after trimming: 'Hub name is required'; an empty city
// is sent as null; new hubs get type 'hub'), and the warehouse capacity.
import { checkCommand } from '../../lib/writes/check-command';

export interface HubValues {
  name: string;
  city: string;
}

const nullIfBlank = (v: string) => (v.trim() === '' ? null : v);

export function checkAddHub(values: HubValues) {
  return checkCommand('add_hub', {
    hub_id: crypto.randomUUID(),
    name: values.name,
    city: nullIfBlank(values.city),
  });
}

/** Edit Hub's values: Add Hub's, whether the hub counts blind (issue 41) and tracks TV serials (issue 42). */
export interface EditHubValues extends HubValues {
  blind_count?: boolean;
  serial_tracking?: boolean;
}

/** Only what changed travels; an edit that changes nothing sends nothing. */
export function checkEditHub(
  hub: { id: string; name: string; city: string | null; blind_count?: boolean; serial_tracking?: boolean },
  values: EditHubValues,
) {
  const changes: Record<string, string | boolean | null> = {};
  if (values.name !== hub.name) changes.name = values.name;
  if ((nullIfBlank(values.city) ?? null) !== (hub.city ?? null)) changes.city = nullIfBlank(values.city);
  if (values.blind_count !== undefined && values.blind_count !== (hub.blind_count ?? false))
    changes.blind_count = values.blind_count;
  if (values.serial_tracking !== undefined && values.serial_tracking !== (hub.serial_tracking ?? false))
    changes.serial_tracking = values.serial_tracking;
  if (Object.keys(changes).length === 0) return { ok: true as const, payload: null };
  const checked = checkCommand('edit_hub', { hub_id: hub.id, changes });
  if (checked.ok) return checked;
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(checked.errors))
    errors[key === 'changes' ? 'name' : key] = message;
  return { ...checked, errors };
}

/** A capacity as typed: empty clears it (no maximum); else a whole number 0 or more. */
export function checkCapacity(warehouseId: string, text: string) {
  const trimmed = text.trim();
  const capacity = trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return checkCommand('set_warehouse_capacity', { warehouse_id: warehouseId, capacity });
}

/** Spec 2.8: the type column shows 'Hub' by default. */
export function hubTypeLabel(type: string | null | undefined): string {
  if (!type || type === 'hub') return 'Hub';
  if (type === 'pod') return 'POD';
  return type.charAt(0).toUpperCase() + type.slice(1);
}
