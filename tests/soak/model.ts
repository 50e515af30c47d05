// The model of the hub flow the soak's tablets follow (issue 13): from what a
// tablet sees in its local view, the transitions open to it at its hub, one of
// them chosen by the seeded random. Two tablets of one hub act on the same
// vehicles, so their commands conflict as on a real floor.
import { randomUUID } from 'node:crypto';
import type { Actor, AnyCommand, Shipment, Vehicle } from '../../sync';
import { HUB } from '../support/demo';

/** One command a soak tablet sends: its type and payload checked against the catalogue. */
export type Step = AnyCommand;

export interface LocalView {
  vehicles: Vehicle[];
  shipments: Shipment[];
}

const pick = <T>(random: () => number, items: readonly T[]): T | undefined =>
  items.length ? items[Math.floor(random() * items.length)] : undefined;

/** The next command of a tablet, or null when nothing is open to it right now. */
export function nextStep(actor: Actor, view: LocalView, random: () => number, prefix = ''): Step | null {
  if (actor.role !== 'hub_user' || !actor.hubId) {
    // Desk users: the master data (vendors), named so the checker can find them.
    const id = randomUUID();
    return { type: 'add_vendor', payload: { vendor_id: id, name: `Soak ${id.slice(0, 8)}`, contact_person: null, phone: null } };
  }
  const hub = actor.hubId;
  // With a prefix, only the run's own rows (a shared stack's seeded rows stay as they are).
  const here = view.vehicles.filter(
    (v) => !v.deleted && v.current_hub_id === hub && (v.license_plate ?? '').startsWith(prefix),
  );
  const options: Step[] = [];
  const ready = here.filter((v) => v.is_active && v.ready && !v.siap_muat && !v.sedang_muat);
  const queued = here.filter((v) => v.siap_muat);
  const loading = here.filter((v) => v.sedang_muat);
  const q = pick(random, ready);
  if (q) options.push({ type: 'queue_vehicles', payload: { hub_id: hub, vehicle_ids: [q.id] } });
  const s = pick(random, queued);
  if (s) {
    options.push({ type: 'start_loading', payload: { hub_id: hub, vehicle_id: s.id } });
    if (random() < 0.3) options.push({ type: 'remove_from_queue', payload: { hub_id: hub, vehicle_id: s.id } });
  }
  const l = pick(random, loading);
  if (l) options.push({ type: 'finish_loading', payload: { hub_id: hub, vehicle_id: l.id } });
  const arriving = view.shipments.filter(
    (x) => !x.deleted && x.destination_hub_id === hub && !x.selesai_bongkar && x.batch_number.startsWith(prefix),
  );
  const otw = pick(random, arriving.filter((x) => x.status.startsWith('otw_')));
  if (otw) options.push({ type: 'confirm_arrival', payload: { hub_id: hub, shipment_id: otw.id } });
  const arrived = pick(random, arriving.filter((x) => x.status === 'confirm_tiba'));
  if (arrived) options.push({ type: 'start_unloading', payload: { hub_id: hub, shipment_id: arrived.id } });
  const unloading = pick(random, arriving.filter((x) => x.status === 'sedang_bongkar'));
  if (unloading) {
    options.push({
      type: 'complete_unloading',
      payload: {
        hub_id: hub,
        shipment_id: unloading.id,
        notes: null,
        smartboard_inventory_id: randomUUID(),
        bracket_inventory_id: randomUUID(),
        // Counted as sent (issue 40: the receipt is required).
        receipt: {
          receipt_id: randomUUID(),
          smartboard_received: unloading.smartboard_quantity,
          bracket_received: unloading.bracket_quantity,
          smartboard_damaged: 0,
          bracket_damaged: 0,
          receiver_name: 'Penerima Soak',
          driver_name: 'Sopir Soak',
          receiver_signature_id: randomUUID(),
          driver_signature_id: randomUUID(),
          signed_at: new Date().toISOString(),
        },
      },
    });
  }
  return pick(random, options) ?? null;
}

/** A photo a tablet takes: a shipment that left its hub, a slot not yet photographed on it. */
export function nextPhoto(
  actor: Actor,
  shipments: Array<{ id: string; origin_hub_id: string | null; batch_number: string }>,
  taken: Set<string>,
  random: () => number,
  prefix = '',
): { shipmentId: string; slot: 'delivery_record' | 'bast' } | null {
  if (actor.role !== 'hub_user' || !actor.hubId) return null;
  const open = shipments
    .filter((s) => s.origin_hub_id === actor.hubId && s.batch_number.startsWith(prefix))
    .flatMap((s) => (['delivery_record', 'bast'] as const).map((slot) => ({ shipmentId: s.id, slot })))
    .filter((p) => !taken.has(`${p.shipmentId}/${p.slot}`));
  return pick(random, open) ?? null;
}

/**
 * Poisoned commands, as a broken or tampered client would write them straight
 * into its outbox (never checked on the device): text PostgreSQL or PostgREST
 * cannot take, a command the server does not know, fields of the wrong type,
 * another hub's vehicle, another user's name. Each must be refused with a code
 * (on the server, or as unsendable on the device) and never block the ones behind it.
 */
export const POISON_KINDS = ['nul', 'lone_surrogate', 'unknown_type', 'wrong_types', 'other_hub', 'forged_actor'] as const;
export type PoisonKind = (typeof POISON_KINDS)[number];

const OTHER_HUB = HUB.polsub;
const SOMEONE_ELSE = '00000000-0000-4000-8000-0000000000ff';

export function poisoned(
  actor: Actor,
  n: number,
  random: () => number,
): { kind: PoisonKind; command: { id: string; type: string; payload: Record<string, unknown>; actor: string } } {
  const kind = POISON_KINDS[n % POISON_KINDS.length]!;
  const id = randomUUID();
  const tag = Math.floor(random() * 1e9).toString(36);
  const base = { id, actor: actor.userId };
  switch (kind) {
    case 'nul':
      return { kind, command: { ...base, type: 'add_vendor', payload: { vendor_id: randomUUID(), name: `Racun\u0000${tag}` } } };
    case 'lone_surrogate':
      return { kind, command: { ...base, type: 'add_vendor', payload: { vendor_id: randomUUID(), name: `Racun\ud800${tag}` } } };
    case 'unknown_type':
      return { kind, command: { ...base, type: 'drop_all_shipments', payload: { tag } } };
    case 'wrong_types':
      return { kind, command: { ...base, type: 'queue_vehicles', payload: { hub_id: actor.hubId ?? 42, vehicle_ids: 'semua' } } };
    case 'other_hub':
      return {
        kind,
        command: { ...base, type: 'queue_vehicles', payload: { hub_id: actor.hubId === OTHER_HUB ? HUB.karawang : OTHER_HUB, vehicle_ids: [randomUUID()] } },
      };
    case 'forged_actor':
      return { kind, command: { ...base, actor: SOMEONE_ELSE, type: 'add_vendor', payload: { vendor_id: randomUUID(), name: `Racun ${tag}` } } };
  }
}
