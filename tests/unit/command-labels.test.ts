// Every command the app can send has a name in the audit trail.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../sync';
import { COMMAND_TYPES, commandLabel } from '../../src/lib/command-labels';
import { setLanguage } from '../../src/lib/i18n';

describe('command labels', () => {
  it('name every command type of the catalogue, and only those', () => {
    expect([...COMMAND_TYPES].sort()).toEqual([...CATALOGUE.keys()].sort());
  });

  it('show an unknown (newer) type as its words', () => {
    expect(commandLabel('split_shipment')).toBe('split shipment');
    expect(commandLabel('confirm_arrival')).toBe('Confirm Tiba');
  });

  it('name the commands in English when the device speaks English (issue 30)', async () => {
    await setLanguage('en');
    try {
      expect(commandLabel('confirm_arrival')).toBe('Confirm Arrival');
      expect(commandLabel('undo_command')).toBe('Undo');
      expect(commandLabel('queue_vehicles')).toBe('Add to queue');
      expect(commandLabel('split_shipment')).toBe('split shipment');
    } finally {
      setLanguage('id');
    }
    expect(commandLabel('queue_vehicles')).toBe('Tambah ke antrian');
  });
});
