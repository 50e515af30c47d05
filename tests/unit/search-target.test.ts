// Where a header search result goes (src/lib/shipments/search-target.ts, issue 30).
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/lib/session/access';
import { deriveHubInfo } from '../../src/lib/session/hub-info';
import type { SearchHit } from '../../src/lib/shipments/search';
import { searchTarget } from '../../src/lib/shipments/search-target';

const hubs = new Map(
  [
    { id: 'h-ckr', name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang', deleted: false },
    { id: 'h-krw', name: 'Hub Karawang', city: 'Karawang', type: 'karawang', deleted: false },
    { id: 'h-mks', name: 'POD Makassar', city: 'Makassar', type: 'pod', deleted: false },
  ].map((h) => [h.id, h as never]),
);
const admin: Viewer = { role: 'admin', hubId: null, hubInfo: deriveHubInfo(null) };
const tower: Viewer = { role: 'tower_control', hubId: null, hubInfo: deriveHubInfo(null) };
const cikarangUser: Viewer = { role: 'hub_user', hubId: 'h-ckr', hubInfo: deriveHubInfo({ name: 'Hub Cikarang', city: 'Cikarang', type: 'cikarang' }) };

const truck = (flags: { siap_muat?: boolean; sedang_muat?: boolean }, hub: string | null, shipmentId: string | null = null): SearchHit =>
  ({
    kind: 'vehicle',
    id: 'v1',
    title: 'B 1 X',
    detail: '',
    statusLabel: '',
    shipmentId,
    vehicle: { id: 'v1', vendor_id: 'd1', current_hub_id: hub, siap_muat: false, sedang_muat: false, ready: true, ...flags },
  }) as never;

describe('searchTarget', () => {
  it('a shipment opens its detail; a truck on the road its shipment', () => {
    const shipment = { kind: 'shipment', id: 's1' } as never;
    expect(searchTarget(shipment, cikarangUser, hubs)).toBe('/in-transit-detail?open=s1');
    expect(searchTarget(truck({}, 'h-krw', 's9'), tower, hubs)).toBe('/in-transit-detail?open=s9');
  });
  it('issue 41: a shipment arriving at the viewer’s own hub or POD opens its own view there', () => {
    const hit = (over: object) =>
      ({ kind: 'shipment', id: 's2', shipment: { id: 's2', status: 'otw_cikarang', selesai_bongkar: false, destination_hub_id: 'h-ckr', ...over } }) as never;
    expect(searchTarget(hit({}), cikarangUser, hubs)).toBe('/hub-cikarang/shipment/s2');
    expect(searchTarget(hit({ status: 'sedang_bongkar' }), cikarangUser, hubs)).toBe('/hub-cikarang/shipment/s2');
    // Done, for another hub, or for staff: its detail as before.
    expect(searchTarget(hit({ status: 'selesai', selesai_bongkar: true }), cikarangUser, hubs)).toBe('/in-transit-detail?open=s2');
    expect(searchTarget(hit({ destination_hub_id: 'h-krw' }), cikarangUser, hubs)).toBe('/in-transit-detail?open=s2');
    expect(searchTarget(hit({}), tower, hubs)).toBe('/in-transit-detail?open=s2');
    const makassar: Viewer = { role: 'hub_user', hubId: 'h-mks', hubInfo: deriveHubInfo({ name: 'POD Makassar', city: 'Makassar', type: 'pod' }) };
    expect(searchTarget(hit({ status: 'confirm_tiba', destination_hub_id: 'h-mks' }), makassar, hubs)).toBe('/pod/shipment/s2');
  });
  it("a truck queued or loading opens its hub's tab, for whom may open that hub", () => {
    expect(searchTarget(truck({ siap_muat: true }, 'h-ckr'), tower, hubs)).toBe('/hub-cikarang/ready');
    expect(searchTarget(truck({ sedang_muat: true }, 'h-krw'), tower, hubs)).toBe('/hub-karawang/loading');
    expect(searchTarget(truck({ siap_muat: true }, 'h-ckr'), cikarangUser, hubs)).toBe('/hub-cikarang/ready');
    // Karawang's tabs are not the Cikarang user's.
    expect(searchTarget(truck({ siap_muat: true }, 'h-krw'), cikarangUser, hubs)).toBeNull();
  });
  it("otherwise its vendor's page for an admin, and nothing for the others", () => {
    expect(searchTarget(truck({}, 'h-krw'), admin, hubs)).toBe('/vendors/d1');
    expect(searchTarget(truck({}, 'h-krw'), tower, hubs)).toBeNull();
    // A POD has no queue tabs; a truck with no hub has none either.
    expect(searchTarget(truck({ siap_muat: true }, 'h-mks'), admin, hubs)).toBe('/vendors/d1');
    expect(searchTarget(truck({ siap_muat: true }, null), tower, hubs)).toBeNull();
  });
});
