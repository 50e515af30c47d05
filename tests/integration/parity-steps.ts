// The model behind prediction-parity.test.ts (issue 4): the steps a run is made of, and how
// each step becomes a command on the run (parity-run.ts).
import fc from 'fast-check';
import { seaBatchNumber } from '../../sync/commands/shipping';
import { HUB, SEA_VENDOR, TRUCK_TYPE, TRUCK_VENDOR } from '../support/demo';
import { countedAsSent } from '../support/receipt';
import type { Tables } from '../../sync/model/rows';
import { id, remember } from './commands-support';
import type { Run } from './parity-run';

/** A shipment's counts: at least one item (issue 41: an empty one is refused by its schema). */
const loaded = (smartboards: number, brackets: number) => ({
  smartboard_quantity: smartboards,
  bracket_quantity: smartboards + brackets === 0 ? 1 : brackets,
});

const KINDS = [
  'add_vehicle',
  'add_sea_fleet',
  'queue',
  'start_loading',
  'remove_from_queue',
  'finish_loading',
  'ship_darat',
  'ship_sea',
  'confirm',
  'start_unloading',
  'complete_unloading',
  'pod_confirm',
  'pod_start',
  'pod_complete',
  'add_inventory',
  'set_capacity',
  'edit_vendor',
  'edit_vehicle',
  'confirm_any',
  'start_loading_any',
  // Takes one vehicle or shipment of the run a step further along its natural
  // course (weighted up, so runs reach the end of the flows).
  'advance',
] as const;
type Kind = (typeof KINDS)[number];

export interface Step {
  kind: Kind;
  pick: number;
  n1: number;
  n2: number;
  flag: boolean;
}

export const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant<Kind>('advance'), weight: 3 * KINDS.length },
    { arbitrary: fc.constantFrom(...KINDS), weight: KINDS.length },
  ),
  pick: fc.nat({ max: 1000 }),
  n1: fc.nat({ max: 60 }),
  n2: fc.nat({ max: 60 }),
  flag: fc.boolean(),
});

const pickFrom = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

export async function step(run: Run, s: Step): Promise<void> {
  const warehouses = (await run.state.all('warehouses')).filter(
    (w) => !w.deleted && w.hub_id && w.id.startsWith('22222222'),
  );
  const vehicles = await run.vehicles();
  const shipments = await run.shipments();
  const carrying = new Set(shipments.filter((x) => !x.selesai_bongkar).map((x) => x.vehicle_id));
  // The vehicles a shipping form may take: trucks loaded at one of the four hubs, sea fleets at a port.
  const fourHubs = [HUB.karawang, HUB.cikarang, HUB.poljak, HUB.polsub];
  const readyByLand = vehicles.filter(
    (y) =>
      !y.nama_kapal &&
      y.ready &&
      y.current_hub_id &&
      fourHubs.includes(y.current_hub_id as never) &&
      !carrying.has(y.id),
  );
  const readyBySea = vehicles.filter(
    (y) =>
      y.nama_kapal &&
      y.ready &&
      (y.current_hub_id === HUB.poljak || y.current_hub_id === HUB.polsub) &&
      !carrying.has(y.id),
  );

  switch (s.kind) {
    case 'add_vehicle': {
      const vehicleId = id();
      run.vehicleIds.push(vehicleId);
      return run.issue('add_vehicle', {
        vehicle_id: vehicleId,
        vendor_id: pickFrom([TRUCK_VENDOR.id, ...run.vendorIds], s.pick),
        mode: 'darat',
        license_plate: `P ${run.tag} ${run.vehicleIds.length}`,
        vehicle_type_id: TRUCK_TYPE,
        driver_name: s.flag ? ` Sopir ${s.n1} ` : '',
        current_hub_id: pickFrom(fourHubs, s.n1),
      });
    }
    case 'add_sea_fleet': {
      const vehicleId = id();
      run.vehicleIds.push(vehicleId);
      return run.issue('add_sea_fleet', {
        vehicle_id: vehicleId,
        vendor_id: SEA_VENDOR.id,
        nama_kapal: `KM ${run.tag}`,
        nama_pelayaran: 'Pelayaran Uji',
        container_number: `SEA ${run.tag} ${run.vehicleIds.length}`,
        current_hub_id: s.flag ? HUB.poljak : HUB.polsub,
      });
    }
    case 'queue': {
      const free = vehicles.filter((v) => v.ready && v.is_active);
      const v = pickFrom(free, s.pick);
      if (!v) return;
      const hub = v.nama_kapal
        ? pickFrom([HUB.poljak, HUB.polsub], s.n1)!
        : pickFrom([HUB.karawang, HUB.cikarang], s.n1)!;
      return run.issue('queue_vehicles', { hub_id: hub, vehicle_ids: [v.id] });
    }
    case 'start_loading':
    case 'remove_from_queue':
    case 'finish_loading': {
      const wanted = vehicles.filter((v) =>
        s.kind === 'start_loading'
          ? v.siap_muat
          : s.kind === 'finish_loading'
            ? v.sedang_muat
            : v.siap_muat || v.sedang_muat,
      );
      const v = pickFrom(wanted, s.pick);
      if (!v) return;
      const type = s.kind === 'start_loading' ? 'start_loading' : s.kind;
      return run.issue(type, { hub_id: v.current_hub_id, vehicle_id: v.id });
    }
    case 'ship_darat': {
      const v = pickFrom(readyByLand, s.pick);
      if (!v) return;
      const destination = pickFrom(
        warehouses.filter((w) => w.hub_id !== v.current_hub_id),
        s.n1 + s.n2,
      )!;
      const shipmentId = id();
      run.shipmentIds.push(shipmentId);
      remember(shipmentId);
      return run.issue('create_shipment_darat', {
        hub_id: v.current_hub_id,
        shipment_id: shipmentId,
        vehicle_id: v.id,
        destination_warehouse_id: destination.id,
        batch_number: ` TEST-${run.tag}-${run.shipmentIds.length} `,
        ...loaded(s.n1 % 3 === 0 ? 0 : s.n1, s.n2 % 4 === 0 ? 0 : s.n2),
        inventory_id: id(),
        image_count: s.pick % 3,
      });
    }
    case 'ship_sea': {
      const v = pickFrom(readyBySea, s.pick);
      if (!v) return;
      const form = v.current_hub_id === HUB.poljak ? 'poljak' : 'polsub';
      const shipmentId = id();
      run.shipmentIds.push(shipmentId);
      remember(shipmentId);
      const issuedAt = new Date().toISOString();
      return run.issue(`create_shipment_${form}`, {
        hub_id: v.current_hub_id,
        shipment_id: shipmentId,
        container_id: id(),
        inventory_id: id(),
        vehicle_id: v.id,
        pelayaran: s.flag ? 'Meratus' : 'Tanto',
        nama_kapal: `KM ${run.tag} ${s.n1}`,
        no_container: `MRTU ${run.tag} ${run.shipmentIds.length}`,
        etd: '2026-11-22',
        eta: '2026-12-01',
        destination_hub_id: s.n2 % 3 === 0 ? (form === 'poljak' ? HUB.polsub : HUB.poljak) : HUB.makassar,
        ...loaded(s.n1, s.n2),
        image_count: 1 + (s.pick % 2),
        batch_number: seaBatchNumber(form, issuedAt),
      });
    }
    case 'confirm':
    case 'start_unloading':
    case 'complete_unloading': {
      const status = {
        confirm: 'otw_',
        start_unloading: 'confirm_tiba',
        complete_unloading: 'sedang_bongkar',
      }[s.kind];
      const at = shipments.filter(
        (x) => x.status.startsWith(status) && x.destination_hub_id !== HUB.makassar,
      );
      const x = pickFrom(at, s.pick);
      if (!x) return;
      const base = { hub_id: x.destination_hub_id, shipment_id: x.id };
      if (s.kind === 'confirm') return run.issue('confirm_arrival', base);
      if (s.kind === 'start_unloading') return run.issue('start_unloading', base);
      return run.issue('complete_unloading', {
        ...base,
        notes: s.flag ? ` catatan ${s.n1} ` : '',
        smartboard_inventory_id: id(),
        bracket_inventory_id: id(),
        receipt: countedAsSent(x.smartboard_quantity, x.bracket_quantity),
      });
    }
    case 'pod_confirm':
    case 'pod_start':
    case 'pod_complete': {
      const status = { pod_confirm: 'otw_', pod_start: 'confirm_tiba', pod_complete: 'sedang_bongkar' }[
        s.kind
      ];
      const x = pickFrom(
        shipments.filter((y) => y.status.startsWith(status) && y.destination_hub_id === HUB.makassar),
        s.pick,
      );
      if (!x) return;
      if (s.kind === 'pod_confirm') return run.issue('pod_confirm_arrival', { shipment_id: x.id });
      if (s.kind === 'pod_start') return run.issue('pod_start_unloading', { shipment_id: x.id });
      return run.issue('pod_complete', {
        shipment_id: x.id,
        smartboard_inventory_id: id(),
        bracket_inventory_id: id(),
        receipt: countedAsSent(x.smartboard_quantity, x.bracket_quantity),
      });
    }
    case 'add_inventory':
      return run.issue('add_inventory', {
        inventory_id: id(),
        warehouse_id: pickFrom(warehouses, s.pick)!.id,
        date_recorded: `2026-11-${String(1 + (s.n1 % 28)).padStart(2, '0')}`,
        smartboard_quantity: s.n1,
        bracket_quantity: s.n2,
        batch_number: s.flag ? `MAN-${run.tag}` : ' ',
      });
    case 'set_capacity':
      return run.issue('set_warehouse_capacity', {
        warehouse_id: pickFrom(warehouses, s.pick)!.id,
        capacity: s.flag ? null : s.n1 * 100,
      });
    case 'edit_vendor': {
      if (run.vendorIds.length === 0 || s.flag) {
        const vendorId = id();
        run.vendorIds.push(vendorId);
        return run.issue('add_vendor', {
          vendor_id: vendorId,
          name: `PT Paritas ${run.tag} ${run.vendorIds.length}`,
          phone: '',
        });
      }
      const vendorId = pickFrom(run.vendorIds, s.pick)!;
      const changes =
        s.n1 % 3 === 0
          ? { phone: `08${s.n2}` }
          : s.n1 % 3 === 1
            ? { contact_person: s.n2 % 2 ? `Kontak ${s.n2}` : ' ' }
            : { name: `PT Paritas ${run.tag} ${vendorId.slice(0, 4)} ${s.n2}` };
      return run.issue('edit_vendor', { vendor_id: vendorId, changes });
    }
    case 'edit_vehicle': {
      const v = pickFrom(
        vehicles.filter((x) => !carrying.has(x.id)),
        s.pick,
      );
      if (!v) return;
      const changes = s.flag
        ? { is_active: !v.is_active }
        : { driver_name: `Sopir ${s.n1}`, driver_phone: s.n2 % 2 ? '' : '0812' };
      return run.issue('edit_vehicle', { vehicle_id: v.id, changes });
    }
    case 'confirm_any': {
      // Any shipment of the run, whatever its state: refused when it no longer fits.
      const x = pickFrom(shipments, s.pick);
      if (!x) return;
      return run.issue('confirm_arrival', { hub_id: x.destination_hub_id, shipment_id: x.id });
    }
    case 'advance': {
      // Half the time a shipment on its way, so runs reach arrivals and unloading.
      const open = shipments.filter((x) => !x.selesai_bongkar).map((shipment) => ({ shipment }));
      const items: ({ vehicle: Tables['vehicles'] } | { shipment: Tables['shipments'] })[] =
        s.flag && open.length
          ? open
          : [...vehicles.map((vehicle) => ({ vehicle })), ...shipments.map((shipment) => ({ shipment }))];
      const item = pickFrom(items, s.pick);
      if (!item) return;
      if ('shipment' in item) {
        const x = item.shipment;
        const pod = x.destination_hub_id === HUB.makassar;
        const kind: Kind | undefined = x.status.startsWith('otw_')
          ? pod
            ? 'pod_confirm'
            : 'confirm'
          : x.status === 'confirm_tiba'
            ? pod
              ? 'pod_start'
              : 'start_unloading'
            : x.status === 'sedang_bongkar'
              ? pod
                ? 'pod_complete'
                : 'complete_unloading'
              : undefined;
        const same = shipments.filter(
          (y) => y.status === x.status && (y.destination_hub_id === HUB.makassar) === pod,
        );
        if (kind) return step(run, { ...s, kind, pick: same.indexOf(x) });
        return;
      }
      const v = item.vehicle;
      if (v.siap_muat)
        return step(run, {
          ...s,
          kind: 'start_loading',
          pick: vehicles.filter((y) => y.siap_muat).indexOf(v),
        });
      if (v.sedang_muat) {
        return step(run, {
          ...s,
          kind: 'finish_loading',
          pick: vehicles.filter((y) => y.sedang_muat).indexOf(v),
        });
      }
      if (v.ready && v.is_active && !carrying.has(v.id)) {
        const loadedHere = v.loading_finished_at !== null;
        if (!loadedHere)
          return step(run, {
            ...s,
            kind: 'queue',
            pick: vehicles.filter((y) => y.ready && y.is_active).indexOf(v),
          });
        if (v.nama_kapal) {
          if (readyBySea.includes(v))
            return step(run, { ...s, kind: 'ship_sea', pick: readyBySea.indexOf(v) });
        } else if (readyByLand.includes(v)) {
          return step(run, { ...s, kind: 'ship_darat', pick: readyByLand.indexOf(v) });
        }
        return step(run, {
          ...s,
          kind: 'queue',
          pick: vehicles.filter((y) => y.ready && y.is_active).indexOf(v),
        });
      }
      return;
    }
    case 'start_loading_any': {
      const v = pickFrom(vehicles, s.pick);
      if (!v || !v.current_hub_id) return;
      return run.issue('start_loading', { hub_id: v.current_hub_id, vehicle_id: v.id });
    }
  }
}

const advance = (pick: number, flag: boolean, n2 = 0): Step => ({ kind: 'advance', pick, n1: 0, n2, flag });
/**
 * A fixed first example, so every run of the test covers each flow end to end
 * whatever the random seed: the truck is queued, loaded and shipped to
 * Cikarang, arrives and is unloaded; the sea unit is queued, loaded and
 * shipped from PolJak to POD Makassar, arrives and is unloaded; then edits,
 * stock, and a confirmation that no longer fits (refused by both).
 */
export const EVERY_FLOW: Step[] = [
  ...[0, 1, 2, 3].map(() => advance(0, false)),
  ...[0, 1, 2].map(() => advance(0, true)),
  ...[0, 1, 2, 3].map(() => advance(1, false, 1)),
  ...[0, 1, 2].map(() => advance(0, true)),
  { kind: 'edit_vendor', pick: 0, n1: 1, n2: 1, flag: false },
  { kind: 'edit_vendor', pick: 0, n1: 0, n2: 5, flag: false },
  { kind: 'edit_vehicle', pick: 0, n1: 3, n2: 1, flag: false },
  { kind: 'add_inventory', pick: 2, n1: 4, n2: 0, flag: true },
  { kind: 'confirm_any', pick: 0, n1: 0, n2: 0, flag: false },
];
