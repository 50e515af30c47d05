// Issue 25: the hub operations dialogs on the one form path. What their
// submissions are made of: a check's failure goes back as it is (its messages
// onto the fields), a passing check becomes its command with the spec's toasts;
// the shipping forms' quantities arrive as numbers (NumberField parses them).
import { describe, expect, it, vi } from 'vitest';
// The hook's module reaches the engine's context (and through it the Supabase client, which wants a window).
vi.mock('../../src/lib/sync-engine', () => ({ useSyncEngine: () => null }));
import { sendChecked } from '../../src/lib/writes/use-command-form';
import {
  checkAddSeaFleet,
  checkDaratForm,
  checkQueue,
  checkSeaForm,
  SEA_COMMAND,
} from '../../src/features/hub-ops/form-validation';
import * as demo from '../support/demo';

const HUB = demo.HUB.karawang;
const VEHICLE = demo.seedId.vehicle(10);
const WAREHOUSE = demo.WAREHOUSE.cikarang;
const DEST = demo.HUB.makassar;

describe('sendChecked', () => {
  it('sends nothing when the check fails: the failure with its messages per field', () => {
    const checked = checkAddSeaFleet(
      { vendor_id: '', nama_kapal: 'KM A', nama_pelayaran: '', container_number: 'C1' },
      HUB,
    );
    const submission = sendChecked('add_sea_fleet', checked, { success: 'ok' });
    expect(submission).toEqual({
      ok: false,
      first: 'Semua field harus diisi',
      errors: { vendor_id: 'Semua field harus diisi', nama_pelayaran: 'Semua field harus diisi' },
    });
  });

  it('sends a passing check as its command, with the toasts given', () => {
    const failure = (message: string) => `Gagal: ${message}`;
    const checked = checkQueue([VEHICLE], HUB);
    expect(sendChecked('queue_vehicles', checked, { success: '1 kendaraan', failure })).toEqual({
      command: 'queue_vehicles',
      payload: { hub_id: HUB, vehicle_ids: [VEHICLE] },
      success: '1 kendaraan',
      failure,
    });
    expect(sendChecked('queue_vehicles', checked)).toEqual({
      command: 'queue_vehicles',
      payload: { hub_id: HUB, vehicle_ids: [VEHICLE] },
    });
  });
});

describe('the shipping forms with numbers from their quantity inputs', () => {
  it('darat: numbers travel as they are; a negative one has its message', () => {
    const values = {
      destination_warehouse_id: WAREHOUSE,
      batch_number: 'KRW-1',
      smartboard_quantity: 12,
      bracket_quantity: 0,
    };
    const context = { hubId: HUB, vehicleId: VEHICLE, imageCount: 2 };
    const checked = checkDaratForm(values, context);
    expect(checked.ok && checked.payload).toMatchObject({ smartboard_quantity: 12, bracket_quantity: 0 });
    const negative = checkDaratForm({ ...values, bracket_quantity: -1 }, context);
    expect(!negative.ok && negative.errors.bracket_quantity).toBe('Must be 0 or greater');
  });

  it('sea: each form sends its own command', () => {
    const values = {
      pelayaran: 'Line',
      nama_kapal: 'KM A',
      no_container: 'C1',
      etd: '2026-11-21',
      eta: '2026-11-26',
      destination_hub_id: DEST,
      smartboard_quantity: 3,
      bracket_quantity: 4,
    };
    for (const form of ['poljak', 'polsub'] as const) {
      const checked = checkSeaForm(form, values, { hubId: HUB, vehicleId: VEHICLE, imageCount: 1, at: 1 });
      const submission = sendChecked(SEA_COMMAND[form], checked);
      expect(submission).toMatchObject({
        command: `create_shipment_${form}`,
        payload: { smartboard_quantity: 3, bracket_quantity: 4, batch_number: `${form.toUpperCase()}-1` },
      });
    }
  });
});
