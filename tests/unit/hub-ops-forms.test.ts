// Issue 6: every validation message of the four shipping forms and the hub
// modals (spec 5), through the command schemas the forms validate with.
import { describe, expect, it } from 'vitest';
import {
  checkAddSeaFleet,
  checkAddVehicle,
  checkAddVehicleType,
  checkAddVendor,
  checkDaratForm,
  checkEditVendor,
  checkQueue,
  checkSeaForm,
  parseQuantity,
  type AddVehicleValues,
  type DaratFormValues,
  type SeaFormValues,
} from '../../src/features/hub-ops/form-validation';
import * as demo from '../support/demo';

const HUB = demo.HUB.karawang;
const VEHICLE = demo.seedId.vehicle(10);
const WAREHOUSE = demo.WAREHOUSE.cikarang;
const VENDOR = demo.TRUCK_VENDOR.id;
const TYPE = demo.TRUCK_TYPE;
const DEST = demo.HUB.makassar;

function errorsOf(result: { ok: boolean } & Partial<{ errors: Record<string, string>; first: string }>) {
  expect(result.ok).toBe(false);
  return result.errors!;
}

describe('the Karawang/Cikarang shipping form', () => {
  const valid: DaratFormValues = {
    destination_warehouse_id: WAREHOUSE,
    batch_number: ' KRW-001 ',
    smartboard_quantity: '12',
    bracket_quantity: 'abc',
  };
  const context = { hubId: HUB, vehicleId: VEHICLE, imageCount: 2 };

  it('accepts a complete form; non-numeric quantities become 0', () => {
    const result = checkDaratForm(valid, context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toMatchObject({
      hub_id: HUB,
      vehicle_id: VEHICLE,
      destination_warehouse_id: WAREHOUSE,
      smartboard_quantity: 12,
      bracket_quantity: 0,
      image_count: 2,
    });
    expect(result.payload.shipment_id).not.toBe(result.payload.inventory_id);
  });

  it.each([
    [{ destination_warehouse_id: '' }, 'destination_warehouse_id', 'Please select a destination warehouse'],
    [{ batch_number: '   ' }, 'batch_number', 'Please enter batch number'],
    [{ smartboard_quantity: '-1' }, 'smartboard_quantity', 'Must be 0 or greater'],
  ] as const)('%o: %s says %s', (change, field, message) => {
    expect(errorsOf(checkDaratForm({ ...valid, ...change }, context))[field]).toBe(message);
  });

  it('says Maximum 2 images allowed past two images', () => {
    expect(errorsOf(checkDaratForm(valid, { ...context, imageCount: 3 })).image_count).toBe(
      'Maximum 2 images allowed',
    );
  });

  it('takes no image at all', () => {
    expect(checkDaratForm(valid, { ...context, imageCount: 0 }).ok).toBe(true);
  });
});

describe('the PolJak and PolSub forms', () => {
  const valid: SeaFormValues = {
    pelayaran: 'Samudera Bahari Lines',
    nama_kapal: 'KM Bahari Jaya',
    no_container: 'SBLU 1',
    etd: '2026-11-21',
    eta: '2026-11-26',
    destination_hub_id: DEST,
    smartboard_quantity: '10',
    bracket_quantity: '10',
  };
  const context = { hubId: HUB, vehicleId: VEHICLE, imageCount: 1, at: 1_790_000_000_000 };

  it('generates the batch POLJAK-/POLSUB-{timestamp}', () => {
    for (const form of ['poljak', 'polsub'] as const) {
      const result = checkSeaForm(form, valid, context);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.payload.batch_number).toBe(`${form.toUpperCase()}-1790000000000`);
    }
  });

  const cases = {
    poljak: {
      pelayaran: 'Pelayaran is required',
      nama_kapal: 'Nama kapal is required',
      no_container: 'No container is required',
      etd: 'ETD is required',
      eta: 'ETA is required',
      destination_hub_id: 'Destination is required',
      quantity: 'Must be 0 or greater',
      min: 'Upload minimal 1 gambar container',
      max: 'Maksimal 2 gambar',
    },
    polsub: {
      pelayaran: 'Pelayaran harus diisi',
      nama_kapal: 'Nama kapal harus diisi',
      no_container: 'No container harus diisi',
      etd: 'ETD harus diisi',
      eta: 'ETA harus diisi',
      destination_hub_id: 'Tujuan harus dipilih',
      quantity: 'Jumlah tidak boleh negatif',
      min: 'Harap unggah minimal 1 gambar container',
      max: 'Maksimal 2 gambar yang dapat diunggah',
    },
  } as const;

  for (const [form, m] of Object.entries(cases) as [keyof typeof cases, (typeof cases)['poljak']][]) {
    describe(form, () => {
      it.each(['pelayaran', 'nama_kapal', 'no_container', 'etd', 'eta', 'destination_hub_id'] as const)(
        'a blank %s has its message',
        (field) => {
          expect(errorsOf(checkSeaForm(form, { ...valid, [field]: ' ' }, context))[field]).toBe(m[field]);
        },
      );

      it('every missing field at once, each with its message', () => {
        const blank = {
          ...valid,
          pelayaran: '',
          nama_kapal: '',
          no_container: '',
          etd: '',
          eta: '',
          destination_hub_id: '',
        };
        const errors = errorsOf(checkSeaForm(form, blank, context));
        expect(errors).toMatchObject({
          pelayaran: m.pelayaran,
          nama_kapal: m.nama_kapal,
          no_container: m.no_container,
          etd: m.etd,
          eta: m.eta,
          destination_hub_id: m.destination_hub_id,
        });
      });

      it('a negative quantity', () => {
        expect(
          errorsOf(checkSeaForm(form, { ...valid, bracket_quantity: '-3' }, context)).bracket_quantity,
        ).toBe(m.quantity);
      });

      it('no image, and more than two', () => {
        expect(errorsOf(checkSeaForm(form, valid, { ...context, imageCount: 0 })).image_count).toBe(m.min);
        expect(errorsOf(checkSeaForm(form, valid, { ...context, imageCount: 3 })).image_count).toBe(m.max);
        expect(checkSeaForm(form, valid, { ...context, imageCount: 2 }).ok).toBe(true);
      });

      it('a date that is not a day', () => {
        expect(errorsOf(checkSeaForm(form, { ...valid, eta: '2026-02-30' }, context)).eta).toBe(m.eta);
      });
    });
  }
});

describe('the modals', () => {
  it('add vendor: name required', () => {
    expect(errorsOf(checkAddVendor({ name: '  ', contact_person: '', phone: '' })).name).toBe(
      'Nama vendor is required',
    );
    expect(checkAddVendor({ name: 'PT Baru', contact_person: '', phone: '' }).ok).toBe(true);
  });

  it('edit vendor: name required, only changed fields travel, nothing changed sends nothing', () => {
    const vendor = { id: VENDOR, name: 'PT Lama', contact_person: null, phone: '0812' };
    expect(errorsOf(checkEditVendor(vendor, { name: ' ', contact_person: '', phone: '0812' })).name).toBe(
      'Nama vendor harus diisi',
    );
    expect(checkEditVendor(vendor, { name: 'PT Lama', contact_person: '', phone: '0812' })).toEqual({
      ok: true,
      payload: null,
    });
    expect(checkEditVendor(vendor, { name: 'PT Lama', contact_person: 'Budi', phone: '0812' })).toEqual({
      ok: true,
      payload: { vendor_id: VENDOR, changes: { contact_person: 'Budi' } },
    });
  });

  it('add vehicle type: name required after trimming', () => {
    expect(errorsOf(checkAddVehicleType({ name: '   ' })).name).toBe('Please enter vehicle type name');
    expect(checkAddVehicleType({ name: 'Truk Engkel' }).ok).toBe(true);
  });

  describe('add vehicle', () => {
    const base: AddVehicleValues = {
      vendor_id: VENDOR,
      mode: 'darat',
      license_plate: 'T 1234 XX',
      vehicle_type_id: TYPE,
      driver_name: '',
      driver_phone: '',
      nama_kapal: '',
      nama_pelayaran: '',
    };

    it('asks for the vendor first', () => {
      const result = checkAddVehicle({ ...base, vendor_id: '', license_plate: '' }, HUB);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.first).toBe('Silakan pilih vendor');
    });

    it('every message at once, each under its field (issue 29)', () => {
      const land = checkAddVehicle({ ...base, vendor_id: '', license_plate: '', vehicle_type_id: '' }, HUB);
      expect(land.ok).toBe(false);
      if (!land.ok)
        expect(land.errors).toEqual({
          vendor_id: 'Silakan pilih vendor',
          license_plate: 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan',
          vehicle_type_id: 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan',
        });
      const sea = checkAddVehicle({ ...base, mode: 'laut', vendor_id: '', license_plate: 'C1' }, HUB);
      if (!sea.ok)
        expect(sea.errors).toEqual({
          vendor_id: 'Silakan pilih vendor',
          nama_kapal: 'Silakan lengkapi semua field',
          nama_pelayaran: 'Silakan lengkapi semua field',
        });
      expect(sea.ok).toBe(false);
    });

    it('land: plate and vehicle type', () => {
      for (const change of [{ license_plate: ' ' }, { vehicle_type_id: '' }]) {
        const result = checkAddVehicle({ ...base, ...change }, HUB);
        expect(result.ok).toBe(false);
        if (!result.ok)
          expect(result.first).toBe('Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan');
      }
      expect(checkAddVehicle(base, HUB).ok).toBe(true);
    });

    it('sea: ship name, shipping line and container number', () => {
      const sea = {
        ...base,
        mode: 'laut' as const,
        nama_kapal: 'KM A',
        nama_pelayaran: 'Line',
        license_plate: 'C1',
      };
      expect(checkAddVehicle(sea, HUB).ok).toBe(true);
      for (const field of ['nama_kapal', 'nama_pelayaran', 'license_plate'] as const) {
        const result = checkAddVehicle({ ...sea, [field]: '' }, HUB);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.first).toBe('Silakan lengkapi semua field');
      }
    });
  });

  it('add sea fleet: every field', () => {
    const fleet = { vendor_id: VENDOR, nama_kapal: 'KM A', nama_pelayaran: 'Line', container_number: 'C1' };
    expect(checkAddSeaFleet(fleet, HUB).ok).toBe(true);
    for (const field of Object.keys(fleet) as (keyof typeof fleet)[]) {
      const result = checkAddSeaFleet({ ...fleet, [field]: '' }, HUB);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.first).toBe('Semua field harus diisi');
    }
  });

  it('add to queue: at least one vehicle, no vendor needed (issue 29: truck first)', () => {
    const none = checkQueue([], HUB);
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.errors.vehicle_ids).toBe('Pilih minimal satu kendaraan');
    expect(checkQueue([VEHICLE], HUB)).toEqual({
      ok: true,
      payload: { hub_id: HUB, vehicle_ids: [VEHICLE] },
    });
  });
});

describe('quantity inputs', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    ['', 0],
    ['abc', 0],
    ['3.9', 3],
    ['-2', -2],
    [5, 5],
  ] as const)('%j parses to %d', (input, n) => {
    expect(parseQuantity(input)).toBe(n);
  });
});
