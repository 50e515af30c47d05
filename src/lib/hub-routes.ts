// Hub operations routes (spec 2.1 and 2.9): /{hubSlug}/{tabSlug}, which tabs each
// hub has, and where a wrong slug or tab goes. Pure, so the router and tests agree.
import type { HubType } from './session/hub-info';

export const HUB_SLUGS = ['hub-karawang', 'hub-cikarang', 'hub-poljak', 'hub-polsub'] as const;
export type HubSlug = (typeof HUB_SLUGS)[number];

export const TAB_SLUGS = ['otw', 'arrival', 'unloading', 'ready', 'loading', 'done'] as const;
export type TabSlug = (typeof TAB_SLUGS)[number];

export interface HubRouteConfig {
  slug: HubSlug;
  /** The hub type a hub user of this hub has. */
  hubType: Exclude<HubType, 'pod' | 'other'>;
  /**
   * The hub's own name, over a restricted-feature alert: a name, the same in every language
   * (the screen's title and the menu read theirs from the catalogues, issue 30).
   */
  title: string;
  tabs: readonly TabSlug[];
  defaultTab: TabSlug;
}

const INBOUND_HUB_TABS: readonly TabSlug[] = ['otw', 'arrival', 'unloading', 'ready', 'loading'];

export const HUB_ROUTES: Record<HubSlug, HubRouteConfig> = {
  'hub-karawang': {
    slug: 'hub-karawang',
    hubType: 'karawang',
    title: 'Hub Karawang',
    tabs: ['ready', 'loading'],
    defaultTab: 'ready',
  },
  'hub-cikarang': {
    slug: 'hub-cikarang',
    hubType: 'cikarang',
    title: 'Hub Cikarang',
    tabs: INBOUND_HUB_TABS,
    defaultTab: 'otw',
  },
  'hub-poljak': {
    slug: 'hub-poljak',
    hubType: 'poljak',
    title: 'Hub PolJak (Jakarta)',
    tabs: INBOUND_HUB_TABS,
    defaultTab: 'otw',
  },
  'hub-polsub': {
    slug: 'hub-polsub',
    hubType: 'polsub',
    title: 'Hub PolSub (Surabaya)',
    tabs: INBOUND_HUB_TABS,
    defaultTab: 'otw',
  },
};

/** Where an unknown hub slug goes (spec 2.1). */
export const FALLBACK_HUB_PATH = '/hub-karawang/ready';

export function isHubSlug(value: string | undefined): value is HubSlug {
  return typeof value === 'string' && (HUB_SLUGS as readonly string[]).includes(value);
}

export function hubPath(slug: HubSlug, tab: TabSlug = HUB_ROUTES[slug].defaultTab): string {
  return `/${slug}/${tab}`;
}

/** One shipment's own view at a receiving hub (issue 41): its next step as the one big button. */
export function shipmentViewPath(slug: HubSlug, shipmentId: string): string {
  return `/${slug}/shipment/${encodeURIComponent(shipmentId)}`;
}

/** The same view at a POD (issue 41). */
export function podShipmentViewPath(shipmentId: string): string {
  return `/pod/shipment/${encodeURIComponent(shipmentId)}`;
}

/** The hub page of a hub type, e.g. 'cikarang' -> 'hub-cikarang'; none for pod and other. */
export function hubSlugForType(hubType: HubType | null): HubSlug | undefined {
  return HUB_SLUGS.find((slug) => HUB_ROUTES[slug].hubType === hubType);
}

export type HubRouteResolution =
  { kind: 'page'; hub: HubRouteConfig; tab: TabSlug } | { kind: 'redirect'; to: string };

/**
 * Resolves /{hubSlug}/{tabSlug}: an unknown hub goes to /hub-karawang/ready, a tab
 * the hub does not have goes to the hub's default tab.
 */
export function resolveHubRoute(
  hubSlug: string | undefined,
  tabSlug: string | undefined,
): HubRouteResolution {
  if (!isHubSlug(hubSlug)) return { kind: 'redirect', to: FALLBACK_HUB_PATH };
  const hub = HUB_ROUTES[hubSlug];
  const tab = hub.tabs.find((allowed) => allowed === tabSlug);
  if (!tab) return { kind: 'redirect', to: hubPath(hubSlug) };
  return { kind: 'page', hub, tab };
}
