import { describe, expect, it } from 'vitest';
import { accessDenial, type Screen, type Viewer } from '../../src/lib/session/access';
import { EMPTY_HUB_INFO, type HubType } from '../../src/lib/session/hub-info';
import { i18n, setLanguage } from '../../src/lib/i18n';
import { permissionsOf, roleLabel } from '../../src/lib/session/roles';
import { HUB } from '../support/demo';

const admin: Viewer = { role: 'admin', hubId: null, hubInfo: EMPTY_HUB_INFO };
const tower: Viewer = { role: 'tower_control', hubId: null, hubInfo: EMPTY_HUB_INFO };
function hubUser(hubType: HubType | null, hubId: string | null = null): Viewer {
  return { role: 'hub_user', hubId, hubInfo: { ...EMPTY_HUB_INFO, hubType } };
}

const ALL: Screen[] = [
  { kind: 'dashboard' },
  { kind: 'inventory' },
  { kind: 'in-transit' },
  { kind: 'users' },
  { kind: 'vendors' },
  { kind: 'settings' },
  { kind: 'hubs' },
  { kind: 'status-shipment' },
  { kind: 'audit' },
  { kind: 'pod' },
  { kind: 'hub-operations', hubType: 'polsub' },
  { kind: 'hub-activity', hubId: HUB.karawang },
];

describe('which screens a role may open (spec 6)', () => {
  it('admin opens everything', () => {
    for (const screen of ALL) expect(accessDenial(screen, admin), screen.kind).toBeNull();
  });

  it('tower_control lacks users, vendors and settings (a missing permission)', () => {
    const denied = ALL.filter((screen) => accessDenial(screen, tower) !== null).map((s) => s.kind);
    expect(denied).toEqual(['users', 'vendors', 'settings']);
    expect(accessDenial({ kind: 'users' }, tower)).toBe('permission');
  });

  it('a hub user opens the shared screens, its own hub and its own hub activity', () => {
    const karawang = hubUser('karawang', HUB.karawang);
    expect(accessDenial({ kind: 'dashboard' }, karawang)).toBeNull();
    expect(accessDenial({ kind: 'inventory' }, karawang)).toBeNull();
    expect(accessDenial({ kind: 'in-transit' }, karawang)).toBeNull();
    expect(accessDenial({ kind: 'hub-operations', hubType: 'karawang' }, karawang)).toBeNull();
    expect(accessDenial({ kind: 'hub-activity', hubId: HUB.karawang }, karawang)).toBeNull();

    expect(accessDenial({ kind: 'users' }, karawang)).toBe('permission');
    expect(accessDenial({ kind: 'vendors' }, karawang)).toBe('permission');
    expect(accessDenial({ kind: 'settings' }, karawang)).toBe('permission');
    expect(accessDenial({ kind: 'hubs' }, karawang)).toBe('role');
    expect(accessDenial({ kind: 'status-shipment' }, karawang)).toBe('role');
    expect(accessDenial({ kind: 'audit' }, karawang)).toBe('role');
    expect(accessDenial({ kind: 'pod' }, karawang)).toBe('role');
    expect(accessDenial({ kind: 'hub-operations', hubType: 'cikarang' }, karawang)).toBe('role');
    expect(accessDenial({ kind: 'hub-activity', hubId: 'another' }, karawang)).toBe('role');
  });

  it('a POD hub user opens POD; a user without a hub only the shared screens', () => {
    expect(accessDenial({ kind: 'pod' }, hubUser('pod'))).toBeNull();
    expect(accessDenial({ kind: 'hub-operations', hubType: 'karawang' }, hubUser('pod'))).toBe('role');
    const none = hubUser(null);
    expect(ALL.filter((screen) => accessDenial(screen, none) === null).map((s) => s.kind)).toEqual([
      'dashboard',
      'inventory',
      'in-transit',
    ]);
    // No hub id never matches a hub activity page.
    expect(accessDenial({ kind: 'hub-activity', hubId: '' }, none)).toBe('role');
  });
});

describe('roles', () => {
  it('shows the role with spaces', () => {
    expect(roleLabel('tower_control')).toBe('tower control');
    expect(roleLabel('hub_user')).toBe('hub user');
    expect(roleLabel('admin')).toBe('admin');
    expect(roleLabel('new_role')).toBe('new role');
  });

  it('names the role in English too, never by its internal key (issue 30)', async () => {
    await setLanguage('en');
    try {
      expect(roleLabel('hub_user')).toBe('hub user');
      expect(roleLabel('tower_control')).toBe('tower control');
    } finally {
      setLanguage('id');
    }
    expect(roleLabel('hub_user', i18n.getFixedT('en'))).toBe('hub user');
  });

  it('has the permission flags of spec 6', () => {
    expect(Object.values(permissionsOf('admin')).every(Boolean)).toBe(true);
    expect(permissionsOf('tower_control')).toEqual({
      manageUsers: false,
      manageHubs: false,
      manageVehicles: true,
      manageVendors: false,
      viewAllShipments: true,
      viewAllInventory: true,
      useAnalytics: true,
      useSettings: false,
    });
    expect(Object.values(permissionsOf('hub_user')).some(Boolean)).toBe(false);
  });
});
