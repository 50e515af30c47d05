import { describe, expect, it } from 'vitest';
import type { Actor, Hub, Shipment } from '../../sync/pure';
import { scanTarget } from '../../src/lib/handover/scan-target';

const hub = (id: string, name: string, type: string, city: string | null = null) =>
  ({ id, name, type, city, deleted: false }) as Hub;
const HUBS = [
  hub('h-krw', 'Hub Karawang', 'karawang'),
  hub('h-ckr', 'Hub Cikarang', 'cikarang'),
  hub('h-pjk', 'Hub PolJak', 'poljak', 'Jakarta'),
  hub('h-mks', 'POD Makassar', 'pod', 'Makassar'),
];
const shipment = (over: Partial<Shipment>) =>
  ({
    id: 's-1',
    batch_number: 'B-001',
    origin_hub_id: 'h-krw',
    destination_hub_id: 'h-ckr',
    status: 'otw_cikarang',
    selesai_bongkar: false,
    deleted: false,
    ...over,
  }) as Shipment;
const user = (hubId: string | null, role: Actor['role'] = 'hub_user'): Actor => ({ userId: 'u', role, hubId });

describe('where a scanned surat jalan goes', () => {
  it('opens the shipment’s own view (issue 41) at the user’s own hub, whatever its step', () => {
    expect(scanTarget(shipment({}), HUBS, user('h-ckr'))).toEqual({
      kind: 'open',
      tab: 'otw',
      path: '/hub-cikarang/shipment/s-1',
    });
    expect(scanTarget(shipment({ status: 'confirm_tiba' }), HUBS, user('h-ckr'))).toMatchObject({
      path: '/hub-cikarang/shipment/s-1',
    });
    expect(scanTarget(shipment({ status: 'sedang_bongkar' }), HUBS, user('h-ckr'))).toMatchObject({
      path: '/hub-cikarang/shipment/s-1',
    });
  });

  it('says plainly which hub another hub’s shipment is for', () => {
    const target = scanTarget(shipment({}), HUBS, user('h-pjk'));
    expect(target.kind).toBe('other-hub');
    expect(target.kind !== 'open' && target.message).toBe(
      'Pengiriman B-001 ditujukan ke Hub Cikarang, bukan ke hub Anda. Jangan dibongkar di sini.',
    );
  });

  it('lets tower control and admin open any hub’s step', () => {
    expect(scanTarget(shipment({}), HUBS, user(null, 'tower_control')).kind).toBe('open');
  });

  it('opens the POD’s shipment view for a sea shipment to the user’s POD city, refuses other hubs', () => {
    const sea = shipment({ destination_hub_id: 'h-mks', status: 'otw_podmakassar', origin_hub_id: 'h-pjk' });
    expect(scanTarget(sea, HUBS, user('h-mks'))).toEqual({
      kind: 'open',
      tab: 'otw',
      path: '/pod/shipment/s-1',
    });
    const refused = scanTarget(sea, HUBS, user('h-ckr'));
    expect(refused.kind !== 'open' && refused.message).toContain('ditujukan ke POD Makassar');
  });

  it('tells an unloaded or unknown shipment apart', () => {
    expect(scanTarget(shipment({ status: 'selesai', selesai_bongkar: true }), HUBS, user('h-ckr')).kind).toBe('done');
    const unknown = scanTarget(undefined, HUBS, user('h-ckr'), 'B-404');
    expect(unknown.kind !== 'open' && unknown.message).toBe(
      'Pengiriman B-404 tidak ada di tablet ini: ditujukan ke hub lain, atau belum tersinkron. Sambungkan ke internet, lalu pindai lagi.',
    );
  });
});
