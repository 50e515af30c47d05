// Roles and their permission flags (spec 6). These only decide what the UI shows;
// the server checks role and hub on every read and command.
import type { TFunction } from 'i18next';
import { t } from '../i18n';

export const ROLES = ['admin', 'tower_control', 'hub_user'] as const;
export type Role = (typeof ROLES)[number];

/** Spec 6: the role of a user without a profile. */
export const DEFAULT_ROLE: Role = 'hub_user';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export interface Permissions {
  manageUsers: boolean;
  manageHubs: boolean;
  manageVehicles: boolean;
  manageVendors: boolean;
  viewAllShipments: boolean;
  viewAllInventory: boolean;
  useAnalytics: boolean;
  useSettings: boolean;
}

const NONE: Permissions = {
  manageUsers: false,
  manageHubs: false,
  manageVehicles: false,
  manageVendors: false,
  viewAllShipments: false,
  viewAllInventory: false,
  useAnalytics: false,
  useSettings: false,
};

const PERMISSIONS: Record<Role, Permissions> = {
  admin: {
    manageUsers: true,
    manageHubs: true,
    manageVehicles: true,
    manageVendors: true,
    viewAllShipments: true,
    viewAllInventory: true,
    useAnalytics: true,
    useSettings: true,
  },
  tower_control: {
    ...NONE,
    manageVehicles: true,
    viewAllShipments: true,
    viewAllInventory: true,
    useAnalytics: true,
  },
  hub_user: NONE,
};

export function permissionsOf(role: Role): Permissions {
  return PERMISSIONS[role];
}

/** admin and tower_control work across every hub. */
export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'tower_control';
}

/**
 * The role as the sidebar and header show it: underscores become spaces (spec 2.2), in the
 * language of `translate` (the device's by default; issue 30), never the internal key; an
 * unknown role as its words.
 */
export function roleLabel(role: string, translate: TFunction = t): string {
  return isRole(role) ? translate(`lib.roles.${role}`) : role.replace(/_/g, ' ');
}
