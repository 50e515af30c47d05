// The shipping forms (spec 4.1, 4.2, 5, 7.2, 9): a loaded vehicle leaves its hub.
// Server side: supabase/schemas/functions/cmd_shipping.sql (the three forms,
// with issue 29's stock, whole-number and batch checks, issue 41's "nothing empty leaves" and
// issue 42's TV serials, serials.ts) and
// supabase/schemas/functions/cmd_shipping.sql (set_shipment_image, the departing vehicle).
import { KEY, keyed } from '../message';
import { z } from 'zod';
import { otwForHub, otwForWarehouse, type OtwStatus } from '../domain/destination';
import { firstWarehouseOf } from '../domain/lookups';
import { availableStock, batchTaken, stockShortfalls } from '../domain/stock';
import { jakartaDate } from '../domain/time';
import { CommandRefused } from '../errors';
import { charLength, TEXT_BOUNDS } from './text-bounds';
import type { Hub, InventoryRow, Shipment, Vehicle, Warehouse } from '../model/rows';
import {
  actedAt,
  holds,
  intBetween,
  isoDate,
  need,
  negated,
  newId,
  newRowStamp,
  requiredText,
  requireHub,
  uuid,
} from './helpers';
import { loadSerials, tvSerials } from './serials';
import { defineCommand, type Change, type PredictContext } from './types';

const hubId = uuid(KEY.hubIdUnavailable);

/**
 * A form's quantity (spec 5, 9): a number from 0 with the form's message; a fraction is
 * refused with its own message (issue 29: it used to be cut to a whole number).
 * public.cmd_shipment_quantity.
 */
export const wholeQuantity = (message: string) =>
  z
    .number({ error: message })
    .int({ error: KEY.wholeNumber })
    .min(0, { error: message })
    .max(1_000_000, { error: message });

type Loaded = { smartboard_quantity: number; bracket_quantity: number };

/**
 * Issue 41: nothing empty leaves. A shipment carries at least one TV or bracket; the refusal
 * stands under Jumlah Smartboard. Checked as soon as both quantities are numbers, so it shows
 * with the form's other messages. public.cmd_require_items.
 */
export function withItems<S extends z.ZodType<Loaded>>(schema: S) {
  return schema.refine((p) => p.smartboard_quantity > 0 || p.bracket_quantity > 0, {
    error: KEY.shipmentEmpty,
    path: ['smartboard_quantity'],
    // Once both quantities passed their own checks, whatever else the form still lacks.
    when: ({ value, issues }) => {
      const v = value as Partial<Record<keyof Loaded, unknown>> | null;
      const quantityIssue = issues.some((i) => i.path?.[0] === 'smartboard_quantity' || i.path?.[0] === 'bracket_quantity');
      return !quantityIssue && typeof v?.smartboard_quantity === 'number' && typeof v.bracket_quantity === 'number';
    },
  });
}

/**
 * Issue 29, in the server's order (public.cmd_require_unused_batch, then
 * cmd_require_stock): the batch number not used by another live shipment the
 * device knows of, then no more than the origin warehouse holds (its balance in
 * the view, which already carries this device's pending shipments). What the
 * device cannot read (no balance pulled yet) it leaves to the server.
 */
async function batchAndStockHold(
  ctx: PredictContext,
  strict: boolean,
  shipmentId: string,
  batch: string,
  origin: Warehouse | undefined,
  asked: { smartboards: number; brackets: number },
): Promise<boolean> {
  if (ctx.read.shipmentsWithBatch && batchTaken(await ctx.read.shipmentsWithBatch(batch), batch, shipmentId)) {
    if (strict) throw new CommandRefused('conflict', keyed('batchTaken', { batch }));
    return false;
  }
  const stock = origin && availableStock(await ctx.read.get('stock_balances', origin.id));
  if (!origin || !stock) return true;
  const short = stockShortfalls(origin, stock, asked);
  return holds(short.length === 0, strict, short[0]?.message ?? keyed('invalidCommand'));
}
const vehicleId = uuid(KEY.vehicleNotFound);

/** The batch number the port forms generate: POLJAK-{ms} / POLSUB-{ms} of the time the user acted (spec 9). */
export function seaBatchNumber(form: 'poljak' | 'polsub', issuedAt: string): string {
  return `${form.toUpperCase()}-${Date.parse(issuedAt)}`;
}

/**
 * Where a stored image is served: the bucket's public path, relative. The app
 * prefixes the Supabase URL it runs against (VITE_SUPABASE_URL), so the same
 * row works on the local stack and on hosted Supabase.
 */
/**
 * A shipment's photo lives at shipments/<shipment id>/<slot>.<ext> (the upload
 * queue's path); a command may point a shipment at nothing else.
 */
export function isImagePathOf(path: string, shipmentId: string, slot: string): boolean {
  const [dir, id, file, ...rest] = path.split('/');
  return (
    rest.length === 0 &&
    dir === 'shipments' &&
    id === shipmentId.toLowerCase() &&
    /^(delivery_record|bast)\.(png|jpg|jpeg)$/.test(file ?? '') &&
    file!.startsWith(`${slot}.`)
  );
}

export function publicImagePath(path: string): string {
  return `/storage/v1/object/public/shipment-documents/${path}`;
}

interface Departure {
  hub: Hub;
  vehicle: Vehicle;
  destination: Hub;
  status: OtwStatus;
}

/** Shared checks of every form, in the server's order (public.cmd_lock_departing_vehicle). */
async function departingVehicle(
  ctx: PredictContext,
  vehicleIdValue: string,
  hubIdValue: string,
  strict: boolean,
): Promise<Vehicle | undefined> {
  const v = await need(ctx, 'vehicles', vehicleIdValue, keyed('vehicleNotFound'), strict);
  if (!v) return undefined;
  if (!holds(v.is_active, strict, keyed('vehicleInactive', { plate: v.license_plate }))) return undefined;
  if (!holds(v.current_hub_id === hubIdValue, strict, keyed('vehicleNotAtHub', { plate: v.license_plate })))
    return undefined;
  // "Not already carrying an open shipment" needs a query over shipments that
  // the state reader does not offer: the server decides that one.
  return v;
}

function newShipment(
  ctx: PredictContext,
  id: string,
  d: Departure,
  fields: Pick<Shipment, 'batch_number' | 'smartboard_quantity' | 'bracket_quantity' | 'etd' | 'eta'>,
  imageCount: number,
): Shipment {
  return {
    ...newRowStamp(ctx, id),
    ...fields,
    vehicle_id: d.vehicle.id,
    vendor_id: d.vehicle.vendor_id,
    origin_hub_id: d.hub.id,
    destination_hub_id: d.destination.id,
    current_hub_id: d.hub.id,
    delivery_record: imageCount >= 1,
    bast: imageCount >= 2,
    status: d.status.key,
    loading_date: actedAt(ctx),
    arrival_gdt: null,
    arrival_destination: null,
    selesai_bongkar: false,
    notes: null,
    delivery_record_image_url: null,
    bast_image_url: null,
    unloading_started_at: null,
    unloading_finished_at: null,
  };
}

/** Spec 9: the load leaves the hub's first warehouse, dated the day it left (Jakarta). */
function outgoingRow(ctx: PredictContext, id: string, warehouseId: string, shipment: Shipment): InventoryRow {
  return {
    ...newRowStamp(ctx, id),
    warehouse_id: warehouseId,
    date_recorded: jakartaDate(actedAt(ctx)),
    smartboard_quantity: negated(shipment.smartboard_quantity),
    bracket_quantity: negated(shipment.bracket_quantity),
    batch_number: shipment.batch_number,
    shipment_id: shipment.id,
  };
}

// create_shipment_darat: the Karawang/Cikarang form ----------------------------------

export const createShipmentDarat = defineCommand({
  type: 'create_shipment_darat',
  schema: withItems(z.object({
    hub_id: hubId,
    shipment_id: newId(),
    vehicle_id: vehicleId,
    destination_warehouse_id: uuid(KEY.selectDestinationWarehouse),
    batch_number: requiredText(KEY.enterBatchNumber, 'batch_number'),
    // The form has no message of its own for these; the PolJak form's is used.
    smartboard_quantity: wholeQuantity(KEY.poljak.quantity),
    bracket_quantity: wholeQuantity(KEY.poljak.quantity),
    inventory_id: newId(),
    image_count: intBetween(0, 2, KEY.invalidCommand, KEY.maxTwoImages),
    // Issue 42: the TVs' serials, scanned into the truck (a hub that tracks them).
    tv_serials: tvSerials(),
  })),
  async predict(p, ctx, strict) {
    requireHub(ctx.actor, p.hub_id);
    const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
    if (!hub) return [];
    const warehouse = await need(
      ctx,
      'warehouses',
      p.destination_warehouse_id,
      keyed('destinationWarehouseNotFound'),
      strict,
    );
    if (!warehouse) return [];
    const destination = warehouse.hub_id ? await ctx.read.get('hubs', warehouse.hub_id) : undefined;
    if (!holds(!!destination && !destination.deleted, strict, keyed('statusUndetermined')) || !destination)
      return [];
    if (!holds(destination.id !== hub.id, strict, keyed('destinationIsOrigin'))) return [];
    const status = otwForWarehouse(warehouse, destination);
    if (!holds(status !== null, strict, keyed('statusUndetermined')) || !status) return [];
    const vehicle = await departingVehicle(ctx, p.vehicle_id, p.hub_id, strict);
    if (!vehicle) return [];
    // Spec 8.2: without the inventory row the Karawang/Cikarang form fails as a whole.
    const origin = firstWarehouseOf(await ctx.read.all('warehouses'), p.hub_id);
    if (!holds(!!origin, strict, keyed('originWarehouseMissing')) || !origin) return [];
    const asked = { smartboards: p.smartboard_quantity, brackets: p.bracket_quantity };
    if (!(await batchAndStockHold(ctx, strict, p.shipment_id, p.batch_number, origin, asked))) return [];

    const shipment = newShipment(
      ctx,
      p.shipment_id,
      { hub, vehicle, destination, status },
      {
        batch_number: p.batch_number,
        smartboard_quantity: p.smartboard_quantity,
        bracket_quantity: p.bracket_quantity,
        etd: null,
        eta: null,
      },
      p.image_count,
    );
    const units = await loadSerials(ctx, strict, hub, shipment, p.tv_serials);
    if (!units) return [];
    return [
      { table: 'shipments', row: shipment },
      { table: 'inventory', row: outgoingRow(ctx, p.inventory_id, origin.id, shipment) },
      // Spec 4.1: on its way; siap_muat is left as it is.
      { table: 'vehicles', row: { ...vehicle, sedang_muat: false, ready: false } },
      ...units,
    ];
  },
});

// create_shipment_poljak / create_shipment_polsub: the port forms --------------------

type SeaForm = 'poljak' | 'polsub';

function seaSchema(form: SeaForm) {
  const m = KEY[form];
  const prefix = form.toUpperCase();
  return withItems(z.object({
    hub_id: hubId,
    shipment_id: newId(),
    container_id: newId(),
    inventory_id: newId(),
    vehicle_id: vehicleId,
    pelayaran: requiredText(m.pelayaran, 'pelayaran'),
    nama_kapal: requiredText(m.namaKapal, 'nama_kapal'),
    no_container: requiredText(m.noContainer, 'no_container'),
    etd: isoDate(m.etd),
    eta: isoDate(m.eta),
    destination_hub_id: uuid(m.destination),
    smartboard_quantity: wholeQuantity(m.quantity),
    bracket_quantity: wholeQuantity(m.quantity),
    image_count: intBetween(1, 2, m.minImages, m.maxImages),
    batch_number: z
      .string({ error: KEY.invalidCommand })
      .refine((s) => charLength(s) <= TEXT_BOUNDS.batch_number.max, { error: TEXT_BOUNDS.batch_number.message })
      .regex(new RegExp(`^${prefix}-[0-9]+$`), { error: KEY.invalidCommand }),
    // Issue 42: the TVs' serials, scanned into the truck (a hub that tracks them).
    tv_serials: tvSerials(),
  }));
}

type SeaPayload = z.output<ReturnType<typeof seaSchema>>;

async function predictSea(
  form: SeaForm,
  p: SeaPayload,
  ctx: PredictContext,
  strict: boolean,
): Promise<Change[]> {
  requireHub(ctx.actor, p.hub_id);
  const hub = await need(ctx, 'hubs', p.hub_id, keyed('hubNotFound'), strict);
  if (!hub) return [];
  const destination = await need(ctx, 'hubs', p.destination_hub_id, keyed('destinationHubNotFound'), strict);
  if (!destination) return [];
  if (!holds(destination.id !== hub.id, strict, keyed('destinationIsOrigin'))) return [];
  const status = otwForHub(destination);
  if (!holds(status !== null, strict, keyed('statusUndetermined')) || !status) return [];
  const vehicle = await departingVehicle(ctx, p.vehicle_id, p.hub_id, strict);
  if (!vehicle) return [];
  // Spec 8.2: the port forms do not fail over the inventory row; without a
  // warehouse at the hub there is none.
  const origin = firstWarehouseOf(await ctx.read.all('warehouses'), p.hub_id);
  const asked = { smartboards: p.smartboard_quantity, brackets: p.bracket_quantity };
  if (!(await batchAndStockHold(ctx, strict, p.shipment_id, p.batch_number, origin, asked))) return [];

  const shipment = newShipment(
    ctx,
    p.shipment_id,
    { hub, vehicle, destination, status },
    {
      batch_number: p.batch_number,
      smartboard_quantity: p.smartboard_quantity,
      bracket_quantity: p.bracket_quantity,
      etd: p.etd,
      eta: p.eta,
    },
    p.image_count,
  );
  const units = await loadSerials(ctx, strict, hub, shipment, p.tv_serials);
  if (!units) return [];
  const changes: Change[] = [
    { table: 'shipments', row: shipment },
    {
      table: 'containers',
      row: {
        ...newRowStamp(ctx, p.container_id),
        container_number: p.no_container,
        vessel_name: p.nama_kapal,
        shipping_line: p.pelayaran,
        shipment_id: shipment.id,
      },
    },
  ];
  if (origin)
    changes.push({ table: 'inventory', row: outgoingRow(ctx, p.inventory_id, origin.id, shipment) });
  changes.push({
    table: 'vehicles',
    row:
      form === 'poljak'
        ? // Spec 4.1: the PolJak form also stores the ship and the shipping line on the vehicle.
          {
            ...vehicle,
            sedang_muat: false,
            ready: false,
            nama_kapal: p.nama_kapal,
            nama_pelayaran: p.pelayaran,
          }
        : // Spec 4.1: the PolSub form also clears siap_muat.
          { ...vehicle, sedang_muat: false, ready: false, siap_muat: false },
  });
  changes.push(...units);
  return changes;
}

export const createShipmentPoljak = defineCommand({
  type: 'create_shipment_poljak',
  schema: seaSchema('poljak'),
  predict: (p, ctx, strict) => predictSea('poljak', p, ctx, strict),
});

export const createShipmentPolsub = defineCommand({
  type: 'create_shipment_polsub',
  schema: seaSchema('polsub'),
  predict: (p, ctx, strict) => predictSea('polsub', p, ctx, strict),
});

// set_shipment_image: sent by the upload queue once the photo is stored -------------

export const setShipmentImage = defineCommand({
  type: 'set_shipment_image',
  schema: z.object({
    shipment_id: uuid(KEY.shipmentNotFound),
    slot: z.enum(['delivery_record', 'bast'], { error: KEY.invalidCommand }),
    path: requiredText(KEY.invalidCommand, 'path'),
  }).refine((p) => isImagePathOf(p.path, p.shipment_id, p.slot), { error: KEY.invalidCommand }),
  async predict(p, ctx, strict) {
    const s = await need(ctx, 'shipments', p.shipment_id, keyed('shipmentNotFound'), strict);
    if (!s) return [];
    // The origin hub took the photos; staff may act for it (public.cmd_set_shipment_image).
    requireHub(ctx.actor, s.origin_hub_id);
    // Whether the object exists only the server can tell (upload_missing).
    const url = publicImagePath(p.path);
    return [
      {
        table: 'shipments',
        row:
          p.slot === 'delivery_record'
            ? { ...s, delivery_record_image_url: url, delivery_record: true }
            : { ...s, bast_image_url: url, bast: true },
      },
    ];
  },
});
