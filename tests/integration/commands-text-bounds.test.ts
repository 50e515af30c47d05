// Issue 40, "every stored text bounded": each command's text fields, one character over their
// bound, sent by every role through apply_commands. The server refuses with the words the
// device's schema gives for the same payload (sync/commands/text-bounds.ts and
// public.cmd_require_text_bound), or refuses a role that may not run the command at all
// (forbidden); nothing is written. At the
// bound the same command applies (for admin). Device-side bounds: tests/unit/text-bounds.test.ts.
import { issueText, messageText } from '../../sync/message';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { definitionOf } from '../../sync/commands/catalogue';
import { TEXT_BOUNDS, type TextField } from '../../sync/commands/text-bounds';
import { HUB, TRUCK_TYPE, TRUCK_VENDOR, WAREHOUSE } from '../support/demo';
import { hubCompletion, receipt, unloadingAtCikarang } from './handover-support';
import { as, closeDb, daratPayload, id, makeHub, makeVehicle, rowsWhere, seaPayload, tag } from './commands-support';

afterAll(closeDb);

type Payload = Record<string, unknown>;
interface Case {
  type: string;
  field: TextField;
  /** A payload the server would take, fresh ids each time. */
  make: () => Promise<Payload> | Payload;
  /** Where the field sits: the payload itself, or its `changes`. */
  inside?: 'changes';
}

const CASES: Case[] = [
  { type: 'add_vendor', field: 'name', make: () => ({ vendor_id: id(), name: `V ${tag()}` }) },
  { type: 'add_vendor', field: 'contact_person', make: () => ({ vendor_id: id(), name: `V ${tag()}` }) },
  { type: 'add_vendor', field: 'phone', make: () => ({ vendor_id: id(), name: `V ${tag()}` }) },
  {
    type: 'edit_vendor',
    field: 'phone',
    inside: 'changes',
    make: async () => ({ vendor_id: (await (await as('admin')).ok('add_vendor', { vendor_id: id(), name: `V ${tag()}` })).payload.vendor_id, changes: {} }),
  },
  { type: 'add_vehicle_type', field: 'name', make: () => ({ vehicle_type_id: id(), name: `T ${tag()}` }) },
  { type: 'add_hub', field: 'city', make: () => ({ hub_id: id(), name: `Hub ${tag()}` }) },
  {
    type: 'edit_hub',
    field: 'city',
    inside: 'changes',
    make: async () => ({ hub_id: (await makeHub(`Hub Batas ${tag()}`, null)).hubId, changes: {} }),
  },
  { type: 'add_warehouse', field: 'location', make: () => ({ warehouse_id: id(), name: `G ${tag()}`, hub_id: HUB.karawang }) },
  {
    type: 'add_inventory',
    field: 'batch_number',
    make: () => ({
      inventory_id: id(),
      warehouse_id: WAREHOUSE.karawang,
      date_recorded: '2026-11-20',
      smartboard_quantity: 1,
      bracket_quantity: 1,
    }),
  },
  ...(['license_plate', 'driver_name', 'driver_phone'] as const).map((field) => ({
    type: 'add_vehicle',
    field,
    make: () => ({
      vehicle_id: id(),
      vendor_id: TRUCK_VENDOR.id,
      mode: 'darat',
      license_plate: `B ${tag()}`,
      vehicle_type_id: TRUCK_TYPE,
      current_hub_id: HUB.karawang,
    }),
  })),
  {
    type: 'edit_vehicle',
    field: 'driver_name',
    inside: 'changes',
    make: async () => ({ vehicle_id: await makeVehicle(HUB.karawang), changes: {} }),
  },
  ...(['nama_kapal', 'nama_pelayaran', 'container_number'] as const).map((field) => ({
    type: 'add_sea_fleet',
    field,
    make: () => ({
      vehicle_id: id(),
      vendor_id: TRUCK_VENDOR.id,
      nama_kapal: 'KM Uji',
      nama_pelayaran: 'Pelni',
      container_number: `MSKU ${tag()}`,
      current_hub_id: HUB.poljak,
    }),
  })),
  {
    type: 'create_shipment_darat',
    field: 'batch_number',
    make: async () => daratPayload(HUB.karawang, await makeVehicle(HUB.karawang), WAREHOUSE.cikarang),
  },
  ...(['pelayaran', 'nama_kapal', 'no_container'] as const).map((field) => ({
    type: 'create_shipment_poljak',
    field,
    make: async () => seaPayload('poljak', HUB.poljak, await makeVehicle(HUB.poljak, {}, true), HUB.makassar),
  })),
  {
    type: 'complete_unloading',
    field: 'notes',
    make: async () => hubCompletion((await unloadingAtCikarang()).shipmentId, receipt()),
  },
];

const withText = (p: Payload, c: Case, text: string): Payload =>
  c.inside ? { ...p, [c.inside]: { ...(p[c.inside] as Payload), [c.field]: text } } : { ...p, [c.field]: text };

const deviceSays = (type: string, payload: Payload) => {
  const result = (definitionOf(type).schema as z.ZodType).safeParse(payload);
  return result.success ? null : (result.error.issues[0] ? issueText(result.error.issues[0]) : null);
};

/** The rows a payload's new ids would name (none may be written by a refusal). */
async function written(payload: Payload): Promise<number> {
  const ids = Object.entries(payload)
    .filter(([k, v]) => k.endsWith('_id') && typeof v === 'string')
    .map(([, v]) => v as string);
  const [r] = await rowsWhere<{ n: string }>(
    `select (select count(*) from public.vendors where id = any($1::uuid[]))
          + (select count(*) from public.vehicle_types where id = any($1::uuid[]))
          + (select count(*) from public.hubs where id = any($1::uuid[]) and created_at > now() - interval '1 hour')
          + (select count(*) from public.warehouses where id = any($1::uuid[]) and created_at > now() - interval '1 hour')
          + (select count(*) from public.inventory where id = any($1::uuid[]))
          + (select count(*) from public.shipments where id = any($1::uuid[])) as n`,
    [ids],
  );
  return Number(r!.n);
}

describe('a text one character over its bound', () => {
  for (const c of CASES) {
    it(`${c.type}.${c.field}: refused on every role with the device's words, nothing written`, async () => {
      const { max } = TEXT_BOUNDS[c.field];
      const message = messageText({ key: TEXT_BOUNDS[c.field].message });
      for (const who of ['admin', 'tower', 'karawang'] as const) {
        const payload = withText(await c.make(), c, 'a'.repeat(max + 1));
        expect(deviceSays(c.type, payload), `${c.type}.${c.field}`).toBe(message);
        const before = await written(payload);
        const outcome = await (await as(who)).run(c.type, payload);
        expect(outcome.outcome, `${who} ${c.type}.${c.field}`).toBe('rejected');
        // Refused for its text; a role that may not run the command at all (tower control and
        // hub users for the admin's master data) is refused for that first.
        if (who === 'admin' || outcome.code !== 'forbidden') {
          expect({ who, code: outcome.code, message: outcome.message }).toEqual({ who, code: 'validation', message });
        }
        expect(await written(payload)).toBe(before);
      }
      // At its bound, the same command applies (a text of its own: plates and names are unique).
      const payload = withText(await c.make(), c, `${tag()}${'a'.repeat(max)}`.slice(0, max));
      expect(deviceSays(c.type, payload)).toBeNull();
      expect(await (await as('admin')).run(c.type, payload), `${c.type}.${c.field} at ${max}`).toMatchObject({
        outcome: 'applied',
      });
    });
  }
});
