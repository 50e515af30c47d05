// Undo on the device (issue 29, sync/replication/undo.ts): a floor command still in the
// outbox and never sent is withdrawn (the rows as before the tap, nothing ever reaches the
// server); one already on its way cannot be, and its undo is the inverse command, sent
// after it. The engine against a stand-in server that records every apply_commands call.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../sync';
import type { Vehicle } from '../../sync/model/rows';
import { stamped, vehicleRow } from '../support/rows';
import { standInEngine } from '../support/stand-in-engine';

const HUB = '11111111-0000-4000-8000-00000000000a';
const VEHICLE = '44444444-0000-4000-8000-00000000000b';
const actor = { userId: 'aaaaaaaa-0000-4000-8000-000000000003', role: 'hub_user' as const, hubId: HUB };
const queued: Vehicle = vehicleRow({
  ...stamped('2026-11-24T08:00:00.000Z', '7'),
  id: VEHICLE,
  license_plate: 'B 9021 UND',
  driver_name: 'Sopir',
  vendor_id: 'vendor-1',
  current_hub_id: HUB,
  ready: false,
  siap_muat: true,
  queued_at: '2026-11-24T08:01:00.000Z',
});

interface Sent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/** The server: apply_commands applies everything (held back while `hold` is set); the rest fails. */
function standIn() {
  const calls: Sent[][] = [];
  let release: (() => void) | null = null;
  let holding = false;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (!req.url?.includes('/rpc/apply_commands')) {
        res.writeHead(503).end('{}');
        return;
      }
      const commands = (JSON.parse(body) as { commands: Sent[] }).commands;
      calls.push(commands);
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            results: commands.map((c) => ({ id: c.id, outcome: 'applied', code: null, message: null })),
            xid: '100',
          }),
        );
      if (holding) release = answer;
      else answer();
    });
  });
  return {
    server,
    calls,
    sent: () => calls.flat(),
    hold: () => (holding = true),
    release: () => {
      holding = false;
      release?.();
      release = null;
    },
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function engineAt(url: string): Promise<SyncEngine> {
  const engine = await standInEngine(url, actor, 3_600_000);
  await engine.local.db.vehicles.insert(queued as never);
  return engine;
}

const row = async (engine: SyncEngine) => (await engine.local.db.vehicles.findOne(VEHICLE).exec())?.toJSON();
const outbox = (engine: SyncEngine) => engine.local.store.outbox.orderBy('seq').toArray();

describe('undo on the device', { timeout: 30_000 }, () => {
  let engine: SyncEngine | undefined;
  let server: Server | undefined;
  const navigatorBefore = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const setOnline = (onLine: boolean) =>
    Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true, writable: true });

  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    if (navigatorBefore) Object.defineProperty(globalThis, 'navigator', navigatorBefore);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });

  it('withdraws a command the device never sent: the row as before, nothing reaches the server', async () => {
    const fake = standIn();
    server = fake.server;
    const url = await listen(server);
    // Offline: the rounds fail without a call leaving the device.
    setOnline(false);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    engine = await engineAt(url);
    const before = await row(engine);

    const { id } = await engine.dispatch('remove_from_queue', { hub_id: HUB, vehicle_id: VEHICLE });
    expect(await row(engine)).toMatchObject({ siap_muat: false, ready: true, queued_at: null });
    // A round tries to push while offline and fails; the command stays withdrawable.
    await engine.syncNow();
    expect((await outbox(engine)).map((e) => [e.id, e.sent ?? false, e.attempts > 0])).toEqual([
      [id, false, true],
    ]);

    expect(await engine.undo(id)).toEqual({ kind: 'withdrawn' });
    expect(await row(engine)).toEqual(before);
    expect(await outbox(engine)).toEqual([]);

    // Back online with the server up again: nothing to send.
    setOnline(true);
    server = fake.server;
    await new Promise<void>((resolve) => server!.listen(Number(new URL(url).port), '127.0.0.1', resolve));
    await engine.syncNow();
    expect(fake.sent()).toEqual([]);
  });

  it('cannot withdraw a command on its way: its undo is the inverse, sent after it', async () => {
    const fake = standIn();
    server = fake.server;
    engine = await engineAt(await listen(server));
    fake.hold();
    const { id } = await engine.dispatch('remove_from_queue', { hub_id: HUB, vehicle_id: VEHICLE });
    await expect.poll(() => fake.sent().map((c) => c.id)).toEqual([id]);
    expect((await outbox(engine))[0]).toMatchObject({ id, sent: true, state: 'pending' });

    const undone = await engine.undo(id);
    expect(undone.kind).toBe('inverse');
    // The inverse shows the row as it was at once (its own prediction).
    expect(await row(engine)).toMatchObject({ siap_muat: true, ready: false, queued_at: queued.queued_at });
    expect((await outbox(engine)).map((e) => e.type)).toEqual(['remove_from_queue', 'undo_command']);

    fake.release();
    await expect
      .poll(() => fake.sent().map((c) => c.type), { timeout: 10_000 })
      .toEqual(['remove_from_queue', 'undo_command']);
    const inverse = fake.sent()[1]!;
    expect(inverse.payload).toMatchObject({ command_id: id, hub_id: HUB });
  });

  it('has nothing to undo for a command it does not know (another tab, too long ago)', async () => {
    const fake = standIn();
    server = fake.server;
    engine = await engineAt(await listen(server));
    await expect(engine.undo(crypto.randomUUID())).rejects.toThrow(
      'Waktu untuk mengurungkan tindakan ini sudah lewat.',
    );
  });
});
