// How a shipment status looks on every screen: the label and badge colour the
// admin chose on Status Shipment (the replicated shipment_statuses table), or
// for a key the device does not know, the key in words (spec 4.2).
import type { ShipmentStatus } from '../../../sync/pure';

export const STATUS_COLORS = ['info', 'warning', 'primary', 'success', 'danger'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

export interface StatusLook {
  label: string;
  color: StatusColor;
}

export type StatusLooks = ReadonlyMap<string, StatusLook>;

/** Spec 4.2: unknown statuses show with underscores turned to spaces, words capitalized. */
export function unknownStatusLabel(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

function isColor(value: string): value is StatusColor {
  return (STATUS_COLORS as readonly string[]).includes(value);
}

/** By key; a colour from a newer server that this build does not know shows as info. */
export function statusLooks(
  rows: readonly (Pick<ShipmentStatus, 'key' | 'label'> & { color: string })[],
): StatusLooks {
  return new Map(
    rows.map((s) => [
      s.key,
      { label: s.label || unknownStatusLabel(s.key), color: isColor(s.color) ? s.color : 'info' },
    ]),
  );
}

export function statusLook(looks: StatusLooks, key: string): StatusLook {
  return looks.get(key) ?? { label: unknownStatusLabel(key), color: 'info' };
}
