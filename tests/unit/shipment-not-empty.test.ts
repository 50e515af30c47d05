// Issue 41: nothing empty leaves. The three shipping commands refuse a shipment of 0 TV and
// 0 bracket on the device (their zod schemas, as the forms check them), under Jumlah
// Smartboard, with the words the server uses (public.cmd_require_items), shown in both
// languages; one item of either kind is enough. The message comes with the form's others.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definitionOf } from '../../sync/commands/catalogue';
import { seaBatchNumber } from '../../sync/commands/shipping';
import { MESSAGES } from '../../sync/messages';
import { serverEn } from '../../src/lib/i18n/server-en';
import { SERVER_TEXTS } from '../../sync/server-texts';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const darat = {
  hub_id: ID(1),
  shipment_id: ID(2),
  vehicle_id: ID(3),
  destination_warehouse_id: ID(4),
  batch_number: 'KRW-01',
  smartboard_quantity: 0,
  bracket_quantity: 0,
  inventory_id: ID(5),
  image_count: 0,
};
const sea = (form: 'poljak' | 'polsub') => ({
  hub_id: ID(1),
  shipment_id: ID(2),
  container_id: ID(3),
  inventory_id: ID(4),
  vehicle_id: ID(5),
  pelayaran: 'Meratus Line',
  nama_kapal: 'KM Bahari',
  no_container: 'MRTU 123456 7',
  etd: '2026-11-22',
  eta: '2026-11-29',
  destination_hub_id: ID(6),
  smartboard_quantity: 0,
  bracket_quantity: 0,
  image_count: 1,
  batch_number: seaBatchNumber(form, '2026-11-21T07:05:00.000Z'),
});

function issues(type: string, payload: object) {
  const result = (definitionOf(type).schema as z.ZodType).safeParse(payload);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const EMPTY = 'Pengiriman kosong: isi Jumlah Smartboard atau Jumlah Bracket, minimal 1.';

describe.each([
  ['create_shipment_darat', darat],
  ['create_shipment_poljak', sea('poljak')],
  ['create_shipment_polsub', sea('polsub')],
] as const)('%s', (type, empty) => {
  it('refuses 0 TV and 0 bracket, under Jumlah Smartboard', () => {
    expect(issues(type, empty)).toEqual([{ path: 'smartboard_quantity', message: EMPTY }]);
  });
  it('takes one TV, or one bracket', () => {
    expect(issues(type, { ...empty, smartboard_quantity: 1 })).toEqual([]);
    expect(issues(type, { ...empty, bracket_quantity: 1 })).toEqual([]);
  });
  it("says so with the form's other messages, but not over a quantity's own message", () => {
    expect(issues(type, { ...empty, hub_id: null }).map((i) => i.message)).toContain(EMPTY);
    expect(issues(type, { ...empty, smartboard_quantity: -1 }).map((i) => i.message)).not.toContain(EMPTY);
    expect(issues(type, { ...empty, bracket_quantity: 0.5 }).map((i) => i.message)).not.toContain(EMPTY);
  });
});

it('is in both catalogues, the device speaking the server\'s words', () => {
  expect(MESSAGES.shipmentEmpty).toBe(EMPTY);
  expect(SERVER_TEXTS.shipmentEmpty).toBe(EMPTY);
  expect(serverEn.shipmentEmpty).toBe('The shipment is empty: enter a Smartboard or Bracket quantity of at least 1.');
});
