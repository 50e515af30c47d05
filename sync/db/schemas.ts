// RxDB schemas of the replicated tables. Versions start at 0; a change to a
// schema raises its version and adds a migration strategy in migrations.ts,
// so an app update converts the rows already on the tablet instead of losing them.
import type { RxJsonSchema } from 'rxdb';
import type { TableName, Tables } from '../model/rows';

type FieldKind =
  | 'key'
  | 'text'
  | 'text?'
  | 'int'
  | 'int?'
  | 'num?'
  | 'bool'
  | 'uuid'
  | 'uuid?'
  | 'uuids'
  | 'texts'
  | 'time'
  | 'time?'
  | 'date'
  | 'date?';

const PROPERTY: Record<FieldKind, object> = {
  key: { type: 'string', maxLength: 64 },
  text: { type: 'string' },
  'text?': { type: ['string', 'null'] },
  int: { type: 'integer' },
  'int?': { type: ['integer', 'null'] },
  'num?': { type: ['number', 'null'] },
  bool: { type: 'boolean' },
  uuid: { type: 'string', maxLength: 36 },
  'uuid?': { type: ['string', 'null'], maxLength: 36 },
  uuids: { type: 'array', items: { type: 'string', maxLength: 36 } },
  texts: { type: 'array', items: { type: 'string', maxLength: 64 } },
  time: { type: 'string', maxLength: 40 },
  'time?': { type: ['string', 'null'] },
  date: { type: 'string', maxLength: 10 },
  'date?': { type: ['string', 'null'] },
};

const REPLICATED: Record<string, FieldKind> = {
  id: 'uuid',
  created_at: 'time',
  updated_at: 'time',
  deleted: 'bool',
  change_xid: 'text',
};

function schema<T extends TableName>(
  table: T,
  fields: Record<Exclude<keyof Tables[T], keyof typeof REPLICATED>, FieldKind>,
  indexes: string[][] = [],
  version = 0,
): RxJsonSchema<Tables[T]> {
  const all = { ...REPLICATED, ...fields } as Record<string, FieldKind>;
  return {
    title: table,
    version,
    primaryKey: 'id',
    type: 'object',
    properties: Object.fromEntries(Object.entries(all).map(([name, kind]) => [name, PROPERTY[kind]])),
    // Only non-null fields may be indexed; they are required.
    required: Object.entries(all)
      .filter(([, kind]) => !kind.endsWith('?'))
      .map(([name]) => name),
    indexes,
  } as unknown as RxJsonSchema<Tables[T]>;
}

export const SCHEMAS: { [T in TableName]: RxJsonSchema<Tables[T]> } = {
  // Version 1 (issue 41): blind_count, the hub counts blind (migrations.ts fills false).
  // Version 2 (issue 42): serial_tracking, TVs handled by serial (migrations.ts fills false).
  hubs: schema(
    'hubs',
    { name: 'text', city: 'text?', type: 'text', blind_count: 'bool', serial_tracking: 'bool' },
    [],
    2,
  ),
  // Version 1 (issue 11): capacity, the hub card's maximum (migrations.ts fills null).
  warehouses: schema(
    'warehouses',
    { name: 'text', location: 'text?', hub_id: 'uuid?', capacity: 'int?' },
    [],
    1,
  ),
  // Issue 26: a new collection (version 0); an installed app creates it empty on upgrade
  // and its first round pulls it from the start (no checkpoint yet).
  stock_balances: schema('stock_balances', {
    warehouse_id: 'uuid',
    smartboard_quantity: 'int',
    bracket_quantity: 'int',
  }),
  profiles: schema('profiles', {
    user_id: 'uuid?',
    email: 'text?',
    full_name: 'text?',
    role: 'text',
    hub_id: 'uuid?',
  }),
  shipment_statuses: schema('shipment_statuses', {
    key: 'text',
    label: 'text',
    color: 'text',
    sort_order: 'int',
  }),
  vendors: schema('vendors', { name: 'text', contact_person: 'text?', phone: 'text?' }),
  vehicle_types: schema('vehicle_types', { name: 'text' }),
  vehicles: schema(
    'vehicles',
    {
      license_plate: 'text',
      driver_name: 'text?',
      driver_phone: 'text?',
      vehicle_type_id: 'uuid?',
      nama_kapal: 'text?',
      nama_pelayaran: 'text?',
      vendor_id: 'uuid',
      current_hub_id: 'uuid?',
      ready: 'bool',
      siap_muat: 'bool',
      sedang_muat: 'bool',
      is_active: 'bool',
      queued_at: 'time?',
      loading_started_at: 'time?',
      loading_finished_at: 'time?',
    },
    [['vendor_id']],
  ),
  shipments: schema(
    'shipments',
    {
      batch_number: 'text',
      vehicle_id: 'uuid',
      vendor_id: 'uuid?',
      origin_hub_id: 'uuid',
      destination_hub_id: 'uuid',
      current_hub_id: 'uuid?',
      smartboard_quantity: 'int',
      bracket_quantity: 'int',
      delivery_record: 'bool',
      bast: 'bool',
      status: 'key',
      loading_date: 'time?',
      etd: 'date?',
      eta: 'date?',
      arrival_gdt: 'time?',
      arrival_destination: 'time?',
      selesai_bongkar: 'bool',
      notes: 'text?',
      delivery_record_image_url: 'text?',
      bast_image_url: 'text?',
      unloading_started_at: 'time?',
      unloading_finished_at: 'time?',
    },
    [['destination_hub_id', 'status'], ['status'], ['origin_hub_id']],
  ),
  containers: schema(
    'containers',
    {
      container_number: 'text',
      vessel_name: 'text?',
      shipping_line: 'text?',
      shipment_id: 'uuid',
    },
    [['shipment_id']],
  ),
  inventory: schema(
    'inventory',
    {
      warehouse_id: 'uuid',
      date_recorded: 'date',
      smartboard_quantity: 'int',
      bracket_quantity: 'int',
      batch_number: 'text?',
      shipment_id: 'uuid?',
    },
    [['warehouse_id', 'date_recorded']],
  ),
  // Issue 28: two new collections (version 0), created empty on upgrade and pulled from the
  // start. (shipment_receipts stays on the server: a 14th collection would wait 1.8 s at every
  // start under RxDB's open-core limit of 13; see rows.ts.)
  shipment_documents: schema(
    'shipment_documents',
    {
      shipment_id: 'uuid',
      kind: 'key',
      path: 'text',
      mime: 'text',
      size_bytes: 'int',
      sha256: 'text',
      device_time: 'time',
      latitude: 'num?',
      longitude: 'num?',
      accuracy_m: 'num?',
      discrepancy_id: 'uuid?',
      uploaded_by: 'uuid',
      received_at: 'time',
    },
    [['shipment_id']],
  ),
  // Version 1 (issue 42): serials, the TVs a discrepancy of a receipt by serial names
  // (migrations.ts fills []).
  discrepancies: schema(
    'discrepancies',
    {
      shipment_id: 'uuid',
      receipt_id: 'uuid',
      item: 'text',
      reason: 'text',
      quantity: 'int',
      note: 'text?',
      photo_ids: 'uuids',
      origin_hub_id: 'uuid',
      destination_hub_id: 'uuid',
      reported_by: 'uuid',
      reported_at: 'time',
      status: 'key',
      resolved_by: 'uuid?',
      resolved_at: 'time?',
      resolution_note: 'text?',
      serials: 'texts',
    },
    [['shipment_id'], ['status']],
    1,
  ),
  // Issue 42: a new collection (version 0), created empty on upgrade and pulled from the start.
  // Looked up by serial (a scan, a command's check) and by state (a hub's stock); hub_id and
  // shipment_id may be null, so they cannot be indexed. (The 14th collection: see rows.ts on
  // RxDB's open-core limit of 13.) Version 1: moved, a unit loaded since it was registered
  // (remove_serials; migrations.ts fills false until the server's row is pulled).
  tv_units: schema(
    'tv_units',
    { serial: 'key', state: 'key', hub_id: 'uuid?', shipment_id: 'uuid?', moved: 'bool' },
    [['serial'], ['state', 'serial']],
    1,
  ),
};
