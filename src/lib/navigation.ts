// The sidebar menu by role and hub type: spec 2.2, reading A (route-based menu). Its names are
// the spec's, from the catalogue's lib.nav (issue 30).
import type { TFunction } from 'i18next';
import type { HubInfo } from './session/hub-info';
import { HUB_ROUTES, HUB_SLUGS, hubSlugForType, type HubSlug } from './hub-routes';
import { t } from './i18n';
import type { libId } from './i18n/lib-id';
import type { Role } from './session/roles';

/** Icon names; the sidebar maps them to icons so this module stays data only. */
export type NavIcon =
  | 'dashboard'
  | 'hub'
  | 'port'
  | 'pod'
  | 'users'
  | 'vendors'
  | 'inventory'
  | 'hubs'
  | 'status'
  | 'settings'
  | 'audit';

export interface NavItem {
  to: string;
  label: string;
  icon: NavIcon;
}

/** A group with a label is collapsible; a group without one is a plain list. */
export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

export interface MenuViewer {
  role: Role;
  hubInfo: HubInfo;
}

type NavName = Exclude<keyof typeof libId.nav, 'hubPages'>;

/** Where an entry goes and what it is called (its key in the catalogue's lib.nav). */
const ENTRIES = {
  dashboard: { to: '/', icon: 'dashboard' },
  pod: { to: '/pod', icon: 'pod' },
  users: { to: '/users', icon: 'users' },
  vendors: { to: '/vendors', icon: 'vendors' },
  inventory: { to: '/inventory', icon: 'inventory' },
  hubs: { to: '/hubs', icon: 'hubs' },
  statusShipment: { to: '/status-shipment', icon: 'status' },
  settings: { to: '/settings', icon: 'settings' },
  // Beyond the spec (issue 12): the audit trail, for the two roles that see every hub.
  audit: { to: '/audit', icon: 'audit' },
  // The inventory as a POD hub's user and a user of no known hub find it.
  inventoryWarehouse: { to: '/inventory', icon: 'inventory' },
  myInventory: { to: '/inventory', icon: 'inventory' },
} satisfies Record<Exclude<NavName, 'operations' | 'management'>, Omit<NavItem, 'label'>>;

/**
 * The menu for a user, its names in the language of `translate` (the device's by default; a
 * component passes its own t so the menu follows a change of language). admin: Dashboard,
 * Operations (four hubs and POD), Management (Users, Vendors, Inventory, Hubs, Status Shipment,
 * Settings, and the Audit Trail beyond the spec). tower_control: the same without Users,
 * Vendors and Settings. hub_user: Dashboard, its own hub page and Inventory; a POD hub gets POD
 * and Inventory Gudang; any other or no hub My Inventory.
 */
export function menuFor({ role, hubInfo }: MenuViewer, translate: TFunction = t): NavGroup[] {
  const item = (name: keyof typeof ENTRIES): NavItem => ({
    ...ENTRIES[name],
    label: translate(`lib.nav.${name}`),
  });
  const hubItem = (slug: HubSlug): NavItem => ({
    to: `/${slug}`,
    label: translate(`lib.nav.hubPages.${HUB_ROUTES[slug].hubType}`),
    icon: slug === 'hub-poljak' || slug === 'hub-polsub' ? 'port' : 'hub',
  });
  const group = (name: 'operations' | 'management', items: NavItem[]): NavGroup => ({
    label: translate(`lib.nav.${name}`),
    items,
  });
  const dashboard = item('dashboard');
  if (role === 'admin' || role === 'tower_control') {
    const management: (keyof typeof ENTRIES)[] =
      role === 'admin'
        ? ['users', 'vendors', 'inventory', 'hubs', 'statusShipment', 'settings', 'audit']
        : ['inventory', 'hubs', 'statusShipment', 'audit'];
    return [
      { label: null, items: [dashboard] },
      group('operations', [...HUB_SLUGS.map(hubItem), item('pod')]),
      group('management', management.map(item)),
    ];
  }
  const ownHub = hubSlugForType(hubInfo.hubType);
  if (ownHub) return [{ label: null, items: [dashboard, hubItem(ownHub), item('inventory')] }];
  if (hubInfo.hubType === 'pod') {
    return [{ label: null, items: [dashboard, item('pod'), item('inventoryWarehouse')] }];
  }
  return [{ label: null, items: [dashboard, item('myInventory')] }];
}

/** Whether a menu entry is the current route: '/' only exactly, others with their sub-paths. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
