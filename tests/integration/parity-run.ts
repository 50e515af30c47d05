// A run of prediction-parity.test.ts (issue 4): its world as the device predicts it (a
// MemoryState from the server's master data), what it made, and its commands, each predicted
// strictly as dispatch does. A command the device refuses stays in the batch, to be refused by
// the server too.
import { expect } from 'vitest';
import type { z } from 'zod';
import { definitionOf } from '../../sync/commands/catalogue';
import type { Actor, Change, CommandEnvelope } from '../../sync/commands/types';
import { CommandRefused } from '../../sync/errors';
import type { TableName, Tables } from '../../sync/model/rows';
import { withBalances } from '../../sync/replication/balances';
import { MemoryState } from '../support/memory-state';
import { id, tag } from './commands-support';

/** The run's world as the model sees it: the local (predicted) state. */
export class Run {
  readonly state: MemoryState;
  readonly batch: { command: CommandEnvelope; refused: string | null }[] = [];
  readonly touched = new Map<string, Change>();
  readonly vehicleIds: string[] = [];
  readonly shipmentIds: string[] = [];
  readonly vendorIds: string[] = [];
  readonly tag = tag();

  constructor(
    readonly actor: Actor,
    master: Partial<{ [T in TableName]: Tables[T][] }>,
  ) {
    this.state = new MemoryState(master);
  }

  async vehicles() {
    return (await Promise.all(this.vehicleIds.map((v) => this.state.get('vehicles', v)))).filter(
      (v): v is Tables['vehicles'] => !!v && !v.deleted,
    );
  }

  async shipments() {
    return (await Promise.all(this.shipmentIds.map((s) => this.state.get('shipments', s)))).filter(
      (s): s is Tables['shipments'] => !!s,
    );
  }

  /** Predicts strictly, as dispatch does; a refused command stays in the batch to be refused by the server too. */
  async issue(type: string, payload: Record<string, unknown>): Promise<void> {
    const definition = definitionOf(type);
    const parsed = (definition.schema as z.ZodType).parse(payload);
    const command: CommandEnvelope = {
      id: id(),
      type,
      payload,
      issued_at: new Date().toISOString(),
      actor: this.actor.userId,
    };
    const ctx = { command, actor: this.actor, read: this.state };
    try {
      // As dispatch predicts: the command's rows, and the balances its ledger rows move.
      const predict = async (strict: boolean) =>
        withBalances(await definition.predict(parsed, ctx, strict), this.state, command.issued_at);
      const changes = await predict(true);
      // Replaying over the same state without the strict checks predicts the same.
      expect(await predict(false)).toEqual(changes);
      this.state.apply(changes);
      for (const change of changes) this.touched.set(`${change.table}:${change.row.id}`, change);
      this.batch.push({ command, refused: null });
    } catch (error) {
      if (!(error instanceof CommandRefused)) throw error;
      // Replayed without the strict checks (a rebase), it must change nothing either.
      const replayed = await definition.predict(parsed, ctx, false).catch((e: unknown) => {
        if (e instanceof CommandRefused) return [];
        throw e;
      });
      expect(replayed, `${type} refused (${error.message}) but predicted on replay`).toEqual([]);
      this.batch.push({ command, refused: `${error.code}: ${error.message}` });
    }
  }
}
