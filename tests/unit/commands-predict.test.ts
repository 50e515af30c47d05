// Predictions on a MemoryState, without a server: the rows a command would
// write, the refusals a device can already see (strict, at dispatch), and the
// quiet skip when a replay no longer fits (not strict, during a rebase).
// tests/integration/prediction-parity.test.ts holds them against the server.
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import { CommandRefused } from '../../sync/errors';
import type { Actor, Change } from '../../sync/commands/types';
import { MemoryState } from '../support/memory-state';
import { countedAsSent } from '../support/receipt';
import type { Shipment, Tables, Vehicle } from '../../sync/model/rows';
import { HUB, hubs, ID, stamp, WH, warehouses } from '../support/prediction-world';
import { shipmentRow, vehicleRow } from '../support/rows';

const truck: Vehicle = vehicleRow({
  ...stamp,
  id: ID(1),
  license_plate: 'T 1 KA',
  vendor_id: ID(9),
  current_hub_id: HUB(1),
  loading_finished_at: '2026-11-21T01:00:00.000Z',
});

const ISSUED = '2026-11-21T17:30:00.000Z'; // 00:30 on 22 Nov in Jakarta
const actors: Record<string, Actor> = {
  karawang: { userId: ID(100), role: 'hub_user', hubId: HUB(1) },
  cikarang: { userId: ID(101), role: 'hub_user', hubId: HUB(2) },
  makassar: { userId: ID(102), role: 'hub_user', hubId: HUB(5) },
  tower: { userId: ID(103), role: 'tower_control', hubId: null },
  admin: { userId: ID(104), role: 'admin', hubId: null },
};

function world(extra: Partial<{ [T in keyof Tables]: Tables[T][] }> = {}) {
  return new MemoryState({ hubs, warehouses, vehicles: [truck], ...extra });
}

async function predict(
  state: MemoryState,
  actor: Actor,
  type: string,
  payload: unknown,
  strict = true,
): Promise<Change[]> {
  const definition = definitionOf(type);
  const parsed = definition.schema.parse(payload);
  const command = { id: ID(500), type, payload, issued_at: ISSUED, actor: actor.userId };
  return definition.predict(parsed, { command, actor, read: state }, strict);
}

const byTable = (changes: Change[]) => Object.fromEntries(changes.map((c) => [c.table, c.row]));

describe('create_shipment_darat', () => {
  const payload = {
    hub_id: HUB(1),
    shipment_id: ID(10),
    vehicle_id: truck.id,
    destination_warehouse_id: WH(2),
    batch_number: ' KRW-1 ',
    smartboard_quantity: 5,
    bracket_quantity: 0,
    inventory_id: ID(11),
    image_count: 1,
  };

  it('predicts the shipment, the outgoing row dated in Jakarta and the vehicle flags', async () => {
    const rows = byTable(await predict(world(), actors.karawang!, 'create_shipment_darat', payload));
    expect(rows.shipments).toMatchObject({
      id: ID(10),
      status: 'otw_cikarang',
      batch_number: 'KRW-1',
      origin_hub_id: HUB(1),
      destination_hub_id: HUB(2),
      current_hub_id: HUB(1),
      vendor_id: ID(9),
      delivery_record: true,
      bast: false,
      loading_date: ISSUED,
    });
    expect(rows.inventory).toMatchObject({
      warehouse_id: WH(1),
      date_recorded: '2026-11-22',
      smartboard_quantity: -5,
      bracket_quantity: 0,
      shipment_id: ID(10),
    });
    expect(Object.is((rows.inventory as Tables['inventory']).bracket_quantity, -0)).toBe(false);
    expect(rows.vehicles).toMatchObject({ ready: false, sedang_muat: false, siap_muat: false });
  });

  it("refuses another hub's user, and a vehicle elsewhere (strict); skips it when replaying", async () => {
    await expect(predict(world(), actors.cikarang!, 'create_shipment_darat', payload)).rejects.toMatchObject({
      code: 'forbidden',
    });
    const elsewhere = world({ vehicles: [{ ...truck, current_hub_id: HUB(2) }] });
    await expect(
      predict(elsewhere, actors.karawang!, 'create_shipment_darat', payload),
    ).rejects.toBeInstanceOf(CommandRefused);
    expect(await predict(elsewhere, actors.karawang!, 'create_shipment_darat', payload, false)).toEqual([]);
  });

  it("refuses a destination it cannot name with the form's message", async () => {
    const state = world({
      hubs: [...hubs, { ...stamp, id: HUB(8), name: 'Hub Antara', city: null, type: 'hub' }],
      warehouses: [
        ...warehouses,
        { ...stamp, id: WH(8), name: 'Gudang Antara', location: null, hub_id: HUB(8), capacity: null },
      ],
    });
    await expect(
      predict(state, actors.karawang!, 'create_shipment_darat', {
        ...payload,
        destination_warehouse_id: WH(8),
      }),
    ).rejects.toThrow('Gagal menentukan status pengiriman dari tujuan gudang.');
  });
});

describe('arrival and POD', () => {
  const shipment: Shipment = shipmentRow({
    ...stamp,
    id: ID(20),
    batch_number: 'B-1',
    vehicle_id: truck.id,
    vendor_id: ID(9),
    origin_hub_id: HUB(1),
    destination_hub_id: HUB(2),
    current_hub_id: HUB(1),
    smartboard_quantity: 3,
    bracket_quantity: 4,
    status: 'otw_cikarang',
    loading_date: ISSUED,
  });

  it('confirm_arrival moves shipment and vehicle to the destination; a second one is refused', async () => {
    const state = world({ shipments: [shipment] });
    const changes = await predict(state, actors.cikarang!, 'confirm_arrival', {
      hub_id: HUB(2),
      shipment_id: shipment.id,
    });
    expect(byTable(changes)).toMatchObject({
      shipments: { status: 'confirm_tiba', arrival_gdt: ISSUED, current_hub_id: HUB(2) },
      vehicles: { current_hub_id: HUB(2) },
    });
    state.apply(changes);
    await expect(
      predict(state, actors.cikarang!, 'confirm_arrival', { hub_id: HUB(2), shipment_id: shipment.id }),
    ).rejects.toThrow('Kedatangan sudah dikonfirmasi');
    expect(
      await predict(
        state,
        actors.cikarang!,
        'confirm_arrival',
        { hub_id: HUB(2), shipment_id: shipment.id },
        false,
      ),
    ).toEqual([]);
  });

  it('complete_unloading books one row per item type above zero into the hub warehouse', async () => {
    const state = world({ shipments: [{ ...shipment, status: 'sedang_bongkar', bracket_quantity: 0 }] });
    const changes = await predict(state, actors.tower!, 'complete_unloading', {
      hub_id: HUB(2),
      shipment_id: shipment.id,
      notes: ' ok ',
      smartboard_inventory_id: ID(30),
      bracket_inventory_id: ID(31),
      receipt: countedAsSent(3, 0),
    });
    expect(changes.filter((c) => c.table === 'inventory').map((c) => c.row)).toEqual([
      expect.objectContaining({
        id: ID(30),
        warehouse_id: WH(2),
        smartboard_quantity: 3,
        bracket_quantity: 0,
      }),
    ]);
    expect(byTable(changes)).toMatchObject({
      shipments: { status: 'selesai', selesai_bongkar: true, notes: 'ok', unloading_finished_at: ISSUED },
      vehicles: { ready: true, siap_muat: false, sedang_muat: false },
    });
  });

  it('POD: only a user of a POD hub of the city; Makassar from otw_podmakasar', async () => {
    const pod = { ...shipment, destination_hub_id: HUB(5), status: 'otw_podmakasar' };
    const state = world({ shipments: [pod] });
    await expect(
      predict(state, actors.cikarang!, 'pod_confirm_arrival', { shipment_id: pod.id }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    const changes = await predict(state, actors.makassar!, 'pod_confirm_arrival', { shipment_id: pod.id });
    expect(byTable(changes)).toMatchObject({
      shipments: { status: 'confirm_tiba', arrival_destination: ISSUED, current_hub_id: HUB(5) },
      vehicles: { current_hub_id: HUB(5) },
    });
  });

  it("POD: 'Invalid status format' and 'Warehouse tidak ditemukan untuk kota {city}'", async () => {
    const tower = actors.tower!;
    const notOnTheWay = world({
      shipments: [{ ...shipment, destination_hub_id: HUB(5), status: 'pending' }],
    });
    await expect(
      predict(notOnTheWay, tower, 'pod_confirm_arrival', { shipment_id: shipment.id }),
    ).rejects.toThrow('Invalid status format');
    const noWarehouse = new MemoryState({
      hubs,
      warehouses: warehouses.filter((w) => w.id !== WH(5)),
      shipments: [{ ...shipment, destination_hub_id: HUB(5), status: 'sedang_bongkar' }],
    });
    await expect(
      predict(noWarehouse, tower, 'pod_complete', {
        shipment_id: shipment.id,
        smartboard_inventory_id: ID(30),
        bracket_inventory_id: ID(31),
        receipt: countedAsSent(3, 4),
      }),
    ).rejects.toThrow('Warehouse tidak ditemukan untuk kota Makassar');
  });
});

describe('a device refusal by key (issue 39)', () => {
  it('carries the server key and values beside the Indonesian sentence', async () => {
    const idle = world({ vehicles: [{ ...truck, ready: false }] });
    const refused = predict(idle, actors.karawang!, 'queue_vehicles', { hub_id: HUB(1), vehicle_ids: [truck.id] });
    await expect(refused).rejects.toBeInstanceOf(CommandRefused);
    await expect(refused).rejects.toMatchObject({
      code: 'precondition',
      keyed: { key: 'vehicleNotReady', params: { plate: 'T 1 KA' } },
      message: 'Kendaraan T 1 KA tidak siap untuk diantrikan.',
    });
    const elsewhere = predict(world(), actors.cikarang!, 'queue_vehicles', { hub_id: HUB(1), vehicle_ids: [truck.id] });
    await expect(elsewhere).rejects.toMatchObject({ code: 'forbidden', keyed: { key: 'forbiddenHub' } });
  });
});

describe('master data', () => {
  it('edit_vendor writes only the named fields', async () => {
    const vendor = { ...stamp, id: ID(9), name: 'PT A', contact_person: 'Budi', phone: '1' };
    const changes = await predict(new MemoryState({ vendors: [vendor] }), actors.admin!, 'edit_vendor', {
      vendor_id: vendor.id,
      changes: { phone: ' ' },
    });
    expect(changes).toEqual([{ table: 'vendors', row: { ...vendor, phone: null } }]);
  });

  it('spec 6: vendors are edited by admin only, vehicles edited and deleted by admin and tower control', async () => {
    const vendor = { ...stamp, id: ID(9), name: 'PT A', contact_person: 'Budi', phone: '1' };
    for (const actor of [actors.karawang!, actors.tower!]) {
      await expect(
        predict(new MemoryState({ vendors: [vendor] }), actor, 'edit_vendor', {
          vendor_id: vendor.id,
          changes: { phone: '2' },
        }),
      ).rejects.toMatchObject({ code: 'forbidden' });
    }
    const state = world();
    for (const [type, payload] of [
      ['edit_vehicle', { vehicle_id: truck.id, changes: { driver_name: 'X' } }],
      ['delete_vehicle', { vehicle_id: truck.id }],
    ] as const) {
      await expect(predict(state, actors.karawang!, type, payload)).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(predict(state, actors.tower!, type, payload)).resolves.toHaveLength(1);
    }
  });

  it('refuses a duplicate name it can see, and hub commands for non-admins', async () => {
    const vendor = { ...stamp, id: ID(9), name: 'PT A', contact_person: null, phone: null };
    await expect(
      predict(new MemoryState({ vendors: [vendor] }), actors.tower!, 'add_vendor', {
        vendor_id: ID(8),
        name: ' pt a ',
      }),
    ).rejects.toThrow('Vendor "pt a" sudah ada.');
    await expect(
      predict(world(), actors.tower!, 'add_hub', { hub_id: ID(7), name: 'Hub X' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it("add_vehicle puts a hub user's vehicle at its hub, ready and active", async () => {
    const vendor = { ...stamp, id: ID(9), name: 'PT A', contact_person: null, phone: null };
    const type = { ...stamp, id: ID(6), name: 'Truk Fuso' };
    const changes = await predict(
      world({ vendors: [vendor], vehicle_types: [type] }),
      actors.cikarang!,
      'add_vehicle',
      {
        vehicle_id: ID(40),
        vendor_id: vendor.id,
        mode: 'darat',
        license_plate: 'B 2 C',
        vehicle_type_id: type.id,
      },
    );
    expect(byTable(changes).vehicles).toMatchObject({
      current_hub_id: HUB(2),
      ready: true,
      is_active: true,
      siap_muat: false,
      sedang_muat: false,
      vehicle_type_id: type.id,
    });
  });
});
