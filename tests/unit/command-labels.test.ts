// Every command the app can send has a name in the audit trail.
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../sync';
import { COMMAND_TYPES, commandLabel } from '../../src/lib/command-labels';

describe('command labels', () => {
  it('name every command type of the catalogue, and only those', () => {
    expect([...COMMAND_TYPES].sort()).toEqual([...CATALOGUE.keys()].sort());
  });

  it('show an unknown (newer) type as its words', () => {
    expect(commandLabel('split_shipment')).toBe('split shipment');
    expect(commandLabel('confirm_arrival')).toBe('Confirm Tiba');
  });
});
