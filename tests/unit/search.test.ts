// The header's local search (src/lib/search.ts).
import { describe, expect, it } from 'vitest';
import { searchLocal } from '../../src/lib/search';

const base = { created_at: '', updated_at: '', deleted: false, change_xid: '1' };
const vehicles = [
  { ...base, id: 'v1', license_plate: 'B 9001 KRW', nama_kapal: null, driver_name: 'Budi' },
  { ...base, id: 'v2', license_plate: 'MRTU 1234567', nama_kapal: 'KM Sinar Bahari', driver_name: null },
  { ...base, id: 'v3', license_plate: 'B 1 GONE', nama_kapal: null, driver_name: null, deleted: true },
] as never[];
const shipments = [
  { ...base, id: 's1', batch_number: 'KRW-251120-08', vehicle_id: 'v1', status: 'otw_cikarang' },
  { ...base, id: 's2', batch_number: 'POLJAK-1763700000000', vehicle_id: 'v2', status: 'otw_podmakasar' },
] as never[];
const containers = [{ ...base, id: 'c1', shipment_id: 's2', container_number: 'TGHU 7788990' }] as never[];
const data = { shipments, containers, vehicles };

describe('searchLocal', () => {
  it('finds a shipment by batch, ignoring case and spaces', () => {
    expect(searchLocal('krw-2511', data).map((h) => h.id)).toEqual(['s1']);
  });
  it('finds a shipment by its container and by its truck plate, and the truck itself', () => {
    expect(searchLocal('tghu 7788', data).map((h) => h.id)).toEqual(['s2']);
    expect(searchLocal('b9001', data).map((h) => [h.kind, h.id])).toEqual([
      ['shipment', 's1'],
      ['vehicle', 'v1'],
    ]);
  });
  it('finds vehicles by ship name; deleted rows never; a one-letter query nothing', () => {
    expect(searchLocal('sinar', data).map((h) => h.id)).toEqual(['v2']);
    expect(searchLocal('gone', data)).toEqual([]);
    expect(searchLocal('b', data)).toEqual([]);
  });
  it('ranks prefix matches before matches inside', () => {
    expect(searchLocal('km', data).map((h) => h.id)).toEqual(['v2']);
    expect(searchLocal('0000', data)[0]!.id).toBe('s2');
  });
});
