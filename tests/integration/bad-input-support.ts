// Generated bad commands for bad-input-property.test.ts: a valid-looking
// template of every command type (seeded rows), and mutations that make a
// field the wrong type, drop it, put a control character in it, or point it
// at a row of another table; plus malformed envelopes and device times.
import fc from 'fast-check';
import { CATALOGUE } from '../../sync/commands/catalogue';
import { HUB, SEA_VENDOR, seedId, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';

const VEHICLE = seedId.vehicle(1);
const SEA_VEHICLE = seedId.vehicle(21);
const SHIPMENT = seedId.shipment(8);
const POD_SHIPMENT = seedId.shipment(17);
const NEW = '99999999-0000-4000-8000-000000000000'; // replaced by a fresh id per command
/** A completion's counted receipt (issue 40: required), counted as the seed's shipments were sent. */
const RECEIPT = {
  receipt_id: NEW,
  smartboard_received: 1,
  bracket_received: 1,
  smartboard_damaged: 0,
  bracket_damaged: 0,
  receiver_name: 'Penerima',
  driver_name: 'Sopir',
  receiver_signature_id: '99999999-0000-4000-8000-000000000001',
  driver_signature_id: '99999999-0000-4000-8000-000000000002',
  signed_at: '2026-11-20T08:00:00Z',
  discrepancies: [],
};

export type Payload = Record<string, unknown>;

/** A plausible payload of every command type (some would apply, some fail a precondition). */
export const TEMPLATES: Record<string, Payload> = {
  queue_vehicles: { hub_id: HUB.karawang, vehicle_ids: [VEHICLE] },
  start_loading: { hub_id: HUB.karawang, vehicle_id: VEHICLE },
  remove_from_queue: { hub_id: HUB.karawang, vehicle_id: VEHICLE },
  finish_loading: { hub_id: HUB.karawang, vehicle_id: VEHICLE },
  create_shipment_darat: {
    hub_id: HUB.karawang,
    shipment_id: NEW,
    vehicle_id: VEHICLE,
    destination_warehouse_id: WAREHOUSE.cikarang,
    batch_number: 'BAD-1',
    smartboard_quantity: 1,
    bracket_quantity: 1,
    inventory_id: NEW,
    image_count: 0,
  },
  ...Object.fromEntries(
    (['poljak', 'polsub'] as const).map((form) => [
      `create_shipment_${form}`,
      {
        hub_id: HUB[form],
        shipment_id: NEW,
        container_id: NEW,
        inventory_id: NEW,
        vehicle_id: SEA_VEHICLE,
        pelayaran: 'Meratus',
        nama_kapal: 'KM Uji',
        no_container: 'MRTU 1',
        etd: '2026-11-22',
        eta: '2026-11-29',
        destination_hub_id: HUB.makassar,
        smartboard_quantity: 1,
        bracket_quantity: 1,
        image_count: 1,
        batch_number: `${form.toUpperCase()}-1763700000000`,
      },
    ]),
  ),
  set_shipment_image: { shipment_id: SHIPMENT, slot: 'bast', path: `shipments/${SHIPMENT}/bast.png` },
  confirm_arrival: { hub_id: HUB.cikarang, shipment_id: SHIPMENT },
  start_unloading: { hub_id: HUB.cikarang, shipment_id: SHIPMENT },
  complete_unloading: {
    hub_id: HUB.cikarang,
    shipment_id: SHIPMENT,
    notes: 'ok',
    smartboard_inventory_id: NEW,
    bracket_inventory_id: NEW,
    receipt: RECEIPT,
  },
  pod_confirm_arrival: { shipment_id: POD_SHIPMENT },
  pod_start_unloading: { shipment_id: POD_SHIPMENT },
  pod_complete: {
    shipment_id: POD_SHIPMENT,
    smartboard_inventory_id: NEW,
    bracket_inventory_id: NEW,
    receipt: RECEIPT,
  },
  add_inventory: {
    inventory_id: NEW,
    warehouse_id: WAREHOUSE.karawang,
    date_recorded: '2026-11-20',
    smartboard_quantity: 1,
    bracket_quantity: 1,
    batch_number: 'B-1',
  },
  add_warehouse: { warehouse_id: NEW, name: 'Gudang Uji', location: 'Bekasi', hub_id: HUB.karawang },
  add_vendor: { vendor_id: NEW, name: 'PT Uji', contact_person: 'Budi', phone: '0812' },
  edit_vendor: { vendor_id: TRUCK_VENDOR.id, changes: { phone: '0812' } },
  delete_vendor: { vendor_id: SEA_VENDOR.id },
  add_vehicle_type: { vehicle_type_id: NEW, name: 'Truk Uji' },
  add_vehicle: {
    vehicle_id: NEW,
    vendor_id: TRUCK_VENDOR.id,
    mode: 'darat',
    license_plate: 'B 1 UJI',
    vehicle_type_id: TRUCK_TYPE,
    driver_name: 'Budi',
    driver_phone: '0812',
    current_hub_id: HUB.karawang,
  },
  edit_vehicle: { vehicle_id: VEHICLE, changes: { driver_name: 'Budi' } },
  delete_vehicle: { vehicle_id: VEHICLE },
  add_sea_fleet: {
    vehicle_id: NEW,
    vendor_id: SEA_VENDOR.id,
    nama_kapal: 'KM Uji',
    nama_pelayaran: 'Meratus',
    container_number: 'MRTU 9',
    current_hub_id: HUB.poljak,
  },
  add_hub: { hub_id: NEW, name: 'Hub Uji', city: 'Bekasi' },
  edit_hub: { hub_id: HUB.karawang, changes: { city: 'Karawang' } },
  delete_hub: { hub_id: HUB.makassar },
  set_warehouse_capacity: { warehouse_id: WAREHOUSE.makassar, capacity: 500 },
};

/** Fields that name an existing row, and a row of another table to put there instead. */
const OTHER_TABLE: Record<string, string> = {
  hub_id: WAREHOUSE.karawang,
  destination_hub_id: WAREHOUSE.makassar,
  current_hub_id: TRUCK_VENDOR.id,
  warehouse_id: HUB.karawang,
  destination_warehouse_id: HUB.cikarang,
  vehicle_id: SHIPMENT,
  shipment_id: VEHICLE,
  vendor_id: TRUCK_TYPE,
  vehicle_type_id: TRUCK_VENDOR.id,
};
const NEW_ROW_FIELDS: Record<string, string[]> = {
  add_vendor: ['vendor_id'],
  add_vehicle_type: ['vehicle_type_id'],
  add_vehicle: ['vehicle_id'],
  add_sea_fleet: ['vehicle_id'],
  add_hub: ['hub_id'],
  add_warehouse: ['warehouse_id'],
  create_shipment_darat: ['shipment_id'],
  create_shipment_poljak: ['shipment_id'],
  create_shipment_polsub: ['shipment_id'],
};

export const WRONG_VALUES: unknown[] = [
  123,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  1e7,
  true,
  false,
  null,
  {},
  [],
  [1],
  { x: 'y' },
  '',
  '   ',
  'x',
  '5',
  'true',
  'not-a-uuid',
  '2026-02-30',
  '1900-01-01',
  '9999-12-31',
  'a'.repeat(300),
];
// C0 and DEL; a C1 control; the invisible format characters the commands refuse as well
// (a zero-width space, a right-to-left override, a BOM; security audit 2026-12-03).
const CONTROL = ['\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u200b', '\u202e', '\ufeff'];

export type Mutation =
  | { kind: 'value'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'control'; field: string; char: string }
  | { kind: 'other-table'; field: string }
  | { kind: 'change'; field: string; value: unknown };

export interface BadCase {
  type: string;
  payload: Payload;
  mutation: Mutation;
}

const fresh = (v: unknown): unknown =>
  v === NEW
    ? crypto.randomUUID()
    : Array.isArray(v)
      ? v.map(fresh)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, e]) => [k, fresh(e)]))
        : v;

export function instantiate(template: Payload): Payload {
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, fresh(v)]));
}

export function mutate(type: string, mutation: Mutation): Payload {
  const payload = instantiate(TEMPLATES[type]!);
  switch (mutation.kind) {
    case 'value':
      payload[mutation.field] = mutation.value;
      break;
    case 'missing':
      delete payload[mutation.field];
      break;
    case 'control': {
      const v = payload[mutation.field];
      payload[mutation.field] = typeof v === 'string' ? `${v}${mutation.char}x` : mutation.char;
      break;
    }
    case 'other-table':
      payload[mutation.field] = OTHER_TABLE[mutation.field];
      break;
    case 'change':
      payload.changes = { [mutation.field]: mutation.value };
      break;
  }
  return payload;
}

const hasControl = (v: unknown): boolean =>
  typeof v === 'string'
    ? CONTROL.some((c) => v.includes(c))
    : Array.isArray(v)
      ? v.some(hasControl)
      : v !== null && typeof v === 'object' && Object.values(v).some(hasControl);

/**
 * Is it bad? The device's own schema refuses it, it carries a control
 * character (devices strip them; a raw one must be refused), or it points a
 * reference at a row of another table.
 */
export function isBad(type: string, payload: Payload, mutation: Mutation): boolean {
  if (mutation.kind === 'other-table') return true;
  if (hasControl(payload)) return true;
  return !CATALOGUE.get(type)!.schema.safeParse(payload).success;
}

const CHANGE_FIELDS: Record<string, string[]> = {
  edit_vendor: ['name', 'contact_person', 'phone'],
  edit_vehicle: ['license_plate', 'driver_name', 'driver_phone', 'vehicle_type_id', 'nama_kapal', 'nama_pelayaran', 'is_active'],
  edit_hub: ['name', 'city'],
};

export function mutationArb(type: string): fc.Arbitrary<Mutation> {
  const fields = Object.keys(TEMPLATES[type]!);
  const references = fields.filter((f) => f in OTHER_TABLE && !(NEW_ROW_FIELDS[type] ?? []).includes(f));
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('value' as const), field: fc.constantFrom(...fields), value: fc.constantFrom(...WRONG_VALUES) }),
    fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...fields) }),
    fc.record({ kind: fc.constant('control' as const), field: fc.constantFrom(...fields), char: fc.constantFrom(...CONTROL) }),
  ];
  if (references.length) {
    options.push(fc.record({ kind: fc.constant('other-table' as const), field: fc.constantFrom(...references) }));
  }
  const changeFields = CHANGE_FIELDS[type];
  if (changeFields) {
    options.push(
      fc.record({
        kind: fc.constant('change' as const),
        field: fc.constantFrom(...changeFields),
        value: fc.constantFrom(...WRONG_VALUES, ...CONTROL.map((c) => `a${c}b`)),
      }),
    );
  }
  return fc.oneof(...options);
}

export const badCaseArb: fc.Arbitrary<{ type: string; mutation: Mutation }> = fc
  .constantFrom(...Object.keys(TEMPLATES))
  .chain((type) => mutationArb(type).map((mutation) => ({ type, mutation })));

/** Envelopes that are wrong in themselves, whatever the payload. */
export function badEnvelopes(actor: string, otherActor: string): Array<[string, Record<string, unknown>]> {
  const base = () => ({
    id: crypto.randomUUID(),
    type: 'add_vehicle_type',
    payload: { vehicle_type_id: crypto.randomUUID(), name: `Amplop ${crypto.randomUUID().slice(0, 6)}` },
    issued_at: new Date().toISOString(),
    actor,
  });
  const cases: Array<[string, Record<string, unknown>]> = [];
  for (const issued of ['yesterday', 'epoch', 'now', 'infinity', '-infinity', null, 5, '2026-11-20', '2026-11-20T10:00'])
    cases.push([`issued_at ${JSON.stringify(issued)}`, { ...base(), issued_at: issued }]);
  const noIssued: Record<string, unknown> = base();
  delete noIssued.issued_at;
  cases.push(['issued_at missing', noIssued]);
  for (const type of ['no_such_command', 'reject', 'require_hub', 'Add_Vendor', 'add vendor', 5, null, ''])
    cases.push([`type ${JSON.stringify(type)}`, { ...base(), type }]);
  for (const payload of [null, [], 'x', 5, true])
    cases.push([`payload ${JSON.stringify(payload)}`, { ...base(), payload }]);
  for (const a of [otherActor, 'x', 5, null])
    cases.push([`actor ${JSON.stringify(a)}`, { ...base(), actor: a }]);
  const noActor: Record<string, unknown> = base();
  delete noActor.actor;
  cases.push(['actor missing', noActor]);
  return cases;
}

/** Raw request bodies the API itself must refuse (4xx with a code and a message, never 5xx). */
export function poisonBodies(command: (name: string) => Record<string, unknown>): Array<[string, string]> {
  const json = (c: Record<string, unknown>) => JSON.stringify({ commands: [c] });
  return [
    ['a NUL in a text', json(command('Scan\u0000ner'))],
    ['a lone high surrogate', json(command('Paste\ud800'))],
    ['a lone low surrogate', json(command('Paste\udc00'))],
    ['a quantity of 1e999999', JSON.stringify({ commands: [{ ...command('Y'), payload: '__P__' }] }).replace('"__P__"', '{"vehicle_type_id": 1e999999, "name": "x"}')],
    ['not JSON', '{"commands": [ {"id": '],
    ['commands not an array', JSON.stringify({ commands: 'all of them' })],
    ['over 500 commands', JSON.stringify({ commands: Array.from({ length: 501 }, () => command('Z')) })],
  ];
}
