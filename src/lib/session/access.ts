// Which screens a role may open (spec 6). Only what the UI shows: the server
// enforces role and hub on every read and command regardless.
import type { HubInfo, HubType } from './hub-info';
import { isStaff, permissionsOf, type Role } from './roles';

export interface Viewer {
  role: Role;
  hubId: string | null;
  hubInfo: HubInfo;
}

export type Screen =
  | { kind: 'dashboard' }
  | { kind: 'inventory' }
  | { kind: 'in-transit' }
  | { kind: 'users' }
  | { kind: 'vendors' }
  | { kind: 'settings' }
  | { kind: 'hubs' }
  | { kind: 'status-shipment' }
  | { kind: 'audit' }
  | { kind: 'pod' }
  | { kind: 'hub-operations'; hubType: HubType }
  | { kind: 'hub-activity'; hubId: string };

/**
 * Why a screen is closed to a viewer: 'permission' when it needs a permission flag
 * the role lacks (users, vendors, settings are admin only), 'role' when the screen
 * belongs to other roles or another hub.
 */
export type Denial = 'permission' | 'role';

/** null when the viewer may open the screen. */
export function accessDenial(screen: Screen, viewer: Viewer): Denial | null {
  const can = permissionsOf(viewer.role);
  const staff = isStaff(viewer.role);
  switch (screen.kind) {
    case 'dashboard':
    case 'inventory':
    case 'in-transit':
      return null;
    case 'users':
      return can.manageUsers ? null : 'permission';
    case 'vendors':
      return can.manageVendors ? null : 'permission';
    case 'settings':
      return can.useSettings ? null : 'permission';
    case 'hubs':
    case 'status-shipment':
    case 'audit':
      return staff ? null : 'role';
    case 'pod':
      return staff || viewer.hubInfo.hubType === 'pod' ? null : 'role';
    case 'hub-operations':
      return staff || viewer.hubInfo.hubType === screen.hubType ? null : 'role';
    case 'hub-activity':
      return staff || (viewer.hubId !== null && viewer.hubId === screen.hubId) ? null : 'role';
  }
}
