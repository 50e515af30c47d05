// Hub info of the signed-in user (spec 3): which kind of hub the profile's hub is,
// its city and name. Pure, so the menu, routing and later screens share one rule.

export const HUB_TYPES = ['karawang', 'cikarang', 'poljak', 'polsub', 'pod'] as const;

/** The hub types the app knows; 'other' is a hub that matches none of them. */
export type HubType = (typeof HUB_TYPES)[number] | 'other';

/** The hub row as the profile query returns it (profiles joined hubs). */
export interface HubRow {
  id: string;
  name: string;
  city: string | null;
  type: string | null;
}

export interface HubInfo {
  /** null when the user has no hub at all. */
  hubType: HubType | null;
  hubCity: string | null;
  hubName: string | null;
}

export const EMPTY_HUB_INFO: HubInfo = { hubType: null, hubCity: null, hubName: null };

/**
 * The hub type by spec 3's derivation, in its order: the name decides first
 * (karawang; cikarang; jakarta or poljak; surabaya or polsub), then pod when the
 * type is pod or the name contains pod. Past the spec: when the name matches nothing,
 * a stored type naming one of the known hubs is taken, so a renamed hub keeps its kind.
 */
export function deriveHubType(hub: Pick<HubRow, 'name' | 'type'>): HubType {
  const name = hub.name.trim().toLowerCase();
  const type = (hub.type ?? '').trim().toLowerCase();
  if (name.includes('karawang')) return 'karawang';
  if (name.includes('cikarang')) return 'cikarang';
  if (name.includes('jakarta') || name.includes('poljak')) return 'poljak';
  if (name.includes('surabaya') || name.includes('polsub')) return 'polsub';
  if (type === 'pod' || name.includes('pod')) return 'pod';
  if ((HUB_TYPES as readonly string[]).includes(type)) return type as HubType;
  return 'other';
}

/**
 * The city of a hub: its city column, or for a POD with none the name without
 * the word POD ("POD Makassar" is Makassar).
 */
export function deriveHubCity(hub: Pick<HubRow, 'name' | 'city'>, hubType: HubType): string | null {
  const city = hub.city?.trim();
  if (city) return city;
  if (hubType === 'pod') {
    const fromName = hub.name.replace(/\bpod\b/i, '').trim();
    return fromName || null;
  }
  return null;
}

/** hubType, hubCity and hubName for a profile's hub (or none). */
export function deriveHubInfo(hub: Pick<HubRow, 'name' | 'city' | 'type'> | null | undefined): HubInfo {
  if (!hub || !hub.name?.trim()) return EMPTY_HUB_INFO;
  const hubType = deriveHubType(hub);
  return { hubType, hubCity: deriveHubCity(hub, hubType), hubName: hub.name.trim() };
}
