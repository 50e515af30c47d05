// Issue 41: the scanner's typed box finds a shipment by part of its batch number or plate.
import { describe, expect, it } from 'vitest';
import type { Shipment } from '../../sync/pure';
import { findShipments, theShipment } from '../../src/lib/handover/find-shipment';

const shipment = (id: string, batch: string, vehicle: string, over: Partial<Shipment> = {}) =>
  ({ id, batch_number: batch, vehicle_id: vehicle, selesai_bongkar: false, deleted: false, created_at: '2026-11-27T10:00:00Z', ...over }) as Shipment;
const vehicles = new Map([
  ['v1', { license_plate: 'B 9077 KRW' }],
  ['v2', { license_plate: 'T 1234 XY' }],
  ['v3', { license_plate: 'B 5555 ZZ' }],
]);
const rows = [
  shipment('s1', 'KRW-20261128-0077', 'v2'),
  shipment('s2', 'KRW-20261128-0078', 'v3', { created_at: '2026-11-28T10:00:00Z' }),
  shipment('s3', 'KRW-20261120-0077', 'v1', { selesai_bongkar: true, status: 'selesai' }),
];
const ids = (text: string) => findShipments(text, rows, vehicles).map((f) => f.shipment.id);

describe('findShipments', () => {
  it('finds part of a batch number, case and spaces aside, still-arriving ones first', () => {
    expect(ids('0077')).toEqual(['s1', 's3']);
    expect(theShipment(findShipments('0077', rows, vehicles), '0077')?.id).toBe('s1');
    expect(ids('krw-20261128')).toEqual(['s2', 's1']);
    expect(theShipment(findShipments('krw-20261128', rows, vehicles), 'krw-20261128')).toBeNull();
  });
  it('finds part of a plate, spaces or not', () => {
    expect(ids('1234')).toEqual(['s1']);
    expect(ids('t1234x')).toEqual(['s1']);
    expect(theShipment(findShipments('5555 zz', rows, vehicles), '5555 zz')?.id).toBe('s2');
  });
  it('a batch typed whole wins; one letter or nothing matching finds nothing', () => {
    expect(theShipment(findShipments('KRW-20261120-0077', rows, vehicles), 'KRW-20261120-0077')?.id).toBe('s3');
    expect(ids('7')).toEqual([]);
    expect(ids('9999')).toEqual([]);
  });
  it('finds a sea shipment by part of its container number', () => {
    const sea = [shipment('s9', 'POLJAK-1', 'v9')];
    const found = findShipments('msku12', sea, new Map(), [{ shipment_id: 's9', container_number: 'MSKU 1234567', deleted: false }]);
    expect(found.map((f) => [f.shipment.id, f.plate])).toEqual([['s9', 'MSKU 1234567']]);
  });
});
