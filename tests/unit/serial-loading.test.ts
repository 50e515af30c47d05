// Issue 42, loading by scanning: the shipping forms' serial rules without React
// (src/features/hub-ops/serial-loading.ts) and what the forms send with them.
import { describe, expect, it } from 'vitest';
import { checkDaratForm, checkSeaForm } from '../../src/features/hub-ops/form-validation';
import {
  loadScanRule,
  loadsBySerial,
  tvSerialsPart,
  unitsBySerial,
  withoutSerial,
} from '../../src/features/hub-ops/serial-loading';
import type { TvUnit } from '../../sync/pure';
import * as demo from '../support/demo';

const HUB = demo.HUB.karawang;
const OTHER = demo.HUB.cikarang;
const VEHICLE = demo.seedId.vehicle(10);

function unit(serial: string, place: Partial<TvUnit>): TvUnit {
  return {
    id: `id-${serial}`,
    serial,
    state: 'in_stock',
    hub_id: HUB,
    shipment_id: null,
    deleted: false,
    ...place,
  } as TvUnit;
}

describe('whether a form loads by serial', () => {
  it('only a hub with serial tracking on (a row without the field does not)', () => {
    expect(loadsBySerial({ serial_tracking: true })).toBe(true);
    expect(loadsBySerial({ serial_tracking: false })).toBe(false);
    expect(loadsBySerial({})).toBe(false);
  });
});

describe("the scanner's rule for a truck", () => {
  const units = unitsBySerial([
    unit('SN-STOCK', {}),
    unit('SN-OTHERHUB', { hub_id: OTHER }),
    unit('SN-TRANSIT', { state: 'in_transit', hub_id: null, shipment_id: 'ship-1' }),
    unit('SN-MISSING', { state: 'missing', hub_id: null, shipment_id: 'ship-2' }),
    unit('SN-GONE', { deleted: true }),
  ]);

  it("takes a unit in this hub's stock", () => {
    expect(loadScanRule(HUB, units, [])('SN-STOCK')).toBeNull();
  });

  it('refuses, with its key and serial, what may not go in', () => {
    const rule = loadScanRule(HUB, units, ['SN-STOCK']);
    expect(rule('SN-STOCK')).toEqual({ key: 'serial.alreadyScanned', params: { serial: 'SN-STOCK' } });
    expect(rule('SN-TRANSIT')).toEqual({ key: 'serial.inOpenShipment', params: { serial: 'SN-TRANSIT' } });
    expect(rule('SN-OTHERHUB')).toEqual({ key: 'serial.notInStock', params: { serial: 'SN-OTHERHUB' } });
    expect(rule('SN-MISSING')).toEqual({ key: 'serial.notInStock', params: { serial: 'SN-MISSING' } });
    expect(rule('SN-UNKNOWN')).toEqual({ key: 'serial.notInStock', params: { serial: 'SN-UNKNOWN' } });
    // A deleted row is no unit.
    expect(rule('SN-GONE')).toEqual({ key: 'serial.notInStock', params: { serial: 'SN-GONE' } });
  });

  it('a unit in stock at another hub is not in this one', () => {
    expect(loadScanRule(OTHER, units, [])('SN-OTHERHUB')).toBeNull();
    expect(loadScanRule(OTHER, units, [])('SN-STOCK')).toEqual({
      key: 'serial.notInStock',
      params: { serial: 'SN-STOCK' },
    });
  });
});

describe('what the forms send', () => {
  const darat = {
    destination_warehouse_id: demo.WAREHOUSE.cikarang,
    batch_number: 'KRW-SN-1',
    smartboard_quantity: '7',
    bracket_quantity: '2',
  };
  const context = { hubId: HUB, vehicleId: VEHICLE, imageCount: 0 };

  it('without serials: the typed quantity and no tv_serials field', () => {
    expect(tvSerialsPart(undefined)).toEqual({});
    const checked = checkDaratForm(darat, context);
    expect(checked.ok && checked.payload.smartboard_quantity).toBe(7);
    expect(checked.ok && 'tv_serials' in checked.payload).toBe(false);
  });

  it('with serials: their number is the TV quantity, whatever was typed, in scan order', () => {
    const serials = ['SN-B', 'SN-A', 'SN-C'];
    const checked = checkDaratForm(darat, { ...context, tvSerials: serials });
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.payload).toMatchObject({
      smartboard_quantity: 3,
      bracket_quantity: 2,
      tv_serials: ['SN-B', 'SN-A', 'SN-C'],
    });
    const sea = checkSeaForm(
      'poljak',
      {
        pelayaran: 'Meratus',
        nama_kapal: 'KM Test',
        no_container: 'MRTU 1',
        etd: '2026-11-29',
        eta: '2026-12-02',
        destination_hub_id: demo.HUB.makassar,
        smartboard_quantity: 0,
        bracket_quantity: 0,
      },
      { hubId: demo.HUB.poljak, vehicleId: VEHICLE, imageCount: 1, at: 1, tvSerials: ['SN-X'] },
    );
    expect(sea.ok && sea.payload).toMatchObject({ smartboard_quantity: 1, tv_serials: ['SN-X'] });
  });

  it('no serials scanned and no brackets: nothing empty leaves, under Jumlah Smartboard', () => {
    const checked = checkDaratForm({ ...darat, bracket_quantity: 0 }, { ...context, tvSerials: [] });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && Object.keys(checked.errors)).toEqual(['smartboard_quantity']);
  });

  it('a serial taken out of the list', () => {
    expect(withoutSerial(['SN-A', 'SN-B', 'SN-C'], 'SN-B')).toEqual(['SN-A', 'SN-C']);
    expect(withoutSerial(['SN-A'], 'SN-Z')).toEqual(['SN-A']);
  });
});
