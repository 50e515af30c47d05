// The device's side of undo_command (sync/commands/undo.ts): its prediction puts back the
// fields the undone command changed, removes the rows it made, and sees (at dispatch) when
// a row moved on since; times are compared by instant, and the command's own times are left
// to the server (it clamps the device's clock).
import { describe, expect, it } from 'vitest';
import { definitionOf } from '../../sync/commands/catalogue';
import { changedFields, stillAsLeft, type UndoRow } from '../../sync/commands/undo';
import { CommandRefused } from '../../sync/errors';
import type { Actor } from '../../sync/commands/types';
import type { InventoryRow, Shipment } from '../../sync/model/rows';
import { MemoryState } from '../support/memory-state';

const SHIPMENT = '99999999-0000-4000-8000-000000000001';
const STOCK = '99999999-0000-4000-8000-000000000002';
const actor: Actor = { userId: 'aaaaaaaa-0000-4000-8000-000000000001', role: 'hub_user', hubId: 'hub' };
const otw = {
  id: SHIPMENT,
  created_at: '2026-11-26T01:00:00+00:00',
  updated_at: '2026-11-26T01:00:00+00:00',
  deleted: false,
  change_xid: '7',
  batch_number: 'B-1',
  status: 'otw_cikarang',
  arrival_gdt: null,
  current_hub_id: 'karawang',
} as unknown as Shipment;
// As the device predicted it (Z) ...
const arrived = { ...otw, status: 'confirm_tiba', arrival_gdt: '2026-11-26T02:00:00.000Z', current_hub_id: 'cikarang' };
// ... and as the pull wrote it (PostgreSQL's form, a clamped time, new stamps).
const pulled = { ...arrived, arrival_gdt: '2026-11-26T01:59:58.5+00:00', updated_at: '2026-11-26T02:00:01+00:00', change_xid: '9' };
const stock = {
  id: STOCK,
  created_at: '2026-11-26T02:00:00.000Z',
  updated_at: '2026-11-26T02:00:00.000Z',
  deleted: false,
  change_xid: '0',
  warehouse_id: 'gudang',
  date_recorded: '2026-11-26',
  smartboard_quantity: 12,
  bracket_quantity: 0,
  batch_number: 'B-1',
  shipment_id: SHIPMENT,
} as unknown as InventoryRow;

const rows: UndoRow[] = [
  { table: 'shipments', id: SHIPMENT, before: otw as never, after: arrived as never },
  { table: 'inventory', id: STOCK, before: null, after: stock as never },
];
const command = (payload: object) => ({
  id: crypto.randomUUID(),
  type: 'undo_command',
  payload,
  issued_at: '2026-11-26T02:00:05.000Z',
  actor: actor.userId,
});

async function predict(state: MemoryState, strict: boolean) {
  const definition = definitionOf('undo_command');
  const payload = definition.schema.parse({ command_id: crypto.randomUUID(), rows });
  return definition.predict(payload as never, { command: command(payload as object), actor, read: state }, strict);
}

describe('undo_command on the device', () => {
  it('names what the command changed, and knows a row still as it left it', () => {
    expect(changedFields(rows[0]!).sort()).toEqual(['arrival_gdt', 'current_hub_id', 'status']);
    expect(stillAsLeft(rows[0]!, pulled as never)).toBe(true);
    expect(stillAsLeft(rows[0]!, { ...pulled, status: 'sedang_bongkar' } as never)).toBe(false);
    expect(stillAsLeft(rows[0]!, undefined)).toBe(false);
  });

  it('puts the changed fields back on the row as pulled, and removes the rows the command made', async () => {
    const changes = await predict(new MemoryState({ shipments: [pulled as never], inventory: [stock] }), true);
    expect(changes).toEqual([
      { table: 'shipments', row: { ...pulled, status: 'otw_cikarang', arrival_gdt: null, current_hub_id: 'karawang' } },
      { table: 'inventory', row: { ...stock, deleted: true } },
    ]);
  });

  it('refuses at dispatch, and predicts nothing on replay, once a row moved on', async () => {
    const moved = new MemoryState({ shipments: [{ ...pulled, status: 'sedang_bongkar' } as never], inventory: [stock] });
    await expect(predict(moved, true)).rejects.toThrow(CommandRefused);
    await expect(predict(moved, true)).rejects.toThrow('Tidak dapat diurungkan: data sudah berubah sejak tindakan ini.');
    expect(await predict(moved, false)).toEqual([]);
  });
});
