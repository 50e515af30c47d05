// Issue 40: every text a command stores is bounded on the device by its zod schema, per field
// (sync/commands/text-bounds.ts), with the message the server refuses with
// (public.cmd_require_text_bound; tests/integration/commands-honest-input.test.ts). Each
// field at its bound passes, one character more is refused with its message alone; lengths
// count characters as PostgreSQL does; every message reads in both languages.
import { issueText } from '../../sync/message';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definitionOf } from '../../sync/commands/catalogue';
import { TEXT_BOUNDS, type TextField } from '../../sync/commands/text-bounds';
import { MESSAGES } from '../../sync/messages';
import { setLanguage } from '../../src/lib/i18n';
import { messageInLanguage } from '../../src/lib/i18n/server-message';
import { isMessageKey, messageText } from '../../sync/message';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function messages(type: string, payload: unknown): string[] {
  const result = (definitionOf(type).schema as z.ZodType).safeParse(payload);
  return result.success ? [] : result.error.issues.map(issueText);
}

/** A valid payload of each command with the text fields under test, and where each sits. */
const CASES: Array<[type: string, valid: Record<string, unknown>, fields: TextField[], inside?: string]> = [
  [
    'add_vendor',
    { vendor_id: ID(1), name: 'PT Baru', contact_person: 'Budi', phone: '0812' },
    ['name', 'contact_person', 'phone'],
  ],
  [
    'edit_vendor',
    { vendor_id: ID(1), changes: { name: 'PT', contact_person: 'B', phone: '1' } },
    ['name', 'contact_person', 'phone'],
    'changes',
  ],
  ['add_vehicle_type', { vehicle_type_id: ID(1), name: 'Truk' }, ['name']],
  ['add_hub', { hub_id: ID(1), name: 'Hub Baru', city: 'Bekasi' }, ['name', 'city']],
  ['edit_hub', { hub_id: ID(1), changes: { name: 'Hub', city: 'Kota' } }, ['name', 'city'], 'changes'],
  ['add_warehouse', { warehouse_id: ID(1), name: 'Gudang', location: 'Blok A' }, ['name', 'location']],
  [
    'add_vehicle',
    {
      vehicle_id: ID(1),
      vendor_id: ID(2),
      mode: 'darat',
      license_plate: 'B 1234 XY',
      vehicle_type_id: ID(3),
      driver_name: 'Sopir',
      driver_phone: '0812',
      current_hub_id: ID(4),
    },
    ['license_plate', 'driver_name', 'driver_phone'],
  ],
  [
    'edit_vehicle',
    {
      vehicle_id: ID(1),
      changes: {
        license_plate: 'B 1',
        driver_name: 'S',
        driver_phone: '1',
        nama_kapal: 'K',
        nama_pelayaran: 'P',
      },
    },
    ['license_plate', 'driver_name', 'driver_phone', 'nama_kapal', 'nama_pelayaran'],
    'changes',
  ],
  [
    'add_sea_fleet',
    {
      vehicle_id: ID(1),
      vendor_id: ID(2),
      nama_kapal: 'KM Laut',
      nama_pelayaran: 'Pelni',
      container_number: 'MSKU1234567',
    },
    ['nama_kapal', 'nama_pelayaran', 'container_number'],
  ],
  [
    'add_inventory',
    {
      inventory_id: ID(1),
      warehouse_id: ID(2),
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 1,
      batch_number: 'B-1',
    },
    ['batch_number'],
  ],
  ['void_shipment', { shipment_id: ID(1), reason: 'Salah input' }, ['reason']],
  [
    'correct_shipment_counts',
    { shipment_id: ID(1), smartboard_quantity: 1, bracket_quantity: 1, reason: 'Salah hitung' },
    ['reason'],
  ],
];

const withText = (valid: Record<string, unknown>, field: string, text: string, inside?: string) =>
  inside
    ? { ...valid, [inside]: { ...(valid[inside] as Record<string, unknown>), [field]: text } }
    : { ...valid, [field]: text };

describe('the zod bounds of the commands’ texts', () => {
  for (const [type, valid, fields, inside] of CASES) {
    it(`${type}: ${fields.join(', ')} at their bound pass, one more character is refused with its message`, () => {
      expect(messages(type, valid)).toEqual([]);
      for (const field of fields) {
        const { max, message } = TEXT_BOUNDS[field];
        expect(messages(type, withText(valid, field, 'a'.repeat(max), inside)), field).toEqual([]);
        // Trimmed first, as the server trims.
        expect(messages(type, withText(valid, field, ` ${'a'.repeat(max)} `, inside)), field).toEqual([]);
        expect(messages(type, withText(valid, field, 'a'.repeat(max + 1), inside)), field).toEqual([
          messageText({ key: message }),
        ]);
      }
    });
  }

  it('refuses a 10,000-character void reason with its message', () => {
    expect(messages('void_shipment', { shipment_id: ID(1), reason: 'x'.repeat(10_000) })).toEqual([
      'Alasan maksimal 500 karakter',
    ]);
  });

  it('counts characters, not UTF-16 units (as char_length does)', () => {
    const vendor = { vendor_id: ID(1) };
    expect(messages('add_vendor', { ...vendor, name: '😀'.repeat(100) })).toEqual([]);
    expect(messages('add_vendor', { ...vendor, name: '😀'.repeat(101) })).toEqual(['Nama terlalu panjang']);
  });

  it('counts characters in the receipt’s names and notes and a resolution note too', () => {
    const receipt = {
      receipt_id: ID(5),
      smartboard_received: 1,
      bracket_received: 1,
      smartboard_damaged: 0,
      bracket_damaged: 0,
      receiver_name: '😀'.repeat(100),
      driver_name: 'Sopir',
      receiver_signature_id: ID(6),
      driver_signature_id: ID(7),
      signed_at: '2026-11-28T08:00:00.000Z',
    };
    const completion = (r: Record<string, unknown>) => ({
      shipment_id: ID(1),
      smartboard_inventory_id: ID(2),
      bracket_inventory_id: ID(3),
      receipt: r,
    });
    expect(messages('pod_complete', completion(receipt))).toEqual([]);
    // (The field's schema and the receipt's rule checker both say it.)
    expect(
      new Set(messages('pod_complete', completion({ ...receipt, receiver_name: '😀'.repeat(101) }))),
    ).toEqual(new Set(['Nama maksimal 100 karakter']));
    expect(messages('resolve_discrepancy', { discrepancy_id: ID(1), note: '😀'.repeat(500) })).toEqual([]);
    expect(messages('resolve_discrepancy', { discrepancy_id: ID(1), note: '😀'.repeat(501) })).toEqual([
      'Catatan maksimal 500 karakter',
    ]);
  });

  it('bounds the shipping forms’ batch numbers, ships and containers', () => {
    const darat = {
      hub_id: ID(1),
      shipment_id: ID(2),
      vehicle_id: ID(3),
      destination_warehouse_id: ID(4),
      batch_number: 'B'.repeat(50),
      smartboard_quantity: 1,
      bracket_quantity: 0,
      inventory_id: ID(5),
      image_count: 1,
    };
    expect(messages('create_shipment_darat', darat)).toEqual([]);
    expect(messages('create_shipment_darat', { ...darat, batch_number: 'B'.repeat(51) })).toEqual([
      MESSAGES.textTooLong.batch,
    ]);
    const sea = {
      hub_id: ID(1),
      shipment_id: ID(2),
      container_id: ID(3),
      inventory_id: ID(4),
      vehicle_id: ID(5),
      pelayaran: 'Pelni',
      nama_kapal: 'KM Laut',
      no_container: 'MSKU1234567',
      etd: '2026-11-20',
      eta: '2026-11-25',
      destination_hub_id: ID(6),
      smartboard_quantity: 1,
      bracket_quantity: 1,
      image_count: 1,
      batch_number: 'POLJAK-1763700000000',
    };
    expect(messages('create_shipment_poljak', sea)).toEqual([]);
    expect(messages('create_shipment_poljak', { ...sea, pelayaran: 'p'.repeat(101) })).toEqual([
      MESSAGES.textTooLong.person,
    ]);
    expect(messages('create_shipment_poljak', { ...sea, no_container: 'c'.repeat(51) })).toEqual([
      MESSAGES.textTooLong.container,
    ]);
    expect(messages('create_shipment_poljak', { ...sea, batch_number: `POLJAK-${'1'.repeat(60)}` })).toEqual([
      MESSAGES.textTooLong.batch,
    ]);
  });
});

describe('the bounds’ messages', () => {
  afterAll(() => setLanguage('id'));

  it('are in the catalogues and read in both languages', async () => {
    await setLanguage('en');
    for (const [field, { message }] of Object.entries(TEXT_BOUNDS)) {
      expect(isMessageKey(message), field).toBe(true);
      const english = messageInLanguage({ key: message });
      if (message !== 'invalidCommand') expect(english, field).toMatch(/at most \d+ characters|too long/);
    }
  });
});
