// The working set's rule (issue 26, sync/domain/working-set.ts), by hand-computed cases: the
// same rule the server's pull applies (supabase/schemas/functions/working_set.sql).
import { issueText } from '../../sync/message';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  closedAt,
  cutoffAt,
  inWorkingSet,
  ledgerRowInSet,
  RETENTION_DAYS_MESSAGE,
  retentionSchema,
  shipmentInSet,
} from '../../sync/domain/working-set';

const shipment = (over: Partial<Parameters<typeof closedAt>[0]> = {}) => ({
  selesai_bongkar: false,
  status: 'otw_cikarang',
  deleted: false,
  unloading_finished_at: null,
  updated_at: '2026-11-20T03:00:00.000000+00:00',
  ...over,
});

// 2026-11-12 17:30 UTC is 2026-11-13 00:30 in Jakarta (UTC+7).
const cutoff = cutoffAt('2026-11-12T17:30:00.000Z');

describe('the cutoff', () => {
  it("dates the ledger by Jakarta's calendar", () => {
    expect(cutoff).toEqual({ at: '2026-11-12T17:30:00.000Z', date: '2026-11-13' });
    expect(cutoffAt('2026-11-12T16:59:59.999Z').date).toBe('2026-11-12');
  });
});

describe('when a shipment closed', () => {
  it('is null while open, whatever its age', () => {
    expect(closedAt(shipment())).toBeNull();
    expect(closedAt(shipment({ status: 'sedang_bongkar', unloading_finished_at: '2020-01-01T00:00:00Z' }))).toBeNull();
  });

  it('needs both selesai_bongkar and a final status (a row where they disagree is held)', () => {
    expect(closedAt(shipment({ selesai_bongkar: true, status: 'confirm_tiba' }))).toBeNull();
    expect(closedAt(shipment({ selesai_bongkar: false, status: 'selesai' }))).toBeNull();
  });

  it('is the unloading time, else (a void) the last write; a deleted one its last write', () => {
    const done = '2026-11-10T08:00:00+00:00';
    expect(closedAt(shipment({ selesai_bongkar: true, status: 'selesai', unloading_finished_at: done }))).toBe(done);
    expect(closedAt(shipment({ selesai_bongkar: true, status: 'selesai_pod', unloading_finished_at: done }))).toBe(done);
    expect(closedAt(shipment({ selesai_bongkar: true, status: 'dibatalkan' }))).toBe('2026-11-20T03:00:00.000000+00:00');
    expect(closedAt(shipment({ deleted: true, unloading_finished_at: done }))).toBe('2026-11-20T03:00:00.000000+00:00');
  });
});

describe('a shipment in the set', () => {
  const closed = (at: string) => shipment({ selesai_bongkar: true, status: 'selesai', unloading_finished_at: at });

  it('open: always', () => {
    expect(shipmentInSet(shipment({ updated_at: '2019-01-01T00:00:00Z' }), cutoff)).toBe(true);
  });

  it('closed at the cutoff stays, a microsecond before it leaves', () => {
    expect(shipmentInSet(closed('2026-11-12T17:30:00+00:00'), cutoff)).toBe(true);
    expect(shipmentInSet(closed('2026-11-12T17:29:59.999999+00:00'), cutoff)).toBe(false);
    expect(shipmentInSet(closed('2026-11-13T00:29:59+07:00'), cutoff)).toBe(false);
    expect(shipmentInSet(closed('2026-11-13T00:30:00.000001+07:00'), cutoff)).toBe(true);
  });

  it('a void by its last write', () => {
    const voided = shipment({ selesai_bongkar: true, status: 'dibatalkan', updated_at: '2026-11-12T17:31:00Z' });
    expect(shipmentInSet(voided, cutoff)).toBe(true);
    expect(shipmentInSet({ ...voided, updated_at: '2026-11-01T00:00:00Z' }, cutoff)).toBe(false);
  });
});

describe('a ledger row in the set', () => {
  const held = new Set(['s-held']);

  it("by its date, from the cutoff's Jakarta date on", () => {
    expect(ledgerRowInSet({ date_recorded: '2026-11-13', shipment_id: null }, cutoff, held)).toBe(true);
    expect(ledgerRowInSet({ date_recorded: '2026-11-12', shipment_id: null }, cutoff, held)).toBe(false);
    expect(ledgerRowInSet({ date_recorded: '2026-12-01', shipment_id: 's-gone' }, cutoff, held)).toBe(true);
  });

  it('older, while its shipment is held', () => {
    expect(ledgerRowInSet({ date_recorded: '2025-01-01', shipment_id: 's-held' }, cutoff, held)).toBe(true);
    expect(ledgerRowInSet({ date_recorded: '2025-01-01', shipment_id: 's-gone' }, cutoff, held)).toBe(false);
  });
});

describe('by table', () => {
  const held = new Set(['s-held']);
  it('master data and balances always; containers and handover records follow their shipment', () => {
    for (const table of ['hubs', 'warehouses', 'stock_balances', 'profiles', 'vehicles', 'vendors']) {
      expect(inWorkingSet(table, { id: 'x' }, cutoff, held), table).toBe(true);
    }
    for (const table of ['containers', 'shipment_documents', 'shipment_receipts', 'discrepancies']) {
      expect(inWorkingSet(table, { shipment_id: 's-held' }, cutoff, held), table).toBe(true);
      expect(inWorkingSet(table, { shipment_id: 's-gone' }, cutoff, held), table).toBe(false);
    }
    expect(inWorkingSet('inventory', { date_recorded: '2026-11-12', shipment_id: 's-held' }, cutoff, held)).toBe(true);
    expect(inWorkingSet('shipments', shipment(), cutoff, held)).toBe(true);
  });

  it('TV units (issue 42): in stock or on the way, whatever their shipment', () => {
    expect(inWorkingSet('tv_units', { state: 'in_stock', hub_id: 'h', shipment_id: null }, cutoff, held)).toBe(true);
    expect(inWorkingSet('tv_units', { state: 'in_transit', hub_id: null, shipment_id: 's-gone' }, cutoff, held)).toBe(
      true,
    );
  });

  it('a missing, damaged or delivered TV unit stays while its shipment is held, and leaves with it', () => {
    const unit = (state: string, hub_id: string | null, shipment_id: string | null) => ({ state, hub_id, shipment_id });
    expect(inWorkingSet('tv_units', unit('missing', null, 's-held'), cutoff, held)).toBe(true);
    expect(inWorkingSet('tv_units', unit('damaged', 'h', 's-held'), cutoff, held)).toBe(true);
    expect(inWorkingSet('tv_units', unit('missing', null, 's-gone'), cutoff, held)).toBe(false);
    expect(inWorkingSet('tv_units', unit('damaged', 'h', 's-gone'), cutoff, held)).toBe(false);
    expect(inWorkingSet('tv_units', unit('damaged', 'h', null), cutoff, held)).toBe(false);
    // Delivered at a POD (the end of custody): at the POD hub, yet not in its stock.
    expect(inWorkingSet('tv_units', unit('delivered', 'pod', 's-held'), cutoff, held)).toBe(true);
    expect(inWorkingSet('tv_units', unit('delivered', 'pod', 's-gone'), cutoff, held)).toBe(false);
  });
});

describe('the retention window an admin sets', () => {
  it('whole days from 1 to 365, refused in the server\'s words', () => {
    expect(retentionSchema.safeParse({ retention_days: 14 }).success).toBe(true);
    expect(retentionSchema.safeParse({ retention_days: 1 }).success).toBe(true);
    expect(retentionSchema.safeParse({ retention_days: 365 }).success).toBe(true);
    for (const bad of [0, 366, 2.5, Number.NaN]) {
      const result = retentionSchema.safeParse({ retention_days: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0] && issueText(result.error?.issues[0])).toBe(RETENTION_DAYS_MESSAGE);
    }
    const server = readFileSync('supabase/schemas/functions/working_set.sql', 'utf8');
    expect(server).toContain(`'${RETENTION_DAYS_MESSAGE}'`);
  });
});
