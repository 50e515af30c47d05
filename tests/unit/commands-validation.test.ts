// Every validation message of spec 5 (and 8.5) that a command schema gives,
// field by field: a valid payload passes, and breaking one field yields exactly
// that field's message. The server gives the same messages (see
// tests/integration/commands-*.test.ts).
import { issueText } from '../../sync/message';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CATALOGUE, definitionOf } from '../../sync/commands/catalogue';
import { seaBatchNumber } from '../../sync/commands/shipping';
import { MESSAGES } from '../../sync/messages';
import { HANDOVER_MESSAGES } from '../../sync/messages-handover';
import { darat as daratShipment, ID, sea } from './shipping-payloads';

function messages(type: string, payload: unknown): string[] {
  const result = (definitionOf(type).schema as z.ZodType).safeParse(payload);
  return result.success ? [] : result.error.issues.map(issueText);
}

function parsed(type: string, payload: unknown): unknown {
  return (definitionOf(type).schema as z.ZodType).parse(payload);
}

type Payload = Record<string, unknown>;
type Case = [field: string, value: unknown, message: string];

function checkForm(type: string, valid: Payload, cases: Case[]) {
  describe(type, () => {
    it('accepts a complete payload', () => {
      expect(messages(type, valid)).toEqual([]);
    });
    it.each(cases)('%s = %j: %s', (field, value, message) => {
      const payload = { ...valid };
      if (value === undefined) delete payload[field];
      else payload[field] = value;
      expect(messages(type, payload)).toEqual([message]);
    });
  });
}

// Shipping forms ---------------------------------------------------------------------------

checkForm('create_shipment_darat', daratShipment({ smartboard_quantity: 10, bracket_quantity: 0 }), [
  ['destination_warehouse_id', undefined, 'Please select a destination warehouse'],
  ['destination_warehouse_id', '', 'Please select a destination warehouse'],
  ['batch_number', '', 'Please enter batch number'],
  ['batch_number', '   ', 'Please enter batch number'],
  ['batch_number', undefined, 'Please enter batch number'],
  ['image_count', 3, 'Maximum 2 images allowed'],
  ['smartboard_quantity', -1, 'Must be 0 or greater'],
  // Issue 29: a fraction has its own message (it used to be cut to a whole number).
  ['bracket_quantity', 1.5, 'Jumlah harus bilangan bulat.'],
  ['hub_id', null, 'Tidak dapat mengambil Hub ID saat ini'],
  ['vehicle_id', 'x', 'Kendaraan tidak ditemukan.'],
  ['shipment_id', 'x', 'Perintah tidak valid.'],
]);

const seaOfFive = (form: 'poljak' | 'polsub') => sea(form, { smartboard_quantity: 5, bracket_quantity: 5 });

checkForm('create_shipment_poljak', seaOfFive('poljak'), [
  ['pelayaran', '', 'Pelayaran is required'],
  ['nama_kapal', ' ', 'Nama kapal is required'],
  ['no_container', undefined, 'No container is required'],
  ['etd', '', 'ETD is required'],
  ['etd', '2026-02-30', 'ETD is required'],
  ['eta', undefined, 'ETA is required'],
  ['eta', '29/11/2026', 'ETA is required'],
  ['destination_hub_id', '', 'Destination is required'],
  ['smartboard_quantity', -1, 'Must be 0 or greater'],
  ['bracket_quantity', -3, 'Must be 0 or greater'],
  ['image_count', 0, 'Upload minimal 1 gambar container'],
  ['image_count', 3, 'Maksimal 2 gambar'],
  ['batch_number', 'POLSUB-1', 'Perintah tidak valid.'],
]);

checkForm('create_shipment_polsub', seaOfFive('polsub'), [
  ['pelayaran', '', 'Pelayaran harus diisi'],
  ['nama_kapal', '', 'Nama kapal harus diisi'],
  ['no_container', '', 'No container harus diisi'],
  ['etd', '', 'ETD harus diisi'],
  ['eta', '', 'ETA harus diisi'],
  ['destination_hub_id', undefined, 'Tujuan harus dipilih'],
  ['smartboard_quantity', -1, 'Jumlah tidak boleh negatif'],
  ['bracket_quantity', -1, 'Jumlah tidak boleh negatif'],
  ['image_count', 0, 'Harap unggah minimal 1 gambar container'],
  ['image_count', 3, 'Maksimal 2 gambar yang dapat diunggah'],
  ['batch_number', 'POLJAK-1', 'Perintah tidak valid.'],
]);

checkForm('set_shipment_image', { shipment_id: ID(1), slot: 'bast', path: `shipments/${ID(1)}/bast.png` }, [
  ['slot', 'photo', 'Perintah tidak valid.'],
  ['path', `shipments/${ID(2)}/bast.png`, 'Perintah tidak valid.'],
  ['path', `shipments/${ID(1)}/delivery_record.png`, 'Perintah tidak valid.'],
  ['path', `shipments/${ID(1)}/bast.gif`, 'Perintah tidak valid.'],
  ['path', '../x.png', 'Perintah tidak valid.'],
  ['path', '/abs.png', 'Perintah tidak valid.'],
  ['shipment_id', undefined, 'Shipment not found'],
]);

// Arrival and POD ---------------------------------------------------------------------------

checkForm('confirm_arrival', { hub_id: ID(1), shipment_id: ID(2) }, [
  ['hub_id', undefined, 'Tidak dapat mengambil Hub ID saat ini'],
  ['shipment_id', 'x', 'Shipment not found'],
]);
checkForm('start_unloading', { hub_id: ID(1), shipment_id: ID(2) }, [
  ['shipment_id', undefined, 'Shipment not found'],
]);
// Issue 40: the counted receipt is required; without one, "count again".
const RECEIPT = {
  receipt_id: ID(5),
  smartboard_received: 12,
  bracket_received: 7,
  smartboard_damaged: 0,
  bracket_damaged: 0,
  receiver_name: 'Budi',
  driver_name: 'Sopir',
  receiver_signature_id: ID(6),
  driver_signature_id: ID(7),
  signed_at: '2026-11-28T08:00:00.000Z',
};
checkForm(
  'complete_unloading',
  {
    hub_id: ID(1),
    shipment_id: ID(2),
    notes: '',
    smartboard_inventory_id: ID(3),
    bracket_inventory_id: ID(4),
    receipt: RECEIPT,
  },
  [
    ['bracket_inventory_id', ID(3), 'Perintah tidak valid.'],
    ['smartboard_inventory_id', undefined, 'Perintah tidak valid.'],
    ['receipt', undefined, HANDOVER_MESSAGES.receiptRequired],
    ['receipt', null, HANDOVER_MESSAGES.receiptRequired],
    ['receipt', 'counted', 'Perintah tidak valid.'],
    ['notes', 'n'.repeat(501), 'Catatan maksimal 500 karakter'],
  ],
);
checkForm('pod_confirm_arrival', { shipment_id: ID(1) }, [['shipment_id', '', 'Shipment not found']]);
checkForm('pod_start_unloading', { shipment_id: ID(1) }, [['shipment_id', '', 'Shipment not found']]);
checkForm(
  'pod_complete',
  { shipment_id: ID(1), smartboard_inventory_id: ID(3), bracket_inventory_id: ID(4), receipt: RECEIPT },
  [
    ['shipment_id', '', 'Shipment not found'],
    ['bracket_inventory_id', ID(3), 'Perintah tidak valid.'],
    ['receipt', undefined, HANDOVER_MESSAGES.receiptRequired],
  ],
);

// Master data ------------------------------------------------------------------------------------

checkForm(
  'add_inventory',
  {
    inventory_id: ID(1),
    warehouse_id: ID(2),
    date_recorded: '2026-11-21',
    smartboard_quantity: 0,
    bracket_quantity: 0,
  },
  [
    ['warehouse_id', '', 'Pilih gudang'],
    ['warehouse_id', undefined, 'Pilih gudang'],
    ['date_recorded', '', 'Tanggal harus dipilih'],
    ['date_recorded', undefined, 'Tanggal harus dipilih'],
    ['date_recorded', '2026-13-01', 'Tanggal harus dipilih'],
    ['smartboard_quantity', -1, 'Jumlah smartboard tidak boleh negatif'],
    ['bracket_quantity', -1, 'Jumlah bracket tidak boleh negatif'],
  ],
);

checkForm('add_warehouse', { warehouse_id: ID(1), name: 'Gudang Baru', location: '' }, [
  ['name', '', 'Nama gudang harus diisi'],
  ['name', '    ', 'Nama gudang harus diisi'],
  ['name', 'x'.repeat(101), 'Nama terlalu panjang'],
  ['hub_id', 'x', 'Hub tidak ditemukan.'],
]);

checkForm('add_vendor', { vendor_id: ID(1), name: 'PT Baru' }, [
  ['name', '', 'Nama vendor is required'],
  ['name', undefined, 'Nama vendor is required'],
]);

checkForm('edit_vendor', { vendor_id: ID(1), changes: { name: 'PT Lama' } }, [
  ['changes', { name: '  ' }, 'Nama vendor harus diisi'],
  ['changes', { name: null }, 'Nama vendor harus diisi'],
  ['changes', undefined, 'Perintah tidak valid.'],
]);

checkForm('delete_vendor', { vendor_id: ID(1) }, [['vendor_id', undefined, 'Vendor tidak ditemukan.']]);

checkForm('add_vehicle_type', { vehicle_type_id: ID(1), name: 'Truk Engkel' }, [
  ['name', '', 'Please enter vehicle type name'],
  ['name', '  ', 'Please enter vehicle type name'],
]);

/** A new vehicle's id and its vendor's, for add_vehicle of either mode. */
const newVehicle = { vehicle_id: ID(1), vendor_id: ID(2) };
const darat = { ...newVehicle, mode: 'darat', license_plate: 'B 1 CD', vehicle_type_id: ID(3) };
checkForm('add_vehicle', darat, [
  ['vendor_id', '', 'Silakan pilih vendor'],
  ['vendor_id', undefined, 'Silakan pilih vendor'],
  ['license_plate', ' ', 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan'],
  ['vehicle_type_id', undefined, 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan'],
  ['vehicle_type_id', '', 'Silakan lengkapi minimal Nomor Polisi dan Jenis Kendaraan'],
]);

const laut = {
  ...newVehicle,
  mode: 'laut',
  license_plate: 'MRTU 1',
  nama_kapal: 'KM A',
  nama_pelayaran: 'Meratus',
};
checkForm('add_vehicle', laut, [
  ['nama_kapal', '', 'Silakan lengkapi semua field'],
  ['nama_pelayaran', undefined, 'Silakan lengkapi semua field'],
  ['license_plate', '', 'Silakan lengkapi semua field'],
  ['vendor_id', '', 'Silakan pilih vendor'],
]);

checkForm('edit_vehicle', { vehicle_id: ID(1), changes: { driver_name: 'Asep' } }, [
  ['changes', { license_plate: '' }, 'Please fill in all required fields'],
  ['changes', { is_active: 'yes' }, 'Perintah tidak valid.'],
]);

checkForm('delete_vehicle', { vehicle_id: ID(1) }, [['vehicle_id', 'x', 'Kendaraan tidak ditemukan.']]);

checkForm(
  'add_sea_fleet',
  {
    vehicle_id: ID(1),
    vendor_id: ID(2),
    nama_kapal: 'KM A',
    nama_pelayaran: 'Meratus',
    container_number: 'MRTU 1',
  },
  [
    ['nama_kapal', '', 'Semua field harus diisi'],
    ['nama_pelayaran', ' ', 'Semua field harus diisi'],
    ['container_number', undefined, 'Semua field harus diisi'],
    ['vendor_id', '', 'Semua field harus diisi'],
  ],
);

checkForm('add_hub', { hub_id: ID(1), name: 'Hub Bekasi', city: '' }, [
  ['name', '', 'Hub name is required'],
  ['name', '   ', 'Hub name is required'],
]);
checkForm('edit_hub', { hub_id: ID(1), changes: { city: 'Bekasi' } }, [
  ['changes', { name: ' ' }, 'Hub name is required'],
]);
checkForm('delete_hub', { hub_id: ID(1) }, [['hub_id', '', 'Hub tidak ditemukan.']]);
checkForm('set_warehouse_capacity', { warehouse_id: ID(1), capacity: 100 }, [
  ['warehouse_id', '', 'Gudang tidak ditemukan.'],
  ['capacity', -1, 'Kapasitas harus berupa bilangan bulat 0 atau lebih'],
  ['capacity', 2.5, 'Kapasitas harus berupa bilangan bulat 0 atau lebih'],
]);

// Normalisation (spec 5: trimmed, empty optional text stored as null) -------------------------------

describe('normalisation', () => {
  it('trims required text and turns blank optional text into null', () => {
    expect(
      parsed('add_vendor', { vendor_id: ID(1), name: '  PT X  ', contact_person: ' ', phone: ' 0812 ' }),
    ).toEqual({
      vendor_id: ID(1),
      name: 'PT X',
      contact_person: null,
      phone: '0812',
    });
    expect(parsed('add_warehouse', { warehouse_id: ID(1), name: ' G ', location: '  ' })).toEqual({
      warehouse_id: ID(1),
      name: 'G',
      location: null,
      hub_id: null,
    });
  });

  it('keeps only the fields an edit names', () => {
    expect(parsed('edit_vendor', { vendor_id: ID(1), changes: { phone: '' } })).toEqual({
      vendor_id: ID(1),
      changes: { phone: null },
    });
    expect(parsed('edit_hub', { hub_id: ID(1), changes: { name: ' Hub Y ' } })).toEqual({
      hub_id: ID(1),
      changes: { name: 'Hub Y' },
    });
  });

  it('keeps a truck without ship fields and a sea unit without a vehicle type', () => {
    expect(parsed('add_vehicle', { ...darat, nama_kapal: 'KM X', driver_name: ' ' })).toMatchObject({
      nama_kapal: null,
      nama_pelayaran: null,
      vehicle_type_id: ID(3),
      driver_name: null,
    });
    expect(parsed('add_vehicle', { ...laut, vehicle_type_id: ID(3) })).toMatchObject({
      vehicle_type_id: null,
      nama_kapal: 'KM A',
      license_plate: 'MRTU 1',
    });
  });

  it('generates the port batch numbers from the time the user acted', () => {
    expect(seaBatchNumber('poljak', '2026-11-21T07:05:00.000Z')).toBe(
      `POLJAK-${Date.parse('2026-11-21T07:05:00Z')}`,
    );
    expect(seaBatchNumber('polsub', '2026-11-21T07:05:00.000Z')).toMatch(/^POLSUB-\d+$/);
  });
});

describe('catalogue', () => {
  it('holds every command of the product, each with its spec messages', () => {
    expect([...CATALOGUE.keys()].sort()).toEqual(
      [
        'queue_vehicles',
        'start_loading',
        'remove_from_queue',
        'finish_loading',
        'create_shipment_darat',
        'create_shipment_poljak',
        'create_shipment_polsub',
        'set_shipment_image',
        'confirm_arrival',
        'start_unloading',
        'complete_unloading',
        'pod_confirm_arrival',
        'pod_start_unloading',
        'pod_complete',
        'add_inventory',
        'add_warehouse',
        'add_vendor',
        'edit_vendor',
        'delete_vendor',
        'add_vehicle_type',
        'add_vehicle',
        'edit_vehicle',
        'delete_vehicle',
        'add_sea_fleet',
        'add_hub',
        'edit_hub',
        'delete_hub',
        'set_warehouse_capacity',
        'undo_command',
        'correct_shipment_counts',
        'void_shipment',
        'resolve_discrepancy',
        'attach_document',
        'attach_correction',
        'register_serials',
        'remove_serials',
      ].sort(),
    );
    expect(MESSAGES.statusUndetermined).toBe('Gagal menentukan status pengiriman dari tujuan gudang.');
    expect(MESSAGES.warehouseNotFoundForCity('Makassar')).toBe(
      'Warehouse tidak ditemukan untuk kota Makassar',
    );
  });
});
