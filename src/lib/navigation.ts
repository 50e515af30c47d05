// The sidebar menu by role and hub type: spec 2.2, reading A (route-based menu).
import type { HubInfo } from './hub-info';
import { HUB_ROUTES, hubSlugForType, type HubSlug } from './hub-routes';
import type { Role } from './roles';

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

const DASHBOARD: NavItem = { to: '/', label: 'Dashboard', icon: 'dashboard' };
const POD: NavItem = { to: '/pod', label: 'POD', icon: 'pod' };
const USERS: NavItem = { to: '/users', label: 'Users', icon: 'users' };
const VENDORS: NavItem = { to: '/vendors', label: 'Vendors', icon: 'vendors' };
const INVENTORY: NavItem = { to: '/inventory', label: 'Inventory', icon: 'inventory' };
const HUBS: NavItem = { to: '/hubs', label: 'Hubs', icon: 'hubs' };
const STATUS_SHIPMENT: NavItem = { to: '/status-shipment', label: 'Status Shipment', icon: 'status' };
const SETTINGS: NavItem = { to: '/settings', label: 'Settings', icon: 'settings' };
// Beyond the spec (issue 12): the audit trail, for the two roles that see every hub.
const AUDIT: NavItem = { to: '/audit', label: 'Audit Trail', icon: 'audit' };

function hubItem(slug: HubSlug): NavItem {
  const hub = HUB_ROUTES[slug];
  const seaPort = slug === 'hub-poljak' || slug === 'hub-polsub';
  return { to: `/${slug}`, label: hub.menuLabel, icon: seaPort ? 'port' : 'hub' };
}

const HUB_ITEMS: NavItem[] = (['hub-karawang', 'hub-cikarang', 'hub-poljak', 'hub-polsub'] as const).map(
  hubItem,
);

export const OPERATIONS_GROUP = 'Operations';
export const MANAGEMENT_GROUP = 'Management';

/**
 * The menu for a user. admin: Dashboard, Operations (four hubs and POD), Management
 * (Users, Vendors, Inventory, Hubs, Status Shipment, Settings, and the Audit Trail beyond
 * the spec). tower_control: the same without Users, Vendors and Settings. hub_user: Dashboard, its own hub page and
 * Inventory; a POD hub gets POD and Inventory Gudang; any other or no hub My Inventory.
 */
export function menuFor({ role, hubInfo }: MenuViewer): NavGroup[] {
  if (role === 'admin') {
    return [
      { label: null, items: [DASHBOARD] },
      { label: OPERATIONS_GROUP, items: [...HUB_ITEMS, POD] },
      { label: MANAGEMENT_GROUP, items: [USERS, VENDORS, INVENTORY, HUBS, STATUS_SHIPMENT, SETTINGS, AUDIT] },
    ];
  }
  if (role === 'tower_control') {
    return [
      { label: null, items: [DASHBOARD] },
      { label: OPERATIONS_GROUP, items: [...HUB_ITEMS, POD] },
      { label: MANAGEMENT_GROUP, items: [INVENTORY, HUBS, STATUS_SHIPMENT, AUDIT] },
    ];
  }
  const ownHub = hubSlugForType(hubInfo.hubType);
  if (ownHub) return [{ label: null, items: [DASHBOARD, hubItem(ownHub), INVENTORY] }];
  if (hubInfo.hubType === 'pod') {
    return [{ label: null, items: [DASHBOARD, POD, { ...INVENTORY, label: 'Inventory Gudang' }] }];
  }
  return [{ label: null, items: [DASHBOARD, { ...INVENTORY, label: 'My Inventory' }] }];
}

/** Whether a menu entry is the current route: '/' only exactly, others with their sub-paths. */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
