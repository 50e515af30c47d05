// The header's local search (src/lib/shipments/search.ts; issues 10 and 30).
import { describe, expect, it } from 'vitest';
import { searchLocal, type SearchData } from '../../src/lib/shipments/search';
import { statusLooks } from '../../src/lib/shipments/shipment-status';

const base = { updated_at: '', deleted: false, change_xid: '1' };
const flags = { ready: true, siap_muat: false, sedang_muat: false };
const vendors = [
  { ...base, created_at: '2026-01-01T00:00:00Z', id: 'd1', name: 'PT Trans Jaya' },
  { ...base, created_at: '2026-01-01T00:00:00Z', id: 'd2', name: 'PT Samudra Lines' },
] as never[];
const vehicles = [
  { ...base, ...flags, created_at: '2026-11-01T08:00:00Z', id: 'v1', license_plate: 'B 9001 KRW', nama_kapal: null, driver_name: 'Budi Santoso', vendor_id: 'd1' },
  { ...base, ...flags, created_at: '2026-11-02T08:00:00Z', id: 'v2', license_plate: 'MRTU 1234567', nama_kapal: 'KM Sinar Bahari', driver_name: null, vendor_id: 'd2' },
  { ...base, ...flags, created_at: '2026-11-03T08:00:00Z', id: 'v3', license_plate: 'B 1 GONE', nama_kapal: null, driver_name: 'Budi Gone', vendor_id: 'd1', deleted: true },
  { ...base, ready: false, siap_muat: true, sedang_muat: false, created_at: '2026-11-04T08:00:00Z', id: 'v4', license_plate: 'B 7002 CKR', nama_kapal: null, driver_name: 'Budiman', vendor_id: 'd1' },
] as never[];
const shipments = [
  { ...base, created_at: '2026-11-20T08:00:00Z', id: 's1', batch_number: 'KRW-251120-08', vehicle_id: 'v1', vendor_id: 'd1', status: 'otw_cikarang', selesai_bongkar: false },
  { ...base, created_at: '2026-11-21T08:00:00Z', id: 's2', batch_number: 'POLJAK-1763700000000', vehicle_id: 'v2', vendor_id: null, status: 'otw_podmakasar', selesai_bongkar: false },
  { ...base, created_at: '2026-11-22T08:00:00Z', id: 's3', batch_number: 'KRW-251122-01', vehicle_id: 'v1', vendor_id: 'd1', status: 'selesai', selesai_bongkar: true },
  { ...base, created_at: '2026-11-23T08:00:00Z', id: 's4', batch_number: 'KRW-251120-080', vehicle_id: 'v4', vendor_id: 'd1', status: 'otw_cikarang', selesai_bongkar: false },
] as never[];
const containers = [
  { ...base, created_at: '', id: 'c1', shipment_id: 's2', container_number: 'TGHU 7788990', vessel_name: 'KM Sinar Bahari' },
] as never[];
const looks = statusLooks([
  { key: 'otw_cikarang', label: 'OTW Cikarang', color: 'info' },
  { key: 'selesai', label: 'Selesai', color: 'success' },
]);
const data: SearchData = { shipments, containers, vehicles, vendors, looks };
const ids = (query: string, limit?: number) => searchLocal(query, data, limit).hits.map((h) => h.id);

describe('searchLocal', () => {
  it('finds a shipment by batch, ignoring case and spaces', () => {
    expect(ids('krw-2511')).toEqual(['s4', 's3', 's1']);
  });
  it('finds a shipment by its container and by its truck plate, and the truck itself', () => {
    expect(ids('tghu 7788')).toEqual(['s2']);
    expect(searchLocal('b9001', data).hits.map((h) => [h.kind, h.id])).toEqual([
      ['shipment', 's3'],
      ['shipment', 's1'],
      ['vehicle', 'v1'],
    ]);
  });
  it("finds a driver's trucks and their shipments, newest first", () => {
    // Their shipments (20-23 Nov) are newer than v4 (4 Nov), newer than v1 (1 Nov); deleted v3 never.
    expect(ids('budi')).toEqual(['s4', 's3', 's1', 'v4', 'v1']);
    expect(ids('santoso')).toEqual(['s3', 's1', 'v1']);
  });
  it("finds a vendor's trucks and shipments by the vendor's name; a shipment without a vendor by its vehicle's", () => {
    expect(ids('trans jaya')).toEqual(['s4', 's3', 's1', 'v4', 'v1']);
    expect(ids('samudra')).toEqual(['s2', 'v2']);
  });
  it('finds ships and containers by name', () => {
    expect(ids('sinar bahari')).toEqual(['s2', 'v2']);
  });
  it('a field equal to the query comes before newer partial matches', () => {
    expect(ids('KRW-251120-08')).toEqual(['s1', 's4']);
    // The plate is the truck's and its shipments' own: all three are equal matches, newest first.
    expect(ids('b 9001 krw')).toEqual(['s3', 's1', 'v1']);
  });
  it('shows the status label, never the key; a key without a label in words; a vehicle its badge', () => {
    const hits = searchLocal('krw', data).hits;
    expect(hits.find((h) => h.id === 's1')!.statusLabel).toBe('OTW Cikarang');
    expect(hits.find((h) => h.id === 's3')!.statusLabel).toBe('Selesai');
    expect(searchLocal('poljak', data).hits[0]!.statusLabel).toBe('Otw Podmakasar');
    const truck = (q: string) => searchLocal(q, data).hits.find((h) => h.kind === 'vehicle')!;
    expect(truck('b7002').statusLabel).toBe('Siap Muat');
    expect(truck('b9001krw').statusLabel).toBe('Ready');
  });
  it('the detail names the carrier, the ship or driver and the vendor', () => {
    expect(searchLocal('KRW-251120-08', data).hits[0]!.detail).toBe('B 9001 KRW · Budi Santoso · PT Trans Jaya');
    expect(searchLocal('tghu', data).hits[0]!.detail).toBe('TGHU 7788990 · KM Sinar Bahari · PT Samudra Lines');
  });
  it("a truck's hit names its newest shipment still in transit, if any", () => {
    const trucks = searchLocal('trans jaya', data).hits.flatMap((h) => (h.kind === 'vehicle' ? [[h.id, h.shipmentId]] : []));
    // v1 carried s1 (in transit) and later s3 (unloaded): s1.
    expect(trucks).toEqual([
      ['v4', 's4'],
      ['v1', 's1'],
    ]);
    const idle = { ...(vehicles[0] as unknown as object), id: 'v5', license_plate: 'B 5 IDLE', created_at: '' } as never;
    const hit = searchLocal('b5idle', { ...data, vehicles: [...vehicles, idle] }).hits[0]!;
    expect(hit.kind === 'vehicle' && hit.shipmentId).toBeNull();
  });
  it('at most `limit` results, with the count of all matches', () => {
    expect(searchLocal('budi', data, 2)).toMatchObject({ total: 5 });
    expect(ids('budi', 2)).toEqual(['s4', 's3']);
  });
  it('deleted rows never; a one-letter query nothing', () => {
    expect(ids('gone')).toEqual([]);
    expect(searchLocal('b', data)).toEqual({ hits: [], total: 0 });
  });
  it('a row made on this device (no server time yet) counts as the newest', () => {
    const fresh = { ...(shipments[0] as unknown as object), id: 's9', created_at: '', batch_number: 'KRW-NEW' } as never;
    expect(searchLocal('krw', { ...data, shipments: [...shipments, fresh] }).hits[0]!.id).toBe('s9');
  });
});
