// Spec 3: the kind of a hub from its name. Twin of public.hub_kind.
import { containsText, dmTrim, asciiLower } from './text';

export const HUB_KINDS = ['karawang', 'cikarang', 'poljak', 'polsub', 'pod'] as const;
export type HubKind = (typeof HUB_KINDS)[number] | 'other';

/**
 * In the spec's order: karawang; cikarang; poljak (jakarta or poljak); polsub
 * (surabaya or polsub); pod (type pod or a name containing pod). Past the spec:
 * when the name says nothing, a stored known type is kept (a renamed hub keeps
 * its kind); otherwise 'other'.
 */
export function hubKind(name: string | null | undefined, type: string | null | undefined): HubKind {
  const t = asciiLower(dmTrim(type ?? ''));
  if (containsText(name, 'karawang')) return 'karawang';
  if (containsText(name, 'cikarang')) return 'cikarang';
  if (containsText(name, 'jakarta') || containsText(name, 'poljak')) return 'poljak';
  if (containsText(name, 'surabaya') || containsText(name, 'polsub')) return 'polsub';
  if (t === 'pod' || containsText(name, 'pod')) return 'pod';
  if (t === 'karawang' || t === 'cikarang' || t === 'poljak' || t === 'polsub') return t;
  return 'other';
}
