import { describe, expect, it } from 'vitest';
import { EMPTY_HUB_INFO, type HubType } from '../../src/lib/session/hub-info';
import { i18n, setLanguage } from '../../src/lib/i18n';
import { isActivePath, menuFor, type NavGroup } from '../../src/lib/navigation';

function flat(groups: NavGroup[]): string[] {
  return groups.flatMap((group) => group.items.map((item) => `${item.label} ${item.to}`));
}

function hubUser(hubType: HubType | null) {
  return { role: 'hub_user' as const, hubInfo: { ...EMPTY_HUB_INFO, hubType } };
}

/** What admin and tower control both see first: the dashboard and every hub's screen. */
const DASHBOARD_AND_OPERATIONS = [
  'Dashboard /',
  'Hub Karawang /hub-karawang',
  'Hub Cikarang /hub-cikarang',
  'Pol Jakarta /hub-poljak',
  'Pol Surabaya /hub-polsub',
  'POD /pod',
];

describe('the menu, spec 2.2 reading A', () => {
  it('admin: Dashboard, Operations, Management', () => {
    const menu = menuFor({ role: 'admin', hubInfo: EMPTY_HUB_INFO });
    expect(menu.map((g) => g.label)).toEqual([null, 'Operations', 'Management']);
    expect(flat(menu)).toEqual([
      ...DASHBOARD_AND_OPERATIONS,
      'Users /users',
      'Vendors /vendors',
      'Inventory /inventory',
      'Hubs /hubs',
      'Status Shipment /status-shipment',
      'Settings /settings',
      'Audit Trail /audit',
    ]);
  });

  it('tower_control: no Users, Vendors or Settings', () => {
    expect(flat(menuFor({ role: 'tower_control', hubInfo: EMPTY_HUB_INFO }))).toEqual([
      ...DASHBOARD_AND_OPERATIONS,
      'Inventory /inventory',
      'Hubs /hubs',
      'Status Shipment /status-shipment',
      'Audit Trail /audit',
    ]);
  });

  it.each([
    ['karawang', ['Dashboard /', 'Hub Karawang /hub-karawang', 'Inventory /inventory']],
    ['cikarang', ['Dashboard /', 'Hub Cikarang /hub-cikarang', 'Inventory /inventory']],
    ['poljak', ['Dashboard /', 'Pol Jakarta /hub-poljak', 'Inventory /inventory']],
    ['polsub', ['Dashboard /', 'Pol Surabaya /hub-polsub', 'Inventory /inventory']],
    ['pod', ['Dashboard /', 'POD /pod', 'Inventory Gudang /inventory']],
    ['other', ['Dashboard /', 'My Inventory /inventory']],
    [null, ['Dashboard /', 'My Inventory /inventory']],
  ] as const)('hub_user of a %s hub', (hubType, expected) => {
    const menu = menuFor(hubUser(hubType));
    expect(flat(menu)).toEqual(expected);
    expect(menu.every((group) => group.label === null)).toBe(true);
  });
});

describe('the menu in English (issue 30)', () => {
  it('keeps the spec names and says Warehouse Inventory for a POD hub', async () => {
    await setLanguage('en');
    try {
      expect(flat(menuFor(hubUser('pod')))).toEqual([
        'Dashboard /',
        'POD /pod',
        'Warehouse Inventory /inventory',
      ]);
      const admin = menuFor({ role: 'admin', hubInfo: EMPTY_HUB_INFO });
      expect(admin.map((g) => g.label)).toEqual([null, 'Operations', 'Management']);
      expect(flat(admin)).toContain('Status Shipment /status-shipment');
    } finally {
      setLanguage('id');
    }
  });

  it("names the entries in the language of the translate function it is given (a component's t)", () => {
    expect(flat(menuFor(hubUser('pod'), i18n.getFixedT('en')))).toContain('Warehouse Inventory /inventory');
    expect(flat(menuFor(hubUser('pod')))).toContain('Inventory Gudang /inventory');
  });
});

describe('the active route', () => {
  it.each([
    ['/', '/', true],
    ['/', '/inventory', false],
    ['/inventory', '/inventory', true],
    ['/vendors', '/vendors/123', true],
    ['/hub-karawang', '/hub-karawang/ready', true],
    ['/hub-karawang', '/hub-karawang-2/ready', false],
    ['/hubs', '/hub-activity/1', false],
  ])('%s for %s: %s', (item, pathname, expected) => {
    expect(isActivePath(item, pathname)).toBe(expected);
  });
});
